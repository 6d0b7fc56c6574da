import type en from '../en/content';
import type { Translation } from '../translation';

export default {
  'content.viewAsLabel': 'De cursus bekijken als',
  'content.viewAsInstructor': 'Docent (alles)',
  'content.viewAsStudent': 'Student: {name}',
  'content.viewAsGroup': 'Groep: {name}',
  'content.viewAsGroupsHint': 'Groepen verschijnen hier zodra op dit apparaat een vrijgavelijst is geopend.',
  'content.viewAsReadingStudent': 'Elk item zegt of {name} het nu ziet, vanaf wanneer, of waarom niet, volgens wat dit apparaat bewaart.',
  'content.viewAsReadingGroup': 'Elk item zegt of een lid van ‘{name}’ het nu ziet, vanaf wanneer, of waarom niet, volgens wat dit apparaat bewaart.',
  'content.reading': 'Hoe Rollbook de voorwaarden voor adaptieve vrijgave leest (de documenten van Learn zeggen het niet): een student moet aan elke voorwaarde van een regel voldoen, één regel is genoeg, en een map die voor studenten gesloten is, sluit alles erin. ‘Vrijgavevoorwaarden nog niet gelezen’: de details van het item zijn op dit apparaat nooit geopend; open ze één keer online om de voorwaarden mee te nemen.',
  'content.seesNow': 'Ziet het nu',
  'content.seesFrom': 'Ziet het vanaf {at}',
  'content.seesUntil': ', tot {until}',
  'content.rulesUnread': ' (vrijgavevoorwaarden nog niet gelezen)',
  'content.seesNot': 'Ziet het niet: {why}',
  'content.cannotTell': 'Rollbook kan het niet zeggen: {why}',
} satisfies Translation<typeof en>;
