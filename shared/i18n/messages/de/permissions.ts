import type en from '../en/permissions';
import type { Translation } from '../translation';

export default {
  'permission.viewAttendance': 'die Berechtigung, die Anwesenheit in Kursen anzuzeigen',
  'permission.takeAttendance': 'die Berechtigung, die Anwesenheit in Kursen zu erfassen',
  'permission.changeAttendance': 'die Berechtigung, die Anwesenheit in Kursen zu ändern',
  'permission.deleteAttendance': 'die Berechtigung, Anwesenheitstermine in Kursen zu löschen',
  'permission.viewRoster': 'die Berechtigung, die Teilnehmerliste des Kurses anzuzeigen',
  'permission.viewContent': 'die Berechtigung, Kursinhalte anzuzeigen',
  'permission.createContent': 'die Berechtigung, Kursinhalte zu erstellen',
  'permission.changeContent': 'die Berechtigung, Kursinhalte zu ändern',
  'permission.changeAvailability': 'die Berechtigung zu ändern, wann Inhalte verfügbar sind',
  'permission.viewReleaseRules': 'die Berechtigung, Regeln für adaptive Freigabe anzuzeigen',
  'permission.addReleaseRules': 'die Berechtigung, Freigaberegeln hinzuzufügen',
  'permission.changeReleaseRules': 'die Berechtigung, Freigaberegeln zu ändern',
  'permission.deleteReleaseRules': 'die Berechtigung, Freigaberegeln zu löschen',
  'permission.changeReleasedTo': 'die Berechtigung zu ändern, für wen Inhalte freigegeben sind',
  'permission.viewCalendar': 'die Berechtigung, den Kurskalender anzuzeigen',
  'permission.viewCalendarEntries': 'die Berechtigung, Einträge im Kurskalender anzuzeigen',
  'permission.viewSystemAnnouncements': 'die Berechtigung, Systemankündigungen anzuzeigen',
  'permission.changeAnyCourse': 'die Berechtigung, jeden Kurs zu ändern (eine Berechtigung der Administration)',
  'permission.changeGradebook': 'die Berechtigung, das Bewertungsbuch zu ändern',
  'permission.createAssessments': 'die Berechtigung, Tests und Aufgaben zu erstellen',
  'permission.changeAssessments': 'die Berechtigung, Tests und Aufgaben zu ändern',
  'permission.deployAssessments': 'die Berechtigung, Tests und Aufgaben in Inhalte einzufügen',
  'permission.viewEnrollments': 'die Berechtigung, Kurseinschreibungen anzuzeigen',
  'permission.named': 'eine Berechtigung (Name in Learn: {entitlement})',
} satisfies Translation<typeof en>;
