import type en from '../en/scan';
import type { Translation } from '../translation';

export default {
  'scan.open': 'مسح البطاقات',
  'scan.close': 'إيقاف المسح',
  'scan.heading': 'مسح البطاقات عند الباب',
  'scan.field': 'البطاقة',
  'scan.hint': 'اترك المؤشر هنا ومرّر كل بطاقة على القارئ: يكتب رقمها ثم Enter. يصلح الرقم الجامعي أو اسم المستخدم أو المفتاح الخارجي.',
  'scan.status': '{status, select, Present {حاضر} Absent {غائب} Late {متأخر} Excused {بعذر} other {{status}}}',
  'scan.markAs': 'تسجيل كـ',
  'scan.sound': 'الصوت',
  'scan.marked': '{name}: {status}',
  'scan.already': '{name} مسجّل مسبقًا {status}: لم يتغير شيء',
  'scan.unknown': 'لا يوجد طالب في هذا المقرر يحمل البطاقة {card}',
  'scan.several': 'البطاقة {card} تطابق {count} طلاب؛ سجّلهم من القائمة',
  'scan.empty': 'لم يرسل القارئ شيئًا: امسح البطاقة مرة أخرى',
  'scan.unknownHeading': '{count, plural, zero {لا بطاقات غير معروفة} one {بطاقة واحدة غير معروفة} two {بطاقتان غير معروفتين} few {# بطاقات غير معروفة} many {# بطاقة غير معروفة} other {# بطاقة غير معروفة}}، للمراجعة لاحقًا',
  'scan.unknownAt': '{card} في {time}',
} satisfies Translation<typeof en>;
