import type en from '../en/sitecheck';
import type { Translation } from '../translation';

export default {
  'sitecheck.name.courses': 'Anmeldung und Liste der Kurse',
  'sitecheck.name.roster': 'Teilnehmerlisten',
  'sitecheck.name.attendance': 'Termine und Anwesenheit',
  'sitecheck.name.content': 'Kursinhalte',
  'sitecheck.name.adaptiveRelease': 'Adaptive Freigabe',
  'sitecheck.name.calendar': 'Kalender',
  'sitecheck.name.announcements': 'Systemankündigungen',
  'sitecheck.name.ally': 'Barrierefreiheitsberichte (Ally)',

  'sitecheck.notAllowed.courses': 'Ihre Rolle auf dieser Website erlaubt nicht, Ihre Kurse aufzulisten. Bitten Sie Ihre Learn-Administration um die Berechtigung, Kurseinschreibungen anzuzeigen.',
  'sitecheck.notAllowed.roster': 'Ihre Rolle auf dieser Website erlaubt nicht, Teilnehmerlisten zu lesen. Bitten Sie Ihre Learn-Administration um die Berechtigung, die Teilnehmerliste des Kurses anzuzeigen.',
  'sitecheck.notAllowed.attendance': 'Ihre Rolle auf dieser Website erlaubt nicht, die Anwesenheit anzusehen oder zu erfassen. Bitten Sie Ihre Learn-Administration um die Berechtigung, die Anwesenheit in Kursen anzuzeigen.',
  'sitecheck.notAllowed.content': 'Ihre Rolle auf dieser Website erlaubt nicht, Kursinhalte zu lesen. Bitten Sie Ihre Learn-Administration um die Berechtigung, Kursinhalte anzuzeigen.',
  'sitecheck.notAllowed.adaptiveRelease': 'Ihre Rolle auf dieser Website erlaubt nicht, Regeln der adaptiven Freigabe zu lesen. Bitten Sie Ihre Learn-Administration um die Berechtigung, Regeln der adaptiven Freigabe anzuzeigen.',
  'sitecheck.notAllowed.calendar': 'Ihre Rolle auf dieser Website erlaubt nicht, den Kalender zu lesen. Bitten Sie Ihre Learn-Administration um die Berechtigung, den Kurskalender anzuzeigen.',
  'sitecheck.notAllowed.announcements': 'Ihre Rolle auf dieser Website erlaubt nicht, Systemankündigungen zu lesen. Bitten Sie Ihre Learn-Administration um die Berechtigung, Systemankündigungen anzuzeigen.',

  'sitecheck.notEnabled.courses': 'Anmeldung und die Liste der Kurse sind auf dieser Learn-Website nicht aktiviert (Learn antwortete „nicht gefunden“). Fragen Sie Ihre Learn-Administration, ob sie eingeschaltet werden können.',
  'sitecheck.notEnabled.roster': 'Teilnehmerlisten sind auf dieser Learn-Website nicht aktiviert (Learn antwortete „nicht gefunden“). Fragen Sie Ihre Learn-Administration, ob sie eingeschaltet werden können.',
  'sitecheck.notEnabled.attendance': 'Termine und Anwesenheit sind auf dieser Learn-Website nicht aktiviert (Learn antwortete „nicht gefunden“). Fragen Sie Ihre Learn-Administration, ob sie eingeschaltet werden können.',
  'sitecheck.notEnabled.content': 'Kursinhalte sind auf dieser Learn-Website nicht aktiviert (Learn antwortete „nicht gefunden“). Fragen Sie Ihre Learn-Administration, ob sie eingeschaltet werden können.',
  'sitecheck.notEnabled.adaptiveRelease': 'Die adaptive Freigabe ist auf dieser Learn-Website nicht aktiviert (Learn antwortete „nicht gefunden“). Fragen Sie Ihre Learn-Administration, ob sie eingeschaltet werden kann.',
  'sitecheck.notEnabled.calendar': 'Der Kalender ist auf dieser Learn-Website nicht aktiviert (Learn antwortete „nicht gefunden“). Fragen Sie Ihre Learn-Administration, ob er eingeschaltet werden kann.',
  'sitecheck.notEnabled.announcements': 'Systemankündigungen sind auf dieser Learn-Website nicht aktiviert (Learn antwortete „nicht gefunden“). Fragen Sie Ihre Learn-Administration, ob sie eingeschaltet werden können.',

  'sitecheck.noAnswer': 'Learn hat auf die Prüfung nicht geantwortet ({error}). Prüfen Sie später erneut.',
  'sitecheck.noCourse': 'Sie unterrichten auf dieser Website keinen Kurs, daher wurde dies nicht geprüft.',
  'sitecheck.coursesUnread': 'Ihre Kurse konnten nicht aufgelistet werden, daher wurde dies nicht geprüft.',
  'sitecheck.release.noContent': '{course} hat keine Inhalte, mit denen sich die adaptive Freigabe prüfen ließe.',
  'sitecheck.release.contentUnread': 'Die Kursinhalte konnten nicht gelesen werden, daher wurde die adaptive Freigabe nicht geprüft.',

  'sitecheck.ally.notConfigured': 'Ally ist für diese Website in Rollbook nicht eingerichtet. Bitten Sie die IT um die Bereitstellungsdatei mit allyClientId und allySecret (docs/deploying.md, Abschnitt 4).',
  'sitecheck.ally.refused': 'Ally hat die Client-ID und das Geheimnis abgelehnt, die Rollbook für diese Website hat. Bitten Sie die IT, allyClientId und allySecret in der Bereitstellungsdatei zu prüfen.',
  'sitecheck.ally.noAnswer': 'Ally hat auf die Prüfung nicht geantwortet ({error}). Prüfen Sie später erneut.',
  'sitecheck.ally.silent': 'Ally hat auf die Prüfung nicht geantwortet (keine Antwort). Prüfen Sie später erneut.',
} satisfies Translation<typeof en>;
