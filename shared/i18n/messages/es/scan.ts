import type en from '../en/scan';
import type { Translation } from '../translation';

export default {
  'scan.open': 'Escanear tarjetas',
  'scan.close': 'Dejar de escanear',
  'scan.heading': 'Escanear tarjetas en la puerta',
  'scan.field': 'Tarjeta',
  'scan.hint': 'Deje el cursor aquí y pase o acerque cada tarjeta: el lector escribe su número y Intro. Sirve el ID de estudiante, el usuario o la clave externa.',
  'scan.status': '{status, select, Present {Presente} Absent {Ausente} Late {Retraso} Excused {Justificado} other {{status}}}',
  'scan.markAs': 'Marcar como',
  'scan.sound': 'Sonido',
  'scan.marked': '{name}: {status}',
  'scan.already': '{name} ya figura como {status}: no ha cambiado nada',
  'scan.unknown': 'Ningún estudiante de este curso tiene la tarjeta {card}',
  'scan.several': 'La tarjeta {card} corresponde a {count} estudiantes; márquelos en la lista',
  'scan.empty': 'El lector no envió nada: vuelva a pasar la tarjeta',
  'scan.unknownHeading': '{count, plural, one {# tarjeta desconocida} other {# tarjetas desconocidas}}, para revisar después',
  'scan.unknownAt': '{card} a las {time}',
} satisfies Translation<typeof en>;
