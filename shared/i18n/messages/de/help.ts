import type en from '../en/help';
import type { Translation } from '../translation';

export default {
  'help.title': 'Hilfe',
  'help.intro': 'Kurze Antworten zur Anwesenheitserfassung mit Rollbook. Alles hier funktioniert ohne Verbindung.',
  'help.pagesLabel': 'Hilfeseiten',
  'help.backToList': 'Alle Hilfeseiten',
  'help.back': 'Zurück',
  'help.loading': 'Hilfe wird geöffnet…',
  'help.notLoaded': 'Die Hilfe konnte nicht geöffnet werden: Ihre Seiten wurden nicht geladen. Versuchen Sie es mit Verbindung erneut.',
  'help.whatDoesThisMean': 'Was bedeutet das?',
  'help.howDoesThisWork': 'Wie funktioniert das?',
  'help.onASharedComputer': 'Abmelden an einem Computer, den andere nutzen',
} satisfies Translation<typeof en>;
