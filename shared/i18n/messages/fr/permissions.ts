import type en from '../en/permissions';
import type { Translation } from '../translation';

export default {
  'permission.viewAttendance': 'l’autorisation de consulter les présences dans les cours',
  'permission.takeAttendance': 'l’autorisation de faire l’appel dans les cours',
  'permission.changeAttendance': 'l’autorisation de modifier les présences dans les cours',
  'permission.deleteAttendance': 'l’autorisation de supprimer des séances de présence dans les cours',
  'permission.viewRoster': 'l’autorisation de consulter la liste des participants du cours',
  'permission.viewContent': 'l’autorisation de consulter le contenu du cours',
  'permission.createContent': 'l’autorisation de créer du contenu de cours',
  'permission.changeContent': 'l’autorisation de modifier le contenu du cours',
  'permission.changeAvailability': 'l’autorisation de modifier la disponibilité du contenu',
  'permission.viewReleaseRules': 'l’autorisation de consulter les règles de diffusion adaptative',
  'permission.addReleaseRules': 'l’autorisation d’ajouter des règles de diffusion',
  'permission.changeReleaseRules': 'l’autorisation de modifier les règles de diffusion',
  'permission.deleteReleaseRules': 'l’autorisation de supprimer des règles de diffusion',
  'permission.changeReleasedTo': 'l’autorisation de modifier à qui le contenu est diffusé',
  'permission.viewCalendar': 'l’autorisation de consulter le calendrier du cours',
  'permission.viewCalendarEntries': 'l’autorisation de consulter les entrées du calendrier du cours',
  'permission.viewSystemAnnouncements': 'l’autorisation de consulter les annonces système',
  'permission.changeAnyCourse': 'l’autorisation de modifier n’importe quel cours (une autorisation d’administrateur)',
  'permission.changeGradebook': 'l’autorisation de modifier le carnet de notes',
  'permission.createAssessments': 'l’autorisation de créer des tests et des travaux',
  'permission.changeAssessments': 'l’autorisation de modifier des tests et des travaux',
  'permission.deployAssessments': 'l’autorisation de placer des tests et des travaux dans le contenu',
  'permission.viewEnrollments': 'l’autorisation de consulter les inscriptions aux cours',
  'permission.named': 'une autorisation (nom dans Learn : {entitlement})',
} satisfies Translation<typeof en>;
