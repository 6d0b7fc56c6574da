import type en from '../en/accessibility';
import type { Translation } from '../translation';

export default {
  'accessibility.weekHeading': 'La semaine à venir',
  'accessibility.weekOpening': 'Cette semaine (jusqu’au {end}) : {count, plural, one {# fichier s’ouvre} other {# fichiers s’ouvrent}}',
  'accessibility.weekLow': ', {count} sous {score}',
  'accessibility.weekUnscored': ', {count} encore sans score Ally',
  'accessibility.noScoreYet': 'Pas encore de score Ally',
  'accessibility.noScore': 'sans score',
} satisfies Translation<typeof en>;
