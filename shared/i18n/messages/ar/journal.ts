import type en from '../en/journal';
import type { Translation } from '../translation';

export default {
  'journal.recovered':
    'كان المتصفح قد مسح بيانات Rollbook. {count, plural, zero {لم يُستعد أي تغيير} one {استُعيد تغيير واحد لم يُرسل بعد إلى Learn} two {استُعيد تغييران لم يُرسلا بعد إلى Learn} few {استُعيدت # تغييرات لم تُرسل بعد إلى Learn} many {استُعيد # تغييرًا لم يُرسل بعد إلى Learn} other {استُعيد # تغيير لم يُرسل بعد إلى Learn}} من النسخة الاحتياطية لـ Rollbook، وسيُرسل عند المزامنة التالية.',
  'journal.full': 'النسخة الاحتياطية في Rollbook للتغييرات التي تنتظر الإرسال إلى Learn ممتلئة، لذا تُحفظ أحدث تغييراتك في هذا المتصفح فقط. زامن لإرسال ما ينتظر.',
} satisfies Translation<typeof en>;
