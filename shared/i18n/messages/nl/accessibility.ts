import type en from '../en/accessibility';
import type { Translation } from '../translation';

export default {
  'accessibility.weekHeading': 'De komende week',
  'accessibility.weekOpening': 'Deze week (tot {end}): {count, plural, one {# bestand gaat open} other {# bestanden gaan open}}',
  'accessibility.weekLow': ', {count} onder {score}',
  'accessibility.weekUnscored': ', {count} nog zonder Ally-score',
  'accessibility.noScoreYet': 'Nog geen Ally-score',
  'accessibility.noScore': 'geen score',
} satisfies Translation<typeof en>;
