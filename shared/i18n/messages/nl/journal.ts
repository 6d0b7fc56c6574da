import type en from '../en/journal';
import type { Translation } from '../translation';

export default {
  'journal.recovered':
    'De browser had de gegevens van Rollbook gewist. {count, plural, one {# wijziging die nog niet naar Learn was verzonden, is} other {# wijzigingen die nog niet naar Learn waren verzonden, zijn}} hersteld uit de veiligheidskopie van Rollbook en worden bij de volgende synchronisatie verzonden.',
  'journal.full': 'De veiligheidskopie van Rollbook met wijzigingen die op Learn wachten is vol, dus uw nieuwste wijzigingen staan alleen in deze browser. Synchroniseer om te verzenden wat wacht.',
} satisfies Translation<typeof en>;
