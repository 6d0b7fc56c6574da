import type en from '../en/help';
import type { Translation } from '../translation';

export default {
  'help.title': 'Help',
  'help.intro': 'Korte antwoorden over aanwezigheid registreren met Rollbook. Alles hier werkt zonder verbinding.',
  'help.pagesLabel': 'Helppagina’s',
  'help.backToList': 'Alle helppagina’s',
  'help.back': 'Terug',
  'help.loading': 'Help openen…',
  'help.notLoaded': 'Help kon niet worden geopend: de pagina’s zijn niet geladen. Probeer het opnieuw zodra u verbinding hebt.',
  'help.whatDoesThisMean': 'Wat betekent dit?',
  'help.howDoesThisWork': 'Hoe werkt dit?',
  'help.onASharedComputer': 'Afmelden op een computer die anderen ook gebruiken',
} satisfies Translation<typeof en>;
