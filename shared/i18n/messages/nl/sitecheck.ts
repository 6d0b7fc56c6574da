import type en from '../en/sitecheck';
import type { Translation } from '../translation';

export default {
  'sitecheck.name.courses': 'Aanmelden en de cursuslijst',
  'sitecheck.name.roster': 'Deelnemerslijsten',
  'sitecheck.name.attendance': 'Bijeenkomsten en aanwezigheid',
  'sitecheck.name.content': 'Cursusinhoud',
  'sitecheck.name.adaptiveRelease': 'Adaptieve vrijgave',
  'sitecheck.name.calendar': 'Agenda',
  'sitecheck.name.announcements': 'Systeemmededelingen',
  'sitecheck.name.ally': 'Toegankelijkheidsrapporten (Ally)',

  'sitecheck.notAllowed.courses': 'Uw rol op deze site staat niet toe dat uw cursussen worden opgesomd. Vraag uw Learn-beheerder om de machtiging om cursusinschrijvingen te bekijken.',
  'sitecheck.notAllowed.roster': 'Uw rol op deze site staat het lezen van deelnemerslijsten niet toe. Vraag uw Learn-beheerder om de machtiging om de deelnemerslijst van de cursus te bekijken.',
  'sitecheck.notAllowed.attendance': 'Uw rol op deze site staat het bekijken of registreren van aanwezigheid niet toe. Vraag uw Learn-beheerder om de machtiging om aanwezigheid in cursussen te bekijken.',
  'sitecheck.notAllowed.content': 'Uw rol op deze site staat het lezen van cursusinhoud niet toe. Vraag uw Learn-beheerder om de machtiging om cursusinhoud te bekijken.',
  'sitecheck.notAllowed.adaptiveRelease': 'Uw rol op deze site staat het lezen van regels voor adaptieve vrijgave niet toe. Vraag uw Learn-beheerder om de machtiging om regels voor adaptieve vrijgave te bekijken.',
  'sitecheck.notAllowed.calendar': 'Uw rol op deze site staat het lezen van de agenda niet toe. Vraag uw Learn-beheerder om de machtiging om de cursusagenda te bekijken.',
  'sitecheck.notAllowed.announcements': 'Uw rol op deze site staat het lezen van systeemmededelingen niet toe. Vraag uw Learn-beheerder om de machtiging om systeemmededelingen te bekijken.',

  'sitecheck.notEnabled.courses': 'Aanmelden en de cursuslijst zijn niet ingeschakeld op deze Learn-site (Learn antwoordde ‘niet gevonden’). Vraag uw Learn-beheerder of ze kunnen worden ingeschakeld.',
  'sitecheck.notEnabled.roster': 'Deelnemerslijsten zijn niet ingeschakeld op deze Learn-site (Learn antwoordde ‘niet gevonden’). Vraag uw Learn-beheerder of ze kunnen worden ingeschakeld.',
  'sitecheck.notEnabled.attendance': 'Bijeenkomsten en aanwezigheid zijn niet ingeschakeld op deze Learn-site (Learn antwoordde ‘niet gevonden’). Vraag uw Learn-beheerder of ze kunnen worden ingeschakeld.',
  'sitecheck.notEnabled.content': 'Cursusinhoud is niet ingeschakeld op deze Learn-site (Learn antwoordde ‘niet gevonden’). Vraag uw Learn-beheerder of die kan worden ingeschakeld.',
  'sitecheck.notEnabled.adaptiveRelease': 'Adaptieve vrijgave is niet ingeschakeld op deze Learn-site (Learn antwoordde ‘niet gevonden’). Vraag uw Learn-beheerder of die kan worden ingeschakeld.',
  'sitecheck.notEnabled.calendar': 'De agenda is niet ingeschakeld op deze Learn-site (Learn antwoordde ‘niet gevonden’). Vraag uw Learn-beheerder of die kan worden ingeschakeld.',
  'sitecheck.notEnabled.announcements': 'Systeemmededelingen zijn niet ingeschakeld op deze Learn-site (Learn antwoordde ‘niet gevonden’). Vraag uw Learn-beheerder of ze kunnen worden ingeschakeld.',

  'sitecheck.noAnswer': 'Learn gaf geen antwoord op de controle ({error}). Controleer het later opnieuw.',
  'sitecheck.noCourse': 'U geeft geen cursus op deze site, dus dit is niet gecontroleerd.',
  'sitecheck.coursesUnread': 'Uw cursussen konden niet worden opgesomd, dus dit is niet gecontroleerd.',
  'sitecheck.release.noContent': '{course} heeft geen inhoud om adaptieve vrijgave mee te controleren.',
  'sitecheck.release.contentUnread': 'De cursusinhoud kon niet worden gelezen, dus adaptieve vrijgave is niet gecontroleerd.',

  'sitecheck.ally.notConfigured': 'Ally is in Rollbook niet ingesteld voor deze site. Vraag de IT-afdeling om het implementatiebestand met allyClientId en allySecret (docs/deploying.md, sectie 4).',
  'sitecheck.ally.refused': 'Ally weigerde de client-id en het geheim die Rollbook voor deze site heeft. Vraag de IT-afdeling om allyClientId en allySecret in het implementatiebestand te controleren.',
  'sitecheck.ally.noAnswer': 'Ally gaf geen antwoord op de controle ({error}). Controleer het later opnieuw.',
  'sitecheck.ally.silent': 'Ally gaf geen antwoord op de controle (geen antwoord). Controleer het later opnieuw.',
} satisfies Translation<typeof en>;
