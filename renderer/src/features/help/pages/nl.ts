import type { HelpPage } from '../help-page';

/** De helppagina's in het Nederlands (vertaald uit en.ts, dat de code van elke pagina noemt). Een naam tussen "" is de naam die het scherm toont. */
const pages: readonly HelpPage[] = [
  {
    id: 'offline-roll',
    title: 'Aanwezigheid registreren zonder verbinding',
    summary: 'Studenten registreren zonder verbinding; Rollbook verstuurt de registraties later.',
    sections: [
      {
        steps: [
          'Open Rollbook één keer terwijl u online bent en bekijk uw cursussen: Rollbook bewaart uw cursussen, bijeenkomsten en de studenten die u hebt gezien op deze computer.',
          'Open in de les de bijeenkomst via Vandaag of via de cursus, ook zonder verbinding. De statusbalk toont "Offline".',
          'Registreer elke student. Elke registratie wordt meteen op deze computer opgeslagen: er gaat niets verloren als de verbinding of de app wegvalt.',
          'Zodra u weer online bent, verstuurt Rollbook de registraties vanzelf naar Learn. De statusbalk telt af tot "0 wijzigingen wachten".',
        ],
      },
      {
        heading: 'Terwijl u registreert',
        paragraphs: [
          'Rollbook houdt de registraties van een presentieronde vast tot u die afrondt of verlaat, zodat een student over wie u van gedachten verandert maar één keer wordt verstuurd. Onder de statusbalk staat hoeveel registraties op dit apparaat zijn opgeslagen en bij het afronden naar Learn gaan; "Nu versturen" verstuurt ze eerder.',
        ],
      },
      {
        heading: 'Voordat u de computer verlaat',
        paragraphs: [
          'Registraties die nog wachten blijven op deze computer, ook als u zich afmeldt. Verwijder de gegevens van deze computer niet in Instellingen zolang er wijzigingen wachten: die zouden verloren gaan.',
          'In een webbrowser kan de browser opgeslagen gegevens wissen als de schijfruimte opraakt. Instellingen toont of deze browser de gegevens van Rollbook bewaart, en kan daarom vragen.',
        ],
      },
    ],
  },
  {
    id: 'sync-words',
    title: 'Wachtend, op te lossen en niet verstuurd',
    summary: 'Wat de woorden in de statusbalk betekenen en wat u bij elk ervan doet.',
    sections: [
      {
        heading: 'Wachtend',
        paragraphs: [
          '"3 wijzigingen wachten" betekent dat drie dingen die u deed op deze computer zijn opgeslagen maar nog niet in Learn staan. U hoeft niets te doen: Rollbook verstuurt ze zodra Learn ze kan aannemen.',
          'Online gaan ze meestal binnen enkele seconden; "Nu synchroniseren" verstuurt ze meteen. Offline gaan ze zodra de verbinding terug is. "Learn vroeg te wachten tot …" of "Verzoeken op tot …" betekent dat Rollbook tot die tijd pauzeert, en "Learn antwoordt niet" of "Learn heeft een probleem" dat het vanzelf opnieuw probeert: de notitie onder de statusbalk zegt wanneer.',
        ],
      },
      {
        heading: 'Op te lossen (een conflict)',
        paragraphs: [
          '"1 op te lossen" betekent dat iemand de aanwezigheid van dezelfde student in Learn heeft gewijzigd nadat deze computer die voor het laatst las, dus Learn en u zijn het oneens. Rollbook kiest nooit voor u.',
        ],
        steps: [
          'Lees de lijst "Gewijzigd in Learn sinds u de aanwezigheid opnam": die toont de student, de bijeenkomst, uw status en die van Learn.',
          'Kies "Mijne behouden" om uw status naar Learn te sturen, of "Die van Learn behouden" om uw wijziging te laten vallen.',
        ],
      },
      {
        heading: 'Niet verstuurd (mislukt)',
        paragraphs: [
          '"1 wijziging kon niet worden verstuurd" betekent dat Learn een wijziging niet aannam. De lijst onder de statusbalk noemt de student en de bijeenkomst en zegt waarom. Uw wijziging blijft op deze computer opgeslagen.',
          'Als Learn niet antwoordde of druk was, probeert Rollbook het vanzelf opnieuw en wacht telkens iets langer (tot een half uur). "Opnieuw proberen" probeert het meteen.',
          'Als Learn de wijziging zelf weigerde (bijvoorbeeld omdat de student de cursus heeft verlaten of de bijeenkomst in Learn is verwijderd), helpt opnieuw proberen niet: controleer de cursus in Learn en registreer de student daarna opnieuw.',
        ],
      },
    ],
  },
  {
    id: 'import',
    title: 'Aanwezigheid importeren uit Learn of Excel',
    summary: 'Een aanwezigheidsoverzicht in een cursus halen, controleren en dan versturen.',
    sections: [
      {
        paragraphs: [
          'Rollbook leest een bestand dat uit Excel of Google Sheets is opgeslagen als CSV of tekst, of het .xls-bestand dat de download uit het Grade Center van Learn oplevert. Het bestand kan een raster zijn (één rij per student, één kolom per bijeenkomst) of een lijst (één rij per student en bijeenkomst).',
        ],
        steps: [
          'Open de cursus en dan "CSV importeren". Kies het bestand.',
          'Controleer welke kolom de studenten bevat en welke de bijeenkomsten. Kolommen met een datum als titel worden aan de bijeenkomsten van de cursus gekoppeld.',
          'Lees het voorbeeld: het toont wat er verandert, studenten die niet gevonden zijn en bijeenkomsten die de cursus nog niet heeft. Vink de bijeenkomsten aan die u wilt laten aanmaken; rijen voor de andere blijven buiten beschouwing.',
          'Bevestig. De import wordt op deze computer opgeslagen en met de volgende synchronisatie naar Learn verstuurd.',
        ],
      },
      {
        heading: 'Als iets niet klopt',
        paragraphs: [
          '"Deze import ongedaan maken" onder "Eerdere imports", op hetzelfde scherm, draait de hele import terug. Wijzigingen die al in Learn staan krijgen hun vorige status terug.',
          'Zien de letters er verminkt uit, kies dan bij de stap "Welke kolom wat betekent" een andere tekstcodering of scheiding en Rollbook leest het bestand opnieuw.',
          'Offline vergelijkt het voorbeeld het bestand met de kopie op deze computer, niet met Learn; de synchronisatie meldt het als Learn afwijkt.',
        ],
      },
    ],
  },
  {
    id: 'request-budget',
    title: 'De Learn-verzoeken van de site voor vandaag',
    summary: 'Wat "nog ongeveer 7.400 van de 10.000 Learn-verzoeken van de site over" betekent.',
    sections: [
      {
        paragraphs: [
          'De Learn-site van uw instelling staat per dag een vast aantal verzoeken van Rollbook toe (vaak 10.000). Alle docenten van uw instelling die Rollbook gebruiken delen dat aantal, dus vraagt Rollbook zo weinig mogelijk aan Learn.',
          'Instellingen toont ongeveer hoeveel er over zijn en wanneer de telling opnieuw begint. Het getal komt uit de eigen antwoorden van Learn, daarom "ongeveer": andere docenten gebruiken het ook.',
        ],
      },
      {
        heading: 'Als er weinig over zijn',
        paragraphs: [
          'Onder ongeveer 5 % over stopt Rollbook met lezen op de achtergrond en verstuurt het alleen uw eigen wijzigingen en wat u opent.',
          'Bij 0 verstuurt Rollbook niets naar Learn tot de telling opnieuw begint. De statusbalk zegt tot wanneer. Uw registraties en wijzigingen blijven op deze computer en gaan na die tijd: er gaat niets verloren.',
        ],
      },
      {
        heading: 'Grote imports',
        paragraphs: [
          'Voor een grote import zegt het voorbeeld hoeveel verzoeken die kost. Is dat meer dan er over is, dan biedt het aan hem over meerdere dagen te versturen, de oudste bijeenkomsten eerst.',
        ],
      },
    ],
  },
  {
    id: 'photos',
    title: 'Foto’s van studenten en privacy',
    summary: 'Waar de foto’s vandaan komen, waar ze bewaard worden en hoe u ze uitzet.',
    sections: [
      {
        paragraphs: [
          'De foto’s bij het registreren zijn de eigen profielfoto’s van studenten in Learn. Rollbook leest ze uit Learn terwijl u online bent en bewaart ze op deze computer, zodat ze ook offline te zien zijn. Een foto wordt pas opnieuw gelezen als de student hem in Learn wijzigt (bij oudere Learn-versies één keer per week).',
          'Ze worden bewaard bij uw andere Rollbook-gegevens voor deze site en deze gebruiker: iemand anders die zich op deze computer bij Rollbook aanmeldt, ziet ze niet.',
          'Zolang foto’s aan staan, toont ook de presentielijst om af te drukken ze: bewaar afgedrukte lijsten zoals u een deelnemerslijst zou bewaren.',
        ],
      },
      {
        heading: 'Foto’s uitzetten',
        paragraphs: [
          'Zet "Foto’s van studenten tonen" uit in Instellingen, of "Foto’s tonen" bij het registreren. Studenten worden dan met hun initialen getoond en Rollbook leest geen foto’s meer uit Learn.',
          'Foto’s die al op deze computer staan blijven tot u de gegevens van deze computer in Instellingen verwijdert.',
        ],
      },
    ],
  },
  {
    id: 'sign-out',
    title: 'Afmelden op een gedeelde computer',
    summary: 'Wat afmelden bewaart en hoe u niets achterlaat.',
    sections: [
      {
        paragraphs: [
          'Bij het afmelden vergeet Rollbook uw aanmelding bij Learn, zodat niemand Rollbook als u kan gebruiken. Uw cursussen, deelnemerslijsten, foto’s en wachtende wijzigingen worden niet gewist: ze blijven op deze computer voor uw volgende aanmelding, waarna de wachtende wijzigingen worden verstuurd.',
        ],
      },
      {
        heading: 'Op een computer die anderen ook gebruiken',
        steps: [
          'Zorg dat de statusbalk "0 wijzigingen wachten" toont. Zo niet, kies "Nu synchroniseren", of "Eerst synchroniseren" bij het afmelden.',
          'Kies in Instellingen, onder "Gegevens op dit apparaat", naast uw naam "Gegevens van dit apparaat voor … verwijderen". Rollbook meldt u af en verwijdert uw cursussen, deelnemerslijsten en foto’s van deze computer.',
        ],
      },
      {
        paragraphs: ['Verwijderen verandert nooit iets in Learn. Wijzigingen die niet verstuurd zijn gaan verloren, en Instellingen zegt hoeveel voordat u bevestigt.'],
      },
    ],
  },
];

export default pages;
