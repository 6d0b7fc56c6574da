import type en from '../en/content';
import type { Translation } from '../translation';

export default {
  'content.viewAsLabel': 'عرض المقرر الدراسي بصفة',
  'content.viewAsInstructor': 'المعلم (كل شيء)',
  'content.viewAsStudent': 'الطالب: {name}',
  'content.viewAsGroup': 'المجموعة: {name}',
  'content.viewAsGroupsHint': 'تظهر المجموعات هنا بعد فتح قائمة إصدار على هذا الجهاز.',
  'content.viewAsReadingStudent': 'يبيّن كل عنصر ما إذا كان {name} يراه الآن، أو منذ متى، أو لماذا لا، وفق ما يحفظه هذا الجهاز.',
  'content.viewAsReadingGroup': 'يبيّن كل عنصر ما إذا كان عضو في «{name}» يراه الآن، أو منذ متى، أو لماذا لا، وفق ما يحفظه هذا الجهاز.',
  'content.reading': 'كيف يقرأ Rollbook شروط الإصدار التكيفي (لا تذكر مستندات Learn ذلك): على الطالب استيفاء كل شروط القاعدة، وتكفي أي قاعدة واحدة، والمجلد المغلق أمام الطلاب يغلق كل ما فيه. «شروط الإصدار لم تُقرأ بعد»: لم تُفتح تفاصيل العنصر على هذا الجهاز قط؛ افتحها مرة واحدة أثناء الاتصال لتضمين شروطه.',
  'content.seesNow': 'يراه الآن',
  'content.seesFrom': 'يراه من {at}',
  'content.seesUntil': '، حتى {until}',
  'content.rulesUnread': ' (شروط الإصدار لم تُقرأ بعد)',
  'content.seesNot': 'لا يراه: {why}',
  'content.cannotTell': 'لا يستطيع Rollbook الجزم: {why}',
} satisfies Translation<typeof en>;
