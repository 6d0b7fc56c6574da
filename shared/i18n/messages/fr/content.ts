import type en from '../en/content';
import type { Translation } from '../translation';

export default {
  'content.viewAsLabel': 'Voir le cours en tant que',
  'content.viewAsInstructor': 'Enseignant (tout)',
  'content.viewAsStudent': 'Étudiant : {name}',
  'content.viewAsGroup': 'Groupe : {name}',
  'content.viewAsGroupsHint': 'Les groupes apparaissent ici dès qu’une liste de diffusion a été ouverte sur cet appareil.',
  'content.viewAsReadingStudent': 'Chaque élément indique si {name} le voit maintenant, à partir de quand, ou pourquoi non, d’après ce que garde cet appareil.',
  'content.viewAsReadingGroup': 'Chaque élément indique si un membre de « {name} » le voit maintenant, à partir de quand, ou pourquoi non, d’après ce que garde cet appareil.',
  'content.reading': 'Comment Rollbook lit les conditions de diffusion adaptative (les documents de Learn ne le disent pas) : un étudiant doit remplir toutes les conditions d’une règle, une seule règle suffit, et un dossier fermé aux étudiants ferme tout ce qu’il contient. « Conditions de diffusion pas encore lues » : les détails de l’élément n’ont jamais été ouverts sur cet appareil ; ouvrez-les une fois en ligne pour inclure ses conditions.',
  'content.seesNow': 'Le voit maintenant',
  'content.seesFrom': 'Le voit à partir du {at}',
  'content.seesUntil': ', jusqu’au {until}',
  'content.rulesUnread': ' (conditions de diffusion pas encore lues)',
  'content.seesNot': 'Ne le voit pas : {why}',
  'content.cannotTell': 'Rollbook ne peut pas le dire : {why}',
} satisfies Translation<typeof en>;
