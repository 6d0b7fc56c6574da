import type en from '../en/language';
import type { Translation } from '../translation';

export default {
  'language.heading': 'Taal',
  'language.label': 'Taal van Rollbook',
  'language.system': 'Zoals het systeem: {name}',
  'language.hint': 'Rollbook start zijn venster opnieuw om van taal te wisselen. Niets wat u hebt vastgelegd gaat verloren.',
  'language.learnAccount': 'Uw Learn-account is ingesteld op <b>{name}</b>.',
  'language.useLearn': '{name} gebruiken',
} satisfies Translation<typeof en>;
