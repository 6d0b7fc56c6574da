import type en from '../en/content';
import type { Translation } from '../translation';

export default {
  'content.viewAsLabel': 'Ver el curso como',
  'content.viewAsInstructor': 'Profesor (todo)',
  'content.viewAsStudent': 'Estudiante: {name}',
  'content.viewAsGroup': 'Grupo: {name}',
  'content.viewAsGroupsHint': 'Los grupos aparecen aquí cuando se ha abierto una lista de publicación en este dispositivo.',
  'content.viewAsReadingStudent': 'Cada elemento indica si {name} lo ve ahora, desde cuándo o por qué no, según lo que guarda este dispositivo.',
  'content.viewAsReadingGroup': 'Cada elemento indica si un miembro de «{name}» lo ve ahora, desde cuándo o por qué no, según lo que guarda este dispositivo.',
  'content.reading': 'Cómo lee Rollbook las condiciones de publicación adaptable (los documentos de Learn no lo dicen): un estudiante debe cumplir todas las condiciones de una regla, basta con cualquier regla, y una carpeta cerrada a los estudiantes cierra todo lo que contiene. «Condiciones de publicación aún no leídas»: los detalles del elemento nunca se abrieron en este dispositivo; ábralos una vez con conexión para incluir sus condiciones.',
  'content.seesNow': 'Lo ve ahora',
  'content.seesFrom': 'Lo ve desde el {at}',
  'content.seesUntil': ', hasta el {until}',
  'content.rulesUnread': ' (condiciones de publicación aún no leídas)',
  'content.seesNot': 'No lo ve: {why}',
  'content.cannotTell': 'Rollbook no puede saberlo: {why}',
} satisfies Translation<typeof en>;
