import type en from '../en/sitecheck';
import type { Translation } from '../translation';

export default {
  'sitecheck.name.courses': 'Connexion et liste des cours',
  'sitecheck.name.roster': 'Listes des participants',
  'sitecheck.name.attendance': 'Séances et appel',
  'sitecheck.name.content': 'Contenu du cours',
  'sitecheck.name.adaptiveRelease': 'Diffusion adaptative',
  'sitecheck.name.calendar': 'Calendrier',
  'sitecheck.name.announcements': 'Annonces du système',
  'sitecheck.name.ally': 'Rapports d’accessibilité (Ally)',

  'sitecheck.notAllowed.courses': 'Votre rôle sur ce site ne permet pas de lister vos cours. Demandez à votre administrateur Learn l’autorisation de voir les inscriptions aux cours.',
  'sitecheck.notAllowed.roster': 'Votre rôle sur ce site ne permet pas de lire les listes des participants. Demandez à votre administrateur Learn l’autorisation de voir la liste des participants du cours.',
  'sitecheck.notAllowed.attendance': 'Votre rôle sur ce site ne permet ni de consulter ni de faire l’appel. Demandez à votre administrateur Learn l’autorisation de voir les présences dans les cours.',
  'sitecheck.notAllowed.content': 'Votre rôle sur ce site ne permet pas de lire le contenu des cours. Demandez à votre administrateur Learn l’autorisation de voir le contenu des cours.',
  'sitecheck.notAllowed.adaptiveRelease': 'Votre rôle sur ce site ne permet pas de lire les règles de diffusion adaptative. Demandez à votre administrateur Learn l’autorisation de voir les règles de diffusion adaptative.',
  'sitecheck.notAllowed.calendar': 'Votre rôle sur ce site ne permet pas de lire le calendrier. Demandez à votre administrateur Learn l’autorisation de voir le calendrier du cours.',
  'sitecheck.notAllowed.announcements': 'Votre rôle sur ce site ne permet pas de lire les annonces du système. Demandez à votre administrateur Learn l’autorisation de voir les annonces du système.',

  'sitecheck.notEnabled.courses': 'La connexion et la liste des cours ne sont pas activées sur ce site Learn (Learn a répondu « introuvable »). Demandez à votre administrateur Learn si elles peuvent être activées.',
  'sitecheck.notEnabled.roster': 'Les listes des participants ne sont pas activées sur ce site Learn (Learn a répondu « introuvable »). Demandez à votre administrateur Learn si elles peuvent être activées.',
  'sitecheck.notEnabled.attendance': 'Les séances et l’appel ne sont pas activés sur ce site Learn (Learn a répondu « introuvable »). Demandez à votre administrateur Learn s’ils peuvent être activés.',
  'sitecheck.notEnabled.content': 'Le contenu du cours n’est pas activé sur ce site Learn (Learn a répondu « introuvable »). Demandez à votre administrateur Learn s’il peut être activé.',
  'sitecheck.notEnabled.adaptiveRelease': 'La diffusion adaptative n’est pas activée sur ce site Learn (Learn a répondu « introuvable »). Demandez à votre administrateur Learn si elle peut être activée.',
  'sitecheck.notEnabled.calendar': 'Le calendrier n’est pas activé sur ce site Learn (Learn a répondu « introuvable »). Demandez à votre administrateur Learn s’il peut être activé.',
  'sitecheck.notEnabled.announcements': 'Les annonces du système ne sont pas activées sur ce site Learn (Learn a répondu « introuvable »). Demandez à votre administrateur Learn si elles peuvent être activées.',

  'sitecheck.noAnswer': 'Learn n’a pas répondu à la vérification ({error}). Vérifiez de nouveau plus tard.',
  'sitecheck.noCourse': 'Vous n’enseignez aucun cours sur ce site : ceci n’a donc pas été vérifié.',
  'sitecheck.coursesUnread': 'Vos cours n’ont pas pu être listés : ceci n’a donc pas été vérifié.',
  'sitecheck.release.noContent': '{course} n’a aucun contenu avec lequel vérifier la diffusion adaptative.',
  'sitecheck.release.contentUnread': 'Le contenu du cours n’a pas pu être lu : la diffusion adaptative n’a donc pas été vérifiée.',

  'sitecheck.ally.notConfigured': 'Ally n’est pas configuré pour ce site dans Rollbook. Demandez au service informatique le fichier de déploiement avec allyClientId et allySecret (docs/deploying.md, section 4).',
  'sitecheck.ally.refused': 'Ally a refusé l’identifiant client et le secret que Rollbook a pour ce site. Demandez au service informatique de vérifier allyClientId et allySecret dans le fichier de déploiement.',
  'sitecheck.ally.noAnswer': 'Ally n’a pas répondu à la vérification ({error}). Vérifiez de nouveau plus tard.',
  'sitecheck.ally.silent': 'Ally n’a pas répondu à la vérification (aucune réponse). Vérifiez de nouveau plus tard.',
} satisfies Translation<typeof en>;
