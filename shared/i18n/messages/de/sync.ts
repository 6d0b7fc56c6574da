import type en from '../en/sync';
import type { Translation } from '../translation';

export default {
  'sync.notSignedIn': 'Rollbook ist nicht bei Learn angemeldet: Melden Sie sich an, dann wird es gesendet.',
  'sync.connectionDropped': 'die Verbindung brach ab, bevor Learn antwortete (Rollbook prüft, was Learn hat, bevor es erneut sendet); es wird bei der nächsten Synchronisierung erneut gesendet.',
  'sync.unreachable': 'Learn war nicht erreichbar; es wird bei der nächsten Synchronisierung erneut gesendet.',
  'sync.timeout': 'Learn hat nicht rechtzeitig geantwortet; es wird bei der nächsten Synchronisierung erneut gesendet.',
  'sync.stopped': 'die Synchronisierung wurde vor dem Senden beendet; es wird bei der nächsten Synchronisierung erneut gesendet.',
  'sync.notUnderstood': 'Learn hat auf eine Weise geantwortet, die Rollbook nicht versteht (siehe Details, und bitte melden Sie es).',
  'sync.usedUp': 'Learn nimmt keine Anfragen von Rollbook mehr an, bis das Limit der Website erneuert wird (das tägliche Anfragelimit der Website ist aufgebraucht); es wird bei der ersten Synchronisierung danach erneut gesendet.',
  'sync.askedToWait': 'Learn hat Rollbook gebeten, vor weiteren Sendungen zu warten; es wird bei der ersten Synchronisierung danach erneut gesendet.',
  'sync.slowDown': 'Learn hat Rollbook gebeten, langsamer zu senden; es wird bei der nächsten Synchronisierung erneut gesendet.',
  'sync.hadProblem': 'Learn hatte ein Problem; es wird bei der nächsten Synchronisierung erneut gesendet.',
  'sync.newSignIn': 'Learn verlangt eine neue Anmeldung; es wird bei der nächsten Synchronisierung erneut gesendet.',
  'sync.roleNotAllowed': 'Ihre Rolle in Learn erlaubt das nicht; bitten Sie Ihre Learn-Administration um die Berechtigung.',
  'sync.gone': 'Learn hat es nicht mehr: Es wurde in Learn vielleicht gelöscht oder verschoben.',
  'sync.changedMeanwhile': 'es wurde gleichzeitig in Learn geändert; aktualisieren Sie und versuchen Sie es erneut.',
  'sync.refusedSaid': 'Learn hat es abgelehnt („{said}“); korrigieren Sie es hier, oder fragen Sie Ihre Learn-Administration, wenn es richtig aussieht.',
  'sync.refused': 'Learn hat es abgelehnt; korrigieren Sie es hier, oder fragen Sie Ihre Learn-Administration, wenn es richtig aussieht.',
  'sync.notSentYet': 'Noch nicht gesendet: Die Synchronisierung wurde beendet, bevor diese Änderung gesendet wurde. Sie wird beim nächsten Mal gesendet.',
  'sync.meetingFirst': 'sein Termin ist noch nicht bei Learn angekommen; es wird danach gesendet.',
} satisfies Translation<typeof en>;
