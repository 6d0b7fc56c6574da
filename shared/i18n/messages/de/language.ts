import type en from '../en/language';
import type { Translation } from '../translation';

export default {
  'language.heading': 'Sprache',
  'language.label': 'Sprache von Rollbook',
  'language.system': 'Wie das System: {name}',
  'language.hint': 'Rollbook startet sein Fenster neu, um die Sprache zu wechseln. Nichts Erfasstes geht verloren.',
  'language.learnAccount': 'Ihr Learn-Konto ist auf <b>{name}</b> eingestellt.',
  'language.useLearn': '{name} verwenden',
} satisfies Translation<typeof en>;
