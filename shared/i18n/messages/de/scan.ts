import type en from '../en/scan';
import type { Translation } from '../translation';

export default {
  'scan.open': 'Karten scannen',
  'scan.close': 'Scannen beenden',
  'scan.heading': 'Karten an der Tür scannen',
  'scan.field': 'Karte',
  'scan.hint': 'Lassen Sie den Cursor hier und ziehen oder halten Sie jede Karte an den Leser: Er tippt ihre Nummer und Enter. Matrikelnummer, Benutzername oder externer Schlüssel funktionieren.',
  'scan.status': '{status, select, Present {Anwesend} Absent {Abwesend} Late {Verspätet} Excused {Entschuldigt} other {{status}}}',
  'scan.markAs': 'Erfassen als',
  'scan.sound': 'Ton',
  'scan.marked': '{name}: {status}',
  'scan.already': '{name} ist bereits {status}: nichts geändert',
  'scan.unknown': 'Niemand in diesem Kurs hat die Karte {card}',
  'scan.several': 'Die Karte {card} passt zu {count} Studierenden; erfassen Sie sie in der Liste',
  'scan.empty': 'Der Leser hat nichts gesendet: Karte erneut scannen',
  'scan.unknownHeading': '{count, plural, one {# unbekannte Karte} other {# unbekannte Karten}}, später prüfen',
  'scan.unknownAt': '{card} um {time}',
} satisfies Translation<typeof en>;
