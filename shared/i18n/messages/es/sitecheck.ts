import type en from '../en/sitecheck';
import type { Translation } from '../translation';

export default {
  'sitecheck.name.courses': 'Inicio de sesión y lista de cursos',
  'sitecheck.name.roster': 'Listas de clase',
  'sitecheck.name.attendance': 'Reuniones y asistencia',
  'sitecheck.name.content': 'Contenido del curso',
  'sitecheck.name.adaptiveRelease': 'Publicación adaptable',
  'sitecheck.name.calendar': 'Calendario',
  'sitecheck.name.announcements': 'Anuncios del sistema',
  'sitecheck.name.ally': 'Informes de accesibilidad (Ally)',

  'sitecheck.notAllowed.courses': 'Su rol en este sitio no permite ver la lista de sus cursos. Pida al administrador de Learn el permiso para ver las inscripciones en cursos.',
  'sitecheck.notAllowed.roster': 'Su rol en este sitio no permite leer las listas de clase. Pida al administrador de Learn el permiso para ver la lista de clase del curso.',
  'sitecheck.notAllowed.attendance': 'Su rol en este sitio no permite consultar ni tomar la asistencia. Pida al administrador de Learn el permiso para ver la asistencia en los cursos.',
  'sitecheck.notAllowed.content': 'Su rol en este sitio no permite leer el contenido del curso. Pida al administrador de Learn el permiso para ver el contenido del curso.',
  'sitecheck.notAllowed.adaptiveRelease': 'Su rol en este sitio no permite leer las reglas de publicación adaptable. Pida al administrador de Learn el permiso para ver las reglas de publicación adaptable.',
  'sitecheck.notAllowed.calendar': 'Su rol en este sitio no permite leer el calendario. Pida al administrador de Learn el permiso para ver el calendario del curso.',
  'sitecheck.notAllowed.announcements': 'Su rol en este sitio no permite leer los anuncios del sistema. Pida al administrador de Learn el permiso para ver los anuncios del sistema.',

  'sitecheck.notEnabled.courses': 'El inicio de sesión y la lista de cursos no están activados en este sitio de Learn (Learn respondió «no encontrado»). Pregunte al administrador de Learn si se pueden activar.',
  'sitecheck.notEnabled.roster': 'Las listas de clase no están activadas en este sitio de Learn (Learn respondió «no encontrado»). Pregunte al administrador de Learn si se pueden activar.',
  'sitecheck.notEnabled.attendance': 'Las reuniones y la asistencia no están activadas en este sitio de Learn (Learn respondió «no encontrado»). Pregunte al administrador de Learn si se pueden activar.',
  'sitecheck.notEnabled.content': 'El contenido del curso no está activado en este sitio de Learn (Learn respondió «no encontrado»). Pregunte al administrador de Learn si se puede activar.',
  'sitecheck.notEnabled.adaptiveRelease': 'La publicación adaptable no está activada en este sitio de Learn (Learn respondió «no encontrado»). Pregunte al administrador de Learn si se puede activar.',
  'sitecheck.notEnabled.calendar': 'El calendario no está activado en este sitio de Learn (Learn respondió «no encontrado»). Pregunte al administrador de Learn si se puede activar.',
  'sitecheck.notEnabled.announcements': 'Los anuncios del sistema no están activados en este sitio de Learn (Learn respondió «no encontrado»). Pregunte al administrador de Learn si se pueden activar.',

  'sitecheck.noAnswer': 'Learn no respondió a la comprobación ({error}). Vuelva a comprobarlo más tarde.',
  'sitecheck.noCourse': 'No imparte ningún curso en este sitio, así que esto no se comprobó.',
  'sitecheck.coursesUnread': 'No se pudo obtener la lista de sus cursos, así que esto no se comprobó.',
  'sitecheck.release.noContent': '{course} no tiene contenido con el que comprobar la publicación adaptable.',
  'sitecheck.release.contentUnread': 'No se pudo leer el contenido del curso, así que la publicación adaptable no se comprobó.',

  'sitecheck.ally.notConfigured': 'Ally no está configurado para este sitio en Rollbook. Pida al servicio de informática el archivo de despliegue con allyClientId y allySecret (docs/deploying.md, sección 4).',
  'sitecheck.ally.refused': 'Ally rechazó el id. de cliente y el secreto que Rollbook tiene para este sitio. Pida al servicio de informática que revise allyClientId y allySecret en el archivo de despliegue.',
  'sitecheck.ally.noAnswer': 'Ally no respondió a la comprobación ({error}). Vuelva a comprobarlo más tarde.',
  'sitecheck.ally.silent': 'Ally no respondió a la comprobación (sin respuesta). Vuelva a comprobarlo más tarde.',
} satisfies Translation<typeof en>;
