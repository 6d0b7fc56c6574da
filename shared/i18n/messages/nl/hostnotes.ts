import type en from '../en/hostnotes';
import type { Translation } from '../translation';

export default {
  'hostnotes.protection.desktop': 'Desktop: het vernieuwingstoken van Learn en het applicatiegeheim worden versleuteld met de sleutelhanger van uw besturingssysteem (Electron safeStorage).',
  'hostnotes.protection.browser':
    'Browsermodus: het vernieuwingstoken van Learn en het applicatiegeheim staan onversleuteld in een bestand dat alleen uw gebruikersaccount kan lezen. De sleutelhanger van een besturingssysteem (de desktop-app) beschermt ze beter.',

  'hostnotes.ally.notSetUp':
    'Ally is niet ingesteld voor deze Learn-site. Vraag de IT-afdeling om de Ally-koppeling van uw instelling toe te voegen aan het implementatiebestand van Rollbook: het adres van de Ally-API (allyUrl, bijvoorbeeld https://prod.ally.ac), de numerieke Ally-client-id (allyClientId) en het gedeelde geheim van die client (allySecret). Rollbook bewaart het geheim in de beveiligde opslag van deze computer en toont het nooit meer.',
  'hostnotes.ally.fileGone': 'Dat bestand staat niet meer in de cursus (item {item}, bestand {file}), of u kunt het niet meer zien. Vernieuw de lijst.',
  'hostnotes.ally.inPageText':
    'Dit bestand staat in de tekst van een pagina, en Learn laat apps zulke bestanden niet lezen, dus Rollbook kan het niet controleren. Open de pagina in Learn om de toegankelijkheidsscore te zien.',
  'hostnotes.ally.notListed': 'Learn wilde de bestanden van ‘{title}’ niet opsommen: {reason}',
  'hostnotes.ally.notCheckable': 'Ally controleert dit soort bestand niet.',
  'hostnotes.ally.notCheckedYet': 'Ally heeft dit bestand nog niet gecontroleerd.',
  'hostnotes.ally.noReportYet': 'Ally heeft dit bestand, maar nog geen rapport ervan (de controle loopt nog, of Ally kon het bestand niet lezen).',
  'hostnotes.ally.checkFailed': 'Ally kon dit bestand niet controleren.',
  'hostnotes.ally.checkFailedSaid': 'Ally kon dit bestand niet controleren: {said}',
  'hostnotes.ally.formatTooLarge': 'De {format}-versie van {file} is {size} MB, meer dan Rollbook aan zijn venster doorgeeft (50 MB).',

  'hostnotes.signIn.noDemo': 'De demo is niet beschikbaar in deze kopie van Rollbook.',
  'hostnotes.signIn.siteForgotten': 'Rollbook kent die site niet meer. Maak opnieuw verbinding met het adres.',

  'hostnotes.vault.noKeyring': 'Rollbook bewaart uw Learn-aanmelding niet: deze Linux-desktop heeft geen sleutelhanger (GNOME Keyring, KWallet), dus die kon alleen als platte tekst worden bewaard. Installeer of ontgrendel een sleutelhanger, of gebruik Rollbook in browsermodus.',
  'hostnotes.vault.locked': 'Rollbook bewaart uw Learn-aanmelding niet: de versleuteling van uw besturingssysteem (sleutelhanger) is nu niet beschikbaar. Ontgrendel die en probeer het opnieuw.',
  'hostnotes.vault.damaged': 'Het geheimenbestand van Rollbook is beschadigd ({file}). Verwijder het en meld u opnieuw aan.',

  'hostnotes.journal.otherAccount': 'Deze wijzigingen horen bij een account dat niet is aangemeld, dus Rollbook heeft er geen kopie van bewaard.',
  'hostnotes.journal.none': 'Deze kopie van Rollbook bewaart geen reservekopie van wachtende wijzigingen.',
  'hostnotes.sync.outOfStep': 'De synchronisatie ging mis binnen Rollbook: er is niets verloren, uw wijzigingen wachten nog. Probeer het opnieuw.',

  'hostnotes.deployment.tooLarge': 'Het implementatiebestand {path} is te groot voor een implementatiebestand.',
  'hostnotes.deployment.unreadable': 'Het implementatiebestand {path} kan niet worden gelezen ({code}).',
  'hostnotes.deployment.notJson': 'Het implementatiebestand {path} is geen geldige JSON.',
  'hostnotes.deployment.fieldsWrong': 'Het implementatiebestand {path} is niet bruikbaar: {problems}. Het heeft learnUrl, applicationKey en applicationSecret nodig.',
  'hostnotes.deployment.allyHalf':
    'Het implementatiebestand {path} is niet bruikbaar: {missing} ontbreekt. Ally heeft allyClientId en allySecret samen nodig; geef ze allebei, of geen van beide als de instelling geen Ally heeft.',
  'hostnotes.deployment.allyUrlAlone': 'Het implementatiebestand {path} is niet bruikbaar: allyUrl staat erin zonder allyClientId en allySecret.',
  'hostnotes.deployment.address': 'Implementatiebestand {path}: {problem}',
  'hostnotes.deployment.notUsed': 'Het implementatiebestand {path} kon niet worden gebruikt ({error}).',
  'hostnotes.deployment.fileWritable':
    'Het implementatiebestand {path} wordt niet gebruikt: andere accounts dan beheerders kunnen het wijzigen ({accounts}), dus het komt misschien niet van de IT-afdeling. Alleen beheerders mogen het kunnen wijzigen.',
  'hostnotes.deployment.folderWritable':
    'Het implementatiebestand {path} wordt niet gebruikt: andere accounts dan beheerders kunnen de map {folder} wijzigen ({accounts}), dus het komt misschien niet van de IT-afdeling. Alleen beheerders mogen het kunnen wijzigen.',
  'hostnotes.deployment.fileOwner':
    'Het implementatiebestand {path} wordt niet gebruikt: het is van een ander account (gebruikers-id {owner}), niet van een beheerder, dus het komt misschien niet van de IT-afdeling. Alleen beheerders mogen het kunnen wijzigen.',
  'hostnotes.deployment.folderOwner':
    'Het implementatiebestand {path} wordt niet gebruikt: de map {folder} is van een ander account (gebruikers-id {owner}), niet van een beheerder, dus het komt misschien niet van de IT-afdeling. Alleen beheerders mogen het kunnen wijzigen.',
  'hostnotes.deployment.fileOthersWrite':
    'Het implementatiebestand {path} wordt niet gebruikt: andere accounts op deze computer kunnen het wijzigen, dus het komt misschien niet van de IT-afdeling. Alleen beheerders mogen het kunnen wijzigen.',
  'hostnotes.deployment.folderOthersWrite':
    'Het implementatiebestand {path} wordt niet gebruikt: andere accounts op deze computer kunnen de map {folder} wijzigen, dus het komt misschien niet van de IT-afdeling. Alleen beheerders mogen het kunnen wijzigen.',
  'hostnotes.deployment.askIT': 'Vraag de IT-afdeling om een verbeterd bestand; maak tot dan verbinding met uw site door het adres, de sleutel en het geheim in te typen.',

  'hostnotes.announcements.adminOnly': 'Alleen een systeembeheerder van Learn kan systeemmededelingen plaatsen, wijzigen of verwijderen. Uw systeemrol in Learn ({roles}) mag ze alleen lezen; vraag uw Learn-beheerder als u er een moet plaatsen.',
  'hostnotes.announcements.adminOnlyNoRole': 'Alleen een systeembeheerder van Learn kan systeemmededelingen plaatsen, wijzigen of verwijderen. Uw Learn-account heeft geen systeemrol en mag ze alleen lezen; vraag uw Learn-beheerder als u er een moet plaatsen.',

  'hostnotes.refused.unknownChannel': 'Dit venster vroeg Rollbook om iets wat het niet doet. Laad het venster opnieuw; gebeurt het weer, dan heeft Rollbook een update nodig.',
  'hostnotes.refused.invalidRequest': 'Rollbook kon niet aannemen wat dit venster stuurde. Laad het venster opnieuw en probeer het nog eens; gebeurt het weer, meld het dan met de details.',
  'hostnotes.refused.notOpened':
    'Dit venster is niet geopend via de startlink van Rollbook, of Rollbook is sindsdien opnieuw gestart, of het venster is acht uur niet gebruikt. Voer `npm start` opnieuw uit en open de link die het toont.',
  'hostnotes.refused.status': 'De Rollbook-host weigerde de aanroep ({status}).',
} satisfies Translation<typeof en>;
