import type en from '../en/sync';
import type { Translation } from '../translation';

export default {
  'sync.notSignedIn': 'Rollbook n’est pas connecté à Learn : connectez-vous et ce sera envoyé.',
  'sync.connectionDropped': 'la connexion a été coupée avant la réponse de Learn (Rollbook vérifie ce que Learn a reçu avant de renvoyer) ; ce sera renvoyé à la prochaine synchronisation.',
  'sync.unreachable': 'Learn est injoignable ; ce sera renvoyé à la prochaine synchronisation.',
  'sync.timeout': 'Learn n’a pas répondu à temps ; ce sera renvoyé à la prochaine synchronisation.',
  'sync.stopped': 'la synchronisation s’est arrêtée avant l’envoi ; ce sera renvoyé à la prochaine synchronisation.',
  'sync.notUnderstood': 'Learn a répondu d’une manière que Rollbook ne comprend pas (voir les détails, et merci de le signaler).',
  'sync.usedUp': 'Learn n’accepte plus de requêtes de Rollbook jusqu’au renouvellement de la limite du site (la limite quotidienne de requêtes du site est épuisée) ; ce sera renvoyé à la première synchronisation suivante.',
  'sync.askedToWait': 'Learn a demandé à Rollbook d’attendre avant d’envoyer davantage ; ce sera renvoyé à la première synchronisation suivante.',
  'sync.slowDown': 'Learn a demandé à Rollbook de ralentir ; ce sera renvoyé à la prochaine synchronisation.',
  'sync.hadProblem': 'Learn a eu un problème ; ce sera renvoyé à la prochaine synchronisation.',
  'sync.newSignIn': 'Learn demande une nouvelle connexion ; ce sera renvoyé à la prochaine synchronisation.',
  'sync.roleNotAllowed': 'votre rôle dans Learn ne le permet pas ; demandez l’autorisation à votre administrateur Learn.',
  'sync.gone': 'Learn ne l’a plus : il a peut-être été supprimé ou déplacé dans Learn.',
  'sync.changedMeanwhile': 'il a été modifié dans Learn au même moment ; actualisez et réessayez.',
  'sync.refusedSaid': 'Learn l’a refusé (« {said} ») ; corrigez-le ici, ou consultez votre administrateur Learn si tout semble correct.',
  'sync.refused': 'Learn l’a refusé ; corrigez-le ici, ou consultez votre administrateur Learn si tout semble correct.',
  'sync.notSentYet': 'Pas encore envoyé : la synchronisation s’est arrêtée avant l’envoi de cette modification. Elle sera envoyée la prochaine fois.',
  'sync.meetingFirst': 'sa séance n’est pas encore arrivée dans Learn ; ce sera envoyé après elle.',
} satisfies Translation<typeof en>;
