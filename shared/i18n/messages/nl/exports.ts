import type en from '../en/exports';
import type { Translation } from '../translation';

export default {
  'exports.heading': 'Exporteren',
  'exports.forExcel': 'Voor Excel (zodat namen hun accenten houden als Excel het bestand opent)',
  'exports.separator': 'Scheidingsteken',
  'exports.comma': 'Komma',
  'exports.semicolon': 'Puntkomma (Excel waar het decimaalteken een komma is)',
  'exports.saveGrid': 'Overzicht exporteren',
  'exports.saveLong': 'Registraties exporteren (één per regel)',
  'exports.saveReport': 'Rapport exporteren',
  'exports.name': 'Naam',
  'exports.userName': 'Gebruikersnaam',
  'exports.studentId': 'Studentnummer',
  'exports.present': 'Aanwezig',
  'exports.absent': 'Afwezig',
  'exports.late': 'Te laat',
  'exports.excused': 'Afwezig met kennisgeving',
  'exports.notMarked': 'Niet geregistreerd',
  'exports.rate': 'Aanwezigheid %',
  'exports.overAbsences': 'Meer dan {max} keer afwezig',
  'exports.yes': 'Ja',
  'exports.no': 'Nee',
  'exports.fileGrid': '{code} aanwezigheidsoverzicht {date}',
  'exports.fileLong': '{code} aanwezigheidsregistraties {date}',
  'exports.fileReport': '{code} aanwezigheidsrapport {date}',
} satisfies Translation<typeof en>;
