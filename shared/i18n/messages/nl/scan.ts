import type en from '../en/scan';
import type { Translation } from '../translation';

export default {
  'scan.open': 'Kaarten scannen',
  'scan.close': 'Stoppen met scannen',
  'scan.heading': 'Kaarten scannen bij de deur',
  'scan.field': 'Kaart',
  'scan.hint': 'Laat de cursor hier en haal of houd elke kaart langs de lezer: die typt het nummer en Enter. Studentnummer, gebruikersnaam of externe sleutel werkt.',
  'scan.status': '{status, select, Present {Aanwezig} Absent {Afwezig} Late {Te laat} Excused {Geoorloofd afwezig} other {{status}}}',
  'scan.markAs': 'Noteren als',
  'scan.sound': 'Geluid',
  'scan.marked': '{name}: {status}',
  'scan.already': '{name} staat al op {status}: niets veranderd',
  'scan.unknown': 'Geen student in deze cursus heeft kaart {card}',
  'scan.several': 'Kaart {card} past bij {count} studenten; noteer ze in de lijst',
  'scan.empty': 'De lezer stuurde niets: scan de kaart opnieuw',
  'scan.unknownHeading': '{count, plural, one {# onbekende kaart} other {# onbekende kaarten}}, om later na te kijken',
  'scan.unknownAt': '{card} om {time}',
} satisfies Translation<typeof en>;
