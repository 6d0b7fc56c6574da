import type en from '../en/language';
import type { Translation } from '../translation';

export default {
  'language.heading': 'Langue',
  'language.label': 'Langue de Rollbook',
  'language.system': 'Comme le système : {name}',
  'language.hint': 'Rollbook redémarre sa fenêtre pour changer de langue. Rien de ce que vous avez enregistré n’est perdu.',
  'language.learnAccount': 'Votre compte Learn est en <b>{name}</b>.',
  'language.useLearn': 'Utiliser {name}',
} satisfies Translation<typeof en>;
