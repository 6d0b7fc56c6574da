import type en from '../en/exports';
import type { Translation } from '../translation';

export default {
  'exports.heading': 'Exporter',
  'exports.forExcel': 'Pour Excel (les noms gardent leurs accents quand Excel ouvre le fichier)',
  'exports.separator': 'Séparateur',
  'exports.comma': 'Virgule',
  'exports.semicolon': 'Point-virgule (Excel là où la virgule est le séparateur décimal)',
  'exports.saveGrid': 'Exporter la grille',
  'exports.saveLong': 'Exporter les relevés (un par ligne)',
  'exports.saveReport': 'Exporter le rapport',
  'exports.name': 'Étudiant',
  'exports.userName': "Nom d'utilisateur",
  'exports.studentId': "Numéro d'étudiant",
  'exports.present': 'Présent',
  'exports.absent': 'Absent',
  'exports.late': 'En retard',
  'exports.excused': 'Excusé',
  'exports.notMarked': 'Non saisi',
  'exports.rate': '% de présence',
  'exports.overAbsences': 'Plus de {max} absences',
  'exports.yes': 'Oui',
  'exports.no': 'Non',
  'exports.fileGrid': '{code} grille de présence {date}',
  'exports.fileLong': '{code} relevés de présence {date}',
  'exports.fileReport': '{code} rapport de présence {date}',
} satisfies Translation<typeof en>;
