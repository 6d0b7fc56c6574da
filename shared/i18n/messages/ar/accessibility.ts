import type en from '../en/accessibility';
import type { Translation } from '../translation';

export default {
  'accessibility.weekHeading': 'الأسبوع القادم',
  'accessibility.weekOpening': 'هذا الأسبوع (حتى {end}): {count, plural, zero {لا ملفات تُفتح} one {يُفتح ملف واحد} two {يُفتح ملفان} few {تُفتح # ملفات} many {يُفتح # ملفًا} other {يُفتح # ملف}}',
  'accessibility.weekLow': '، {count} دون {score}',
  'accessibility.weekUnscored': '، {count} بلا درجة Ally بعد',
  'accessibility.noScoreYet': 'لا درجة Ally بعد',
  'accessibility.noScore': 'بلا درجة',
} satisfies Translation<typeof en>;
