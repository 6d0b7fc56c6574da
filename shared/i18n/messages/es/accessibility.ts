import type en from '../en/accessibility';
import type { Translation } from '../translation';

export default {
  'accessibility.weekHeading': 'La semana próxima',
  'accessibility.weekOpening': 'Esta semana (hasta el {end}): {count, plural, one {se abre # archivo} other {se abren # archivos}}',
  'accessibility.weekLow': ', {count} por debajo del {score}',
  'accessibility.weekUnscored': ', {count} aún sin puntuación de Ally',
  'accessibility.noScoreYet': 'Aún sin puntuación de Ally',
  'accessibility.noScore': 'sin puntuación',
} satisfies Translation<typeof en>;
