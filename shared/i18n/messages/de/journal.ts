import type en from '../en/journal';
import type { Translation } from '../translation';

export default {
  'journal.recovered':
    'Der Browser hatte die Daten von Rollbook gelöscht. {count, plural, one {# Änderung, die noch nicht an Learn gesendet war, wurde} other {# Änderungen, die noch nicht an Learn gesendet waren, wurden}} aus der Sicherheitskopie von Rollbook wiederhergestellt und werden bei der nächsten Synchronisierung gesendet.',
  'journal.full': 'Die Sicherheitskopie von Rollbook für Änderungen, die auf Learn warten, ist voll: Ihre neuesten Änderungen sind nur in diesem Browser gespeichert. Synchronisieren Sie, um Wartendes zu senden.',
} satisfies Translation<typeof en>;
