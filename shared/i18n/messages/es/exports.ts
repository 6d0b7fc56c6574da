import type en from '../en/exports';
import type { Translation } from '../translation';

export default {
  'exports.heading': 'Exportar',
  'exports.forExcel': 'Para Excel (así los nombres conservan sus tildes al abrir el archivo en Excel)',
  'exports.separator': 'Separador',
  'exports.comma': 'Coma',
  'exports.semicolon': 'Punto y coma (Excel donde el separador decimal es la coma)',
  'exports.saveGrid': 'Exportar cuadrícula',
  'exports.saveLong': 'Exportar registros (uno por fila)',
  'exports.saveReport': 'Exportar informe',
  'exports.name': 'Estudiante',
  'exports.userName': 'Usuario',
  'exports.studentId': 'ID de estudiante',
  'exports.present': 'Presente',
  'exports.absent': 'Ausente',
  'exports.late': 'Tarde',
  'exports.excused': 'Justificado',
  'exports.notMarked': 'Sin marcar',
  'exports.rate': '% de asistencia',
  'exports.overAbsences': 'Más de {max} ausencias',
  'exports.yes': 'Sí',
  'exports.no': 'No',
  'exports.fileGrid': '{code} cuadrícula de asistencia {date}',
  'exports.fileLong': '{code} registros de asistencia {date}',
  'exports.fileReport': '{code} informe de asistencia {date}',
} satisfies Translation<typeof en>;
