import type en from '../en/permissions';
import type { Translation } from '../translation';

export default {
  'permission.viewAttendance': 'de machtiging om aanwezigheid in cursussen te bekijken',
  'permission.takeAttendance': 'de machtiging om aanwezigheid in cursussen op te nemen',
  'permission.changeAttendance': 'de machtiging om aanwezigheid in cursussen te wijzigen',
  'permission.deleteAttendance': 'de machtiging om aanwezigheidsbijeenkomsten in cursussen te verwijderen',
  'permission.viewRoster': 'de machtiging om de deelnemerslijst van de cursus te bekijken',
  'permission.viewContent': 'de machtiging om cursusinhoud te bekijken',
  'permission.createContent': 'de machtiging om cursusinhoud te maken',
  'permission.changeContent': 'de machtiging om cursusinhoud te wijzigen',
  'permission.changeAvailability': 'de machtiging om te wijzigen wanneer inhoud beschikbaar is',
  'permission.viewReleaseRules': 'de machtiging om regels voor adaptieve vrijgave te bekijken',
  'permission.addReleaseRules': 'de machtiging om vrijgaveregels toe te voegen',
  'permission.changeReleaseRules': 'de machtiging om vrijgaveregels te wijzigen',
  'permission.deleteReleaseRules': 'de machtiging om vrijgaveregels te verwijderen',
  'permission.changeReleasedTo': 'de machtiging om te wijzigen voor wie inhoud wordt vrijgegeven',
  'permission.viewCalendar': 'de machtiging om de cursusagenda te bekijken',
  'permission.viewCalendarEntries': 'de machtiging om items in de cursusagenda te bekijken',
  'permission.viewSystemAnnouncements': 'de machtiging om systeemaankondigingen te bekijken',
  'permission.changeAnyCourse': 'de machtiging om elke cursus te wijzigen (een machtiging voor beheerders)',
  'permission.changeGradebook': 'de machtiging om het cijferoverzicht te wijzigen',
  'permission.createAssessments': 'de machtiging om toetsen en opdrachten te maken',
  'permission.changeAssessments': 'de machtiging om toetsen en opdrachten te wijzigen',
  'permission.deployAssessments': 'de machtiging om toetsen en opdrachten in inhoud te plaatsen',
  'permission.viewEnrollments': 'de machtiging om cursusinschrijvingen te bekijken',
  'permission.named': 'een machtiging (naam in Learn: {entitlement})',
} satisfies Translation<typeof en>;
