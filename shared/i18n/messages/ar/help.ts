import type en from '../en/help';
import type { Translation } from '../translation';

export default {
  'help.title': 'المساعدة',
  'help.intro': 'إجابات قصيرة عن تسجيل الحضور باستخدام Rollbook. كل ما هنا يعمل دون اتصال.',
  'help.pagesLabel': 'صفحات المساعدة',
  'help.backToList': 'كل صفحات المساعدة',
  'help.back': 'رجوع',
  'help.loading': 'جارٍ فتح المساعدة…',
  'help.notLoaded': 'تعذّر فتح المساعدة: لم تُحمَّل صفحاتها. حاول مرة أخرى عند الاتصال.',
  'help.whatDoesThisMean': 'ما معنى هذا؟',
  'help.howDoesThisWork': 'كيف يعمل هذا؟',
  'help.onASharedComputer': 'تسجيل الخروج على حاسوب يستخدمه آخرون',
} satisfies Translation<typeof en>;
