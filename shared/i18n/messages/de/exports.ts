import type en from '../en/exports';
import type { Translation } from '../translation';

export default {
  'exports.heading': 'Exportieren',
  'exports.forExcel': 'Für Excel (damit Namen ihre Umlaute und Akzente behalten, wenn Excel die Datei öffnet)',
  'exports.separator': 'Trennzeichen',
  'exports.comma': 'Komma',
  'exports.semicolon': 'Semikolon (Excel, wo das Dezimalzeichen ein Komma ist)',
  'exports.saveGrid': 'Liste exportieren',
  'exports.saveLong': 'Einträge exportieren (einer pro Zeile)',
  'exports.saveReport': 'Bericht exportieren',
  'exports.name': 'Name',
  'exports.userName': 'Benutzername',
  'exports.studentId': 'Matrikelnummer',
  'exports.present': 'Anwesend',
  'exports.absent': 'Abwesend',
  'exports.late': 'Verspätet',
  'exports.excused': 'Entschuldigt',
  'exports.notMarked': 'Nicht erfasst',
  'exports.rate': 'Anwesenheit in %',
  'exports.overAbsences': 'Mehr als {max} Fehltermine',
  'exports.yes': 'Ja',
  'exports.no': 'Nein',
  'exports.fileGrid': '{code} Anwesenheitsliste {date}',
  'exports.fileLong': '{code} Anwesenheitseinträge {date}',
  'exports.fileReport': '{code} Anwesenheitsbericht {date}',
} satisfies Translation<typeof en>;
