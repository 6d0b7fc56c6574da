import type { HelpPage } from '../help-page';

/** Les pages d’aide en français (traduites de en.ts, qui nomme le code de chaque page). Un nom entre « » est celui que l’écran affiche. */
const pages: readonly HelpPage[] = [
  {
    id: 'offline-roll',
    title: 'Faire l’appel hors ligne',
    summary: 'Marquez les étudiants sans connexion ; Rollbook envoie les présences plus tard.',
    sections: [
      {
        steps: [
          'Tant que vous êtes en ligne, ouvrez Rollbook une fois et consultez vos cours : Rollbook garde sur cet ordinateur vos cours, vos séances et les étudiants que vous avez vus.',
          'En cours, ouvrez la séance depuis Aujourd’hui ou depuis le cours, même sans connexion. La barre d’état indique « Hors ligne ».',
          'Marquez chaque étudiant. Chaque marque est enregistrée sur cet ordinateur dès que vous la faites : rien n’est perdu si la connexion ou l’application se ferme.',
          'De retour en ligne, Rollbook envoie les marques à Learn de lui-même. La barre d’état décompte jusqu’à « 0 modification en attente ».',
        ],
      },
      {
        heading: 'Pendant l’appel',
        paragraphs: [
          'Rollbook garde les marques d’un appel jusqu’à ce que vous le terminiez ou le quittiez, pour qu’un étudiant sur lequel vous changez d’avis ne soit envoyé qu’une fois. Sous la barre d’état, il indique combien de marques sont enregistrées sur cet appareil et seront envoyées à Learn à la fin ; « Envoyer maintenant » les envoie plus tôt.',
        ],
      },
      {
        heading: 'Avant de quitter l’ordinateur',
        paragraphs: [
          'Les marques encore en attente restent sur cet ordinateur, même si vous vous déconnectez. Ne supprimez pas les données de cet ordinateur dans les Paramètres tant que des modifications sont en attente : elles seraient perdues.',
          'Dans un navigateur web, le navigateur peut effacer les données enregistrées quand l’espace disque vient à manquer. Les Paramètres indiquent si ce navigateur conserve les données de Rollbook, et peuvent le lui demander.',
        ],
      },
    ],
  },
  {
    id: 'sync-words',
    title: 'En attente, à résoudre et non envoyé',
    summary: 'Ce que signifient les mots de la barre d’état et que faire dans chaque cas.',
    sections: [
      {
        heading: 'En attente',
        paragraphs: [
          '« 3 modifications en attente » signifie que trois choses que vous avez faites sont enregistrées sur cet ordinateur mais ne sont pas encore dans Learn. Vous n’avez rien à faire : Rollbook les envoie dès que Learn peut les recevoir.',
          'En ligne, elles partent en général en quelques secondes ; « Synchroniser » les envoie tout de suite. Hors ligne, elles partent au retour de la connexion. « Learn a demandé d’attendre jusqu’à … » ou « Requêtes épuisées jusqu’à … » signifie que Rollbook fait une pause jusqu’à cette heure, et « Learn ne répond pas » ou « Learn a un problème » qu’il réessaie de lui-même : la note sous la barre d’état dit quand.',
        ],
      },
      {
        heading: 'À résoudre (un conflit)',
        paragraphs: [
          '« 1 à résoudre » signifie que quelqu’un a modifié la présence du même étudiant dans Learn après la dernière lecture de cet ordinateur : Learn et vous n’êtes pas d’accord. Rollbook ne choisit jamais à votre place.',
        ],
        steps: [
          'Lisez la liste « Modifié dans Learn depuis votre appel » : elle montre l’étudiant, la séance, votre statut et celui de Learn.',
          'Choisissez « Garder le mien » pour envoyer votre statut à Learn, ou « Garder celui de Learn » pour abandonner votre modification.',
        ],
      },
      {
        heading: 'Non envoyé (échec)',
        paragraphs: [
          '« 1 modification n’a pas pu être envoyée » signifie que Learn n’a pas accepté une modification. La liste sous la barre d’état nomme l’étudiant et la séance et dit pourquoi. Votre modification reste enregistrée sur cet ordinateur.',
          'Si Learn ne répondait pas ou était occupé, Rollbook réessaie de lui-même, en attendant un peu plus à chaque fois (jusqu’à une demi-heure). « Réessayer » réessaie tout de suite.',
          'Si Learn a refusé la modification elle-même (par exemple, l’étudiant a quitté le cours ou la séance a été supprimée dans Learn), réessayer n’y changera rien : vérifiez le cours dans Learn, puis marquez de nouveau l’étudiant.',
        ],
      },
    ],
  },
  {
    id: 'import',
    title: 'Importer les présences depuis Learn ou Excel',
    summary: 'Importez un tableau de présences dans un cours, vérifiez-le, puis envoyez-le.',
    sections: [
      {
        paragraphs: [
          'Rollbook lit un fichier enregistré depuis Excel ou Google Sheets au format CSV ou texte, ou le fichier .xls que donne le téléchargement du Centre de notes de Learn. Le fichier peut être une grille (une ligne par étudiant, une colonne par séance) ou une liste (une ligne par étudiant et par séance).',
        ],
        steps: [
          'Ouvrez le cours, puis « Importer un CSV ». Choisissez le fichier.',
          'Vérifiez quelle colonne contient les étudiants et lesquelles contiennent les séances. Les colonnes dont le titre est une date sont associées aux séances du cours.',
          'Lisez l’aperçu : il montre ce qui va changer, les étudiants introuvables et les séances que le cours n’a pas encore. Cochez les séances à créer ; les lignes des autres sont laissées de côté.',
          'Confirmez. L’import est enregistré sur cet ordinateur et envoyé à Learn à la prochaine synchronisation.',
        ],
      },
      {
        heading: 'Si quelque chose semble faux',
        paragraphs: [
          '« Annuler cet import », sous « Imports précédents » sur le même écran, annule tout l’import. Les modifications déjà dans Learn retrouvent leur statut précédent.',
          'Si les lettres paraissent brouillées, choisissez un autre encodage de texte ou un autre séparateur à l’étape « Que contient chaque colonne » et Rollbook relit le fichier.',
          'Hors ligne, l’aperçu compare le fichier avec la copie de cet ordinateur, pas avec Learn ; la synchronisation vous prévient si Learn diffère.',
        ],
      },
    ],
  },
  {
    id: 'request-budget',
    title: 'Les requêtes Learn du site pour aujourd’hui',
    summary: 'Ce que signifie « il reste environ 7 400 des 10 000 requêtes Learn du site ».',
    sections: [
      {
        paragraphs: [
          'Le site Learn de votre établissement accorde à Rollbook un nombre fixe de requêtes par jour (souvent 10 000). Tous les enseignants de votre établissement qui utilisent Rollbook partagent ce nombre, c’est pourquoi Rollbook demande le moins possible à Learn.',
          'Les Paramètres indiquent à peu près combien il en reste et quand le compte repart. Le chiffre vient des réponses de Learn lui-même, d’où le « environ » : d’autres enseignants l’utilisent aussi.',
        ],
      },
      {
        heading: 'Quand il en reste peu',
        paragraphs: [
          'En dessous d’environ 5 % restants, Rollbook cesse de lire en arrière-plan et n’envoie que vos propres modifications et ce que vous ouvrez.',
          'À 0, Rollbook n’envoie plus rien à Learn jusqu’à ce que le compte reparte. La barre d’état dit jusqu’à quand. Vos marques et modifications restent sur cet ordinateur et partent après cette heure : rien n’est perdu.',
        ],
      },
      {
        heading: 'Grands imports',
        paragraphs: [
          'Avant un grand import, l’aperçu indique combien de requêtes il demandera. Si c’est plus qu’il n’en reste, il propose de l’envoyer sur plusieurs jours, les séances les plus anciennes d’abord.',
        ],
      },
    ],
  },
  {
    id: 'photos',
    title: 'Les photos des étudiants et la vie privée',
    summary: 'D’où viennent les photos, où elles sont gardées et comment les désactiver.',
    sections: [
      {
        paragraphs: [
          'Les photos de l’appel sont les photos de profil Learn des étudiants eux-mêmes. Rollbook les lit depuis Learn quand vous êtes en ligne et les garde sur cet ordinateur, si bien que l’appel les affiche aussi hors ligne. Une photo n’est relue que lorsque l’étudiant la change dans Learn (sur les anciennes versions de Learn, une fois par semaine).',
          'Elles sont gardées avec vos autres données Rollbook pour ce site et cet utilisateur : une autre personne qui se connecte à Rollbook sur cet ordinateur ne les voit pas.',
          'Tant que les photos sont activées, la feuille d’appel à imprimer les montre aussi : conservez les feuilles imprimées comme une liste des participants.',
        ],
      },
      {
        heading: 'Désactiver les photos',
        paragraphs: [
          'Désactivez « Afficher les photos des étudiants » dans les Paramètres, ou « Afficher les photos » dans l’appel. Les étudiants sont alors montrés par leurs initiales et Rollbook cesse de lire les photos depuis Learn.',
          'Les photos déjà sur cet ordinateur y restent jusqu’à ce que vous supprimiez les données de cet ordinateur dans les Paramètres.',
        ],
      },
    ],
  },
  {
    id: 'sign-out',
    title: 'Se déconnecter sur un ordinateur partagé',
    summary: 'Ce que la déconnexion garde, et comment ne rien laisser derrière vous.',
    sections: [
      {
        paragraphs: [
          'Se déconnecter oublie votre connexion à Learn : personne ne peut utiliser Rollbook en votre nom. Cela ne supprime ni vos cours, ni vos listes, ni les photos, ni les modifications en attente : ils restent sur cet ordinateur pour votre prochaine connexion, où les modifications en attente sont envoyées.',
        ],
      },
      {
        heading: 'Sur un ordinateur partagé',
        steps: [
          'Vérifiez que la barre d’état indique « 0 modification en attente ». Sinon, choisissez « Synchroniser », ou « Synchroniser d’abord » en vous déconnectant.',
          'Dans les Paramètres, sous « Données sur cet appareil », choisissez « Supprimer les données de cet appareil » à côté de votre nom. Rollbook vous déconnecte et supprime de cet ordinateur vos cours, vos listes et les photos.',
        ],
      },
      {
        paragraphs: ['La suppression ne change jamais rien dans Learn. Les modifications non envoyées sont perdues, et les Paramètres indiquent combien avant que vous ne confirmiez.'],
      },
    ],
  },
];

export default pages;
