import type en from '../en/scan';
import type { Translation } from '../translation';

export default {
  'scan.open': 'Karten scannen',
  'scan.close': 'Scannen beenden',
  'scan.heading': 'Karten an der Tür scannen',
  'scan.field': 'Karte',
  'scan.hint': 'Lassen Sie den Cursor hier und ziehen oder halten Sie jede Karte an den Leser: Er tippt ihre Nummer und Enter. Matrikelnummer, Benutzername oder externer Schlüssel funktionieren.',
  'scan.markAs': 'Erfassen als',
  'scan.sound': 'Ton',
  'scan.marked': '<b>{name}</b>: {status}',
  'scan.already': '<b>{name}</b> ist bereits {status}: nichts geändert',
  'scan.unknown': 'Niemand in diesem Kurs hat die Karte {card}',
  'scan.several': 'Die Karte {card} passt zu {count} Teilnehmern; erfassen Sie sie in der Liste',
  'scan.empty': 'Der Leser hat nichts gesendet: Karte erneut scannen',
  'scan.unknownHeading': '{count, plural, one {# unbekannte Karte} other {# unbekannte Karten}}, später prüfen',
  'scan.unknownAt': '{card} um {time}',
} satisfies Translation<typeof en>;
