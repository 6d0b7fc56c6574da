import type en from '../en/accessibility';
import type { Translation } from '../translation';

export default {
  'accessibility.weekHeading': 'Die kommende Woche',
  'accessibility.weekOpening': 'Diese Woche (bis {end}): {count, plural, one {# Datei wird geöffnet} other {# Dateien werden geöffnet}}',
  'accessibility.weekLow': ', {count} unter {score}',
  'accessibility.weekUnscored': ', {count} noch ohne Ally-Bewertung',
  'accessibility.noScoreYet': 'Noch keine Ally-Bewertung',
  'accessibility.noScore': 'keine Bewertung',
} satisfies Translation<typeof en>;
