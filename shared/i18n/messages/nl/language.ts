import type en from '../en/language';
import type { Translation } from '../translation';

export default {
  'language.heading': 'Taal',
  'language.label': 'Taal van Rollbook',
  'language.system': 'Zoals het systeem: {name}',
  'language.hint': 'Rollbook start zijn venster opnieuw om van taal te wisselen. Niets wat u hebt vastgelegd gaat verloren.',
} satisfies Translation<typeof en>;
