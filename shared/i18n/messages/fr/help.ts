import type en from '../en/help';
import type { Translation } from '../translation';

export default {
  'help.title': 'Aide',
  'help.intro': 'Des réponses courtes pour faire l’appel avec Rollbook. Tout ce qui est ici fonctionne sans connexion.',
  'help.pagesLabel': 'Pages d’aide',
  'help.backToList': 'Toutes les pages d’aide',
  'help.back': 'Retour',
  'help.loading': 'Ouverture de l’aide…',
  'help.notLoaded': 'L’aide n’a pas pu s’ouvrir : ses pages ne se sont pas chargées. Réessayez une fois connecté.',
  'help.whatDoesThisMean': 'Qu’est-ce que cela signifie ?',
  'help.howDoesThisWork': 'Comment cela fonctionne-t-il ?',
  'help.onASharedComputer': 'Se déconnecter sur un ordinateur partagé',
} satisfies Translation<typeof en>;
