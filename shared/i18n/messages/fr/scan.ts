import type en from '../en/scan';
import type { Translation } from '../translation';

export default {
  'scan.open': 'Scanner les cartes',
  'scan.close': 'Arrêter le scan',
  'scan.heading': 'Scanner les cartes à l’entrée',
  'scan.field': 'Carte',
  'scan.hint': 'Laissez le curseur ici et passez chaque carte : le lecteur tape son numéro puis Entrée. Numéro d’étudiant, nom d’utilisateur ou clé externe conviennent.',
  'scan.status': '{status, select, Present {Présent} Absent {Absent} Late {En retard} Excused {Excusé} other {{status}}}',
  'scan.markAs': 'Noter comme',
  'scan.sound': 'Son',
  'scan.marked': '{name} : {status}',
  'scan.already': '{name} est déjà noté {status} : rien n’a changé',
  'scan.unknown': 'Aucun étudiant de ce cours n’a la carte {card}',
  'scan.several': 'La carte {card} correspond à {count} étudiants ; notez-les dans la liste',
  'scan.empty': 'Le lecteur n’a rien envoyé : passez la carte à nouveau',
  'scan.unknownHeading': '{count, plural, one {# carte inconnue} other {# cartes inconnues}}, à vérifier plus tard',
  'scan.unknownAt': '{card} à {time}',
} satisfies Translation<typeof en>;
