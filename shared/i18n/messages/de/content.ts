import type en from '../en/content';
import type { Translation } from '../translation';

export default {
  'content.viewAsLabel': 'Kurs ansehen als',
  'content.viewAsInstructor': 'Kursleiter (alles)',
  'content.viewAsStudent': 'Teilnehmer: {name}',
  'content.viewAsGroup': 'Gruppe: {name}',
  'content.viewAsGroupsHint': 'Gruppen erscheinen hier, sobald auf diesem Gerät eine Freigabeliste geöffnet wurde.',
  'content.viewAsReadingStudent': 'Jedes Element zeigt, ob {name} es jetzt sieht, ab wann oder warum nicht, nach dem, was dieses Gerät gespeichert hat.',
  'content.viewAsReadingGroup': 'Jedes Element zeigt, ob ein Mitglied von „{name}“ es jetzt sieht, ab wann oder warum nicht, nach dem, was dieses Gerät gespeichert hat.',
  'content.reading': 'Wie Rollbook die Bedingungen der adaptiven Freigabe liest (die Dokumente von Learn sagen es nicht): Ein Teilnehmer muss jede Bedingung einer Regel erfüllen, eine Regel genügt, und ein für Teilnehmer geschlossener Ordner schließt alles darin. „Freigabebedingungen noch nicht gelesen“: Die Details des Elements wurden auf diesem Gerät nie geöffnet; öffnen Sie sie einmal online, um seine Bedingungen einzubeziehen.',
  'content.seesNow': 'Sieht es jetzt',
  'content.seesFrom': 'Sieht es ab {at}',
  'content.seesUntil': ', bis {until}',
  'content.rulesUnread': ' (Freigabebedingungen noch nicht gelesen)',
  'content.seesNot': 'Sieht es nicht: {why}',
  'content.cannotTell': 'Rollbook kann es nicht sagen: {why}',
} satisfies Translation<typeof en>;
