import type en from '../en/sync';
import type { Translation } from '../translation';

export default {
  'sync.notSignedIn': 'Rollbook is niet aangemeld bij Learn: meld u aan en het wordt verzonden.',
  'sync.connectionDropped': 'de verbinding viel weg voordat Learn antwoordde (Rollbook controleert wat Learn heeft voordat het opnieuw verzendt); het wordt bij de volgende synchronisatie opnieuw verzonden.',
  'sync.unreachable': 'Learn was niet bereikbaar; het wordt bij de volgende synchronisatie opnieuw verzonden.',
  'sync.timeout': 'Learn antwoordde niet op tijd; het wordt bij de volgende synchronisatie opnieuw verzonden.',
  'sync.stopped': 'de synchronisatie stopte voordat het werd verzonden; het wordt bij de volgende synchronisatie opnieuw verzonden.',
  'sync.notUnderstood': 'Learn antwoordde op een manier die Rollbook niet begrijpt (zie Details, en meld het alstublieft).',
  'sync.usedUp': 'Learn neemt geen verzoeken van Rollbook meer aan tot de limiet van de site is vernieuwd (de dagelijkse verzoeklimiet van de site is op); het wordt bij de eerste synchronisatie daarna opnieuw verzonden.',
  'sync.askedToWait': 'Learn heeft Rollbook gevraagd te wachten voordat het meer verzendt; het wordt bij de eerste synchronisatie daarna opnieuw verzonden.',
  'sync.slowDown': 'Learn heeft Rollbook gevraagd het rustiger aan te doen; het wordt bij de volgende synchronisatie opnieuw verzonden.',
  'sync.hadProblem': 'Learn had een probleem; het wordt bij de volgende synchronisatie opnieuw verzonden.',
  'sync.newSignIn': 'Learn vraagt om opnieuw aan te melden; het wordt bij de volgende synchronisatie opnieuw verzonden.',
  'sync.roleNotAllowed': 'uw rol in Learn staat dit niet toe; vraag uw Learn-beheerder om de machtiging.',
  'sync.gone': 'Learn heeft het niet meer: het is in Learn misschien verwijderd of verplaatst.',
  'sync.changedMeanwhile': 'het is tegelijk in Learn gewijzigd; vernieuw en probeer het opnieuw.',
  'sync.refusedSaid': 'Learn heeft het geweigerd (‘{said}’); corrigeer het hier, of vraag uw Learn-beheerder als het juist lijkt.',
  'sync.refused': 'Learn heeft het geweigerd; corrigeer het hier, of vraag uw Learn-beheerder als het juist lijkt.',
  'sync.notSentYet': 'Nog niet verzonden: de synchronisatie stopte voordat deze wijziging werd verzonden. Ze wordt de volgende keer verzonden.',
  'sync.meetingFirst': 'de bijeenkomst ervan is nog niet in Learn aangekomen; het wordt daarna verzonden.',
} satisfies Translation<typeof en>;
