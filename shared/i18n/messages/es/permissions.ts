import type en from '../en/permissions';
import type { Translation } from '../translation';

export default {
  'permission.viewAttendance': 'el permiso para ver la asistencia en los cursos',
  'permission.takeAttendance': 'el permiso para tomar asistencia en los cursos',
  'permission.changeAttendance': 'el permiso para cambiar la asistencia en los cursos',
  'permission.deleteAttendance': 'el permiso para eliminar reuniones de asistencia en los cursos',
  'permission.viewRoster': 'el permiso para ver la lista de participantes del curso',
  'permission.viewContent': 'el permiso para ver el contenido del curso',
  'permission.createContent': 'el permiso para crear contenido del curso',
  'permission.changeContent': 'el permiso para cambiar el contenido del curso',
  'permission.changeAvailability': 'el permiso para cambiar cuándo está disponible el contenido',
  'permission.viewReleaseRules': 'el permiso para ver las reglas de publicación adaptable',
  'permission.addReleaseRules': 'el permiso para añadir reglas de publicación',
  'permission.changeReleaseRules': 'el permiso para cambiar reglas de publicación',
  'permission.deleteReleaseRules': 'el permiso para eliminar reglas de publicación',
  'permission.changeReleasedTo': 'el permiso para cambiar a quién se publica el contenido',
  'permission.viewCalendar': 'el permiso para ver el calendario del curso',
  'permission.viewCalendarEntries': 'el permiso para ver las entradas del calendario del curso',
  'permission.viewSystemAnnouncements': 'el permiso para ver los anuncios del sistema',
  'permission.changeAnyCourse': 'el permiso para cambiar cualquier curso (un permiso de administrador)',
  'permission.changeGradebook': 'el permiso para cambiar el libro de calificaciones',
  'permission.createAssessments': 'el permiso para crear exámenes y actividades',
  'permission.changeAssessments': 'el permiso para cambiar exámenes y actividades',
  'permission.deployAssessments': 'el permiso para poner exámenes y actividades en el contenido',
  'permission.viewEnrollments': 'el permiso para ver las inscripciones en los cursos',
  'permission.named': 'un permiso (nombre en Learn: {entitlement})',
} satisfies Translation<typeof en>;
