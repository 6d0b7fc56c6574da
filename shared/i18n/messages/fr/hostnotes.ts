import type en from '../en/hostnotes';
import type { Translation } from '../translation';

export default {
  'hostnotes.protection.desktop': 'Bureau : le jeton d’actualisation de Learn et le secret de l’application sont chiffrés avec le trousseau de votre système d’exploitation (Electron safeStorage).',
  'hostnotes.protection.browser':
    'Mode navigateur : le jeton d’actualisation de Learn et le secret de l’application sont conservés non chiffrés dans un fichier que seul votre compte utilisateur peut lire. Le trousseau d’un système d’exploitation (l’application de bureau) les protège mieux.',

  'hostnotes.ally.notSetUp':
    'Ally n’est pas configuré pour ce site Learn. Demandez au service informatique d’ajouter l’intégration Ally de l’établissement au fichier de déploiement de Rollbook : l’adresse de l’API Ally (allyUrl, par exemple https://prod.ally.ac), l’identifiant numérique du client Ally (allyClientId) et le secret partagé de ce client (allySecret). Rollbook garde le secret dans le stockage protégé de cet ordinateur et ne l’affiche plus jamais.',
  'hostnotes.ally.fileGone': 'Ce fichier n’est plus dans le cours (élément {item}, fichier {file}), ou vous ne pouvez plus le voir. Actualisez la liste.',
  'hostnotes.ally.inPageText':
    'Ce fichier se trouve dans le texte d’une page, et Learn ne laisse pas les applications lire ces fichiers : Rollbook ne peut donc pas le vérifier. Ouvrez la page dans Learn pour voir son score d’accessibilité.',
  'hostnotes.ally.notListed': 'Learn n’a pas voulu lister les fichiers de « {title} » : {reason}',
  'hostnotes.ally.notCheckable': 'Ally ne vérifie pas ce type de fichier.',
  'hostnotes.ally.notCheckedYet': 'Ally n’a pas encore vérifié ce fichier.',
  'hostnotes.ally.noReportYet': 'Ally a ce fichier mais pas encore de rapport (vérification en cours, ou il n’a pas pu lire le fichier).',
  'hostnotes.ally.checkFailed': 'Ally n’a pas pu vérifier ce fichier.',
  'hostnotes.ally.checkFailedSaid': 'Ally n’a pas pu vérifier ce fichier : {said}',
  'hostnotes.ally.formatTooLarge': 'La version {format} de {file} fait {size} Mo, plus que ce que Rollbook transmet à sa fenêtre (50 Mo).',

  'hostnotes.signIn.noDemo': 'La démo n’est pas disponible dans cette copie de Rollbook.',
  'hostnotes.signIn.siteForgotten': 'Rollbook ne connaît plus ce site. Reconnectez-vous-y avec son adresse.',

  'hostnotes.vault.noKeyring': 'Rollbook n’enregistrera pas votre connexion à Learn : ce bureau Linux n’a pas de trousseau (GNOME Keyring, KWallet), elle ne pourrait donc être gardée qu’en texte clair. Installez ou déverrouillez un trousseau, ou utilisez Rollbook en mode navigateur.',
  'hostnotes.vault.locked': 'Rollbook n’enregistrera pas votre connexion à Learn : le chiffrement de votre système d’exploitation (trousseau) n’est pas disponible pour l’instant. Déverrouillez-le et réessayez.',
  'hostnotes.vault.damaged': 'Le fichier des secrets de Rollbook est endommagé ({file}). Supprimez-le et reconnectez-vous.',

  'hostnotes.journal.otherAccount': 'Ces modifications appartiennent à un compte qui n’est pas connecté : Rollbook n’en a donc pas gardé de copie.',
  'hostnotes.journal.none': 'Cette copie de Rollbook ne garde pas de copie de sécurité des modifications en attente.',
  'hostnotes.sync.outOfStep': 'La synchronisation a échoué dans Rollbook : rien n’est perdu, vos modifications attendent toujours. Réessayez.',

  'hostnotes.deployment.tooLarge': 'Le fichier de déploiement {path} est trop volumineux pour être un fichier de déploiement.',
  'hostnotes.deployment.unreadable': 'Le fichier de déploiement {path} ne peut pas être lu ({code}).',
  'hostnotes.deployment.notJson': 'Le fichier de déploiement {path} n’est pas un JSON valide.',
  'hostnotes.deployment.fieldsWrong': 'Le fichier de déploiement {path} n’est pas utilisable : {problems}. Il doit contenir learnUrl, applicationKey et applicationSecret.',
  'hostnotes.deployment.allyHalf':
    'Le fichier de déploiement {path} n’est pas utilisable : {missing} manque. Ally a besoin d’allyClientId et d’allySecret ensemble ; indiquez les deux, ou aucun si l’établissement n’a pas Ally.',
  'hostnotes.deployment.allyUrlAlone': 'Le fichier de déploiement {path} n’est pas utilisable : allyUrl est indiqué sans allyClientId ni allySecret.',
  'hostnotes.deployment.address': 'Fichier de déploiement {path} : {problem}',
  'hostnotes.deployment.notUsed': 'Le fichier de déploiement {path} n’a pas pu être utilisé ({error}).',
  'hostnotes.deployment.fileWritable':
    'Le fichier de déploiement {path} n’est pas utilisé : des comptes autres que les administrateurs peuvent le modifier ({accounts}), il ne vient donc peut-être pas du service informatique. Seuls les administrateurs doivent pouvoir le modifier.',
  'hostnotes.deployment.folderWritable':
    'Le fichier de déploiement {path} n’est pas utilisé : des comptes autres que les administrateurs peuvent modifier son dossier {folder} ({accounts}), il ne vient donc peut-être pas du service informatique. Seuls les administrateurs doivent pouvoir le modifier.',
  'hostnotes.deployment.fileOwner':
    'Le fichier de déploiement {path} n’est pas utilisé : il appartient à un autre compte (identifiant utilisateur {owner}), pas à un administrateur, il ne vient donc peut-être pas du service informatique. Seuls les administrateurs doivent pouvoir le modifier.',
  'hostnotes.deployment.folderOwner':
    'Le fichier de déploiement {path} n’est pas utilisé : son dossier {folder} appartient à un autre compte (identifiant utilisateur {owner}), pas à un administrateur, il ne vient donc peut-être pas du service informatique. Seuls les administrateurs doivent pouvoir le modifier.',
  'hostnotes.deployment.fileOthersWrite':
    'Le fichier de déploiement {path} n’est pas utilisé : d’autres comptes de cet ordinateur peuvent le modifier, il ne vient donc peut-être pas du service informatique. Seuls les administrateurs doivent pouvoir le modifier.',
  'hostnotes.deployment.folderOthersWrite':
    'Le fichier de déploiement {path} n’est pas utilisé : d’autres comptes de cet ordinateur peuvent modifier son dossier {folder}, il ne vient donc peut-être pas du service informatique. Seuls les administrateurs doivent pouvoir le modifier.',
  'hostnotes.deployment.askIT': 'Demandez un fichier corrigé au service informatique ; en attendant, connectez-vous à votre site en saisissant son adresse, sa clé et son secret.',

  'hostnotes.announcements.adminOnly': 'Seul un administrateur système de Learn peut publier, modifier ou supprimer des annonces système. Votre rôle système dans Learn ({roles}) permet seulement de les lire ; demandez à votre administrateur Learn si vous devez en publier une.',
  'hostnotes.announcements.adminOnlyNoRole': 'Seul un administrateur système de Learn peut publier, modifier ou supprimer des annonces système. Votre compte Learn n’a aucun rôle système : vous pouvez seulement les lire ; demandez à votre administrateur Learn si vous devez en publier une.',

  'hostnotes.refused.unknownChannel': 'Cette fenêtre a demandé à Rollbook quelque chose qu’il ne fait pas. Rechargez la fenêtre ; si cela se reproduit, Rollbook doit être mis à jour.',
  'hostnotes.refused.invalidRequest': 'Rollbook n’a pas pu accepter ce que cette fenêtre a envoyé. Rechargez la fenêtre et réessayez ; si cela se reproduit, signalez-le avec les détails.',
  'hostnotes.refused.notOpened':
    'Cette fenêtre n’a pas été ouverte depuis le lien de lancement de Rollbook, ou Rollbook a redémarré depuis, ou la fenêtre est restée inutilisée huit heures. Relancez `npm start` et ouvrez le lien qu’il affiche.',
  'hostnotes.refused.status': 'L’hôte Rollbook a refusé l’appel ({status}).',
} satisfies Translation<typeof en>;
