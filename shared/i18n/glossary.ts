import type { Locale } from './locales';
import type { MessageKey } from './messages/en';

/**
 * One word per thing in each language. The catalogues were translated area by area, and the same
 * thing came out two ways in one language ("Ajustes" on the tab, "Configuración" in Help): an
 * instructor reads a button's name in one sentence and looks for it on screen under another.
 * `tests/unit/i18n-glossary.test.ts` holds every message and Help page to this list.
 *
 * Where the words come from: Learn's own help in each language, so that Rollbook says what Learn
 * says on the instructor's other screen.
 * - es: help.anthology.com/blackboard-preview/instructor/es (Administrar asistencia): "Asistencia",
 *   the "Reunión" view ("Editar la reunión"), "Presente", "Tarde", "Ausente", "Justificado". Learn
 *   says both "Configuración" (its release notes) and "Ajustes" (the attendance panel) for settings:
 *   Rollbook keeps "Configuración", which its Settings heading and Help already used.
 * - de: help.anthology.com/blackboard/instructor/de (Einrichten der Anwesenheit) and
 *   help.blackboard.com/de-de (Anwesenheit): "Anwesenheit", "Anwesend", "Verspätet", "Abwesend",
 *   "Entschuldigt", "Einstellungen", and "Teilnehmer" for students ("ob ein Teilnehmer anwesend …
 *   ist"), as Learn's content pages say "Für Teilnehmer sichtbar". Learn's German word for a meeting
 *   was not found in a form Rollbook can use: "Termin" stays.
 * - nl: help.blackboard.com/nl-nl (Aanwezigheid): "Aanwezigheid", "bijeenkomsten", "Aanwezig",
 *   "Te laat", "Afwezig", "Afwezig met kennisgeving", "Instellingen".
 * - fr: help.blackboard.com/fr-fr and fr-ca ("Paramètres du cours", "Liste des participants du cours").
 *   Learn's French attendance page was not found: "séance" and the status words stay as translated.
 * - ar: Learn's Arabic attendance page was not found; the status words are those Arabic Blackboard
 *   guides use (حاضر، غائب، متأخر، بعذر), and "مقرر" is Learn's word for a course (help.blackboard.com/ar-sa).
 * Elsewhere the word is the one the screen already shows (its tab, button or heading).
 */
export interface GlossaryWord {
  /** The one word (or phrase) this language uses, as the label shows it when there is one. */
  readonly word: string;
  /** Other words for the same thing, which no message or Help page may use (case does not matter). */
  readonly not?: readonly string[];
  /** Phrases that hold a `not` word but mean something else ("Iniciar sesión" beside "sesión"). */
  readonly except?: readonly string[];
}

export interface Term {
  /** What the term is, in English. */
  readonly en: string;
  /** The controls and headings this term labels: each shows `word` exactly, and a message quoting one quotes it so. */
  readonly labels?: readonly MessageKey[];
  readonly words: Readonly<Record<Locale, GlossaryWord>>;
}

const w = (word: string, not?: readonly string[], except?: readonly string[]): GlossaryWord => ({ word, ...(not ? { not } : {}), ...(except ? { except } : {}) });

/** "sesión" is a meeting nowhere in Spanish: it is the sign-in's word. */
const SIGN_IN_ES = ['iniciar sesión', 'inicio de sesión', 'inicios de sesión', 'inicie sesión', 'inicia sesión', 'iniciando sesión', 'inició su sesión', 'cerrar sesión', 'cerrar la sesión', 'cierre la sesión', 'cierra la sesión', 'cierre de sesión', 'su sesión', 'sesión iniciada', 'iniciado sesión', 'inició sesión'];

export const GLOSSARY = {
  settings: {
    en: 'Settings',
    labels: ['frame.tab.settings', 'settings.heading'],
    words: { en: w('Settings', ['Preferences']), es: w('Configuración', ['Ajustes']), fr: w('Paramètres', ['Réglages']), de: w('Einstellungen'), nl: w('Instellingen', ['Voorkeuren']), ar: w('الإعدادات', ['التفضيلات']) },
  },
  syncNow: {
    en: 'Sync now',
    labels: ['ui.sync.now', 'today.syncNow'],
    words: { en: w('Sync now'), es: w('Sincronizar ahora'), fr: w('Synchroniser', ['Synchroniser maintenant']), de: w('Jetzt synchronisieren'), nl: w('Nu synchroniseren'), ar: w('زامن الآن', ['مزامنة الآن']) },
  },
  today: {
    en: 'Today',
    labels: ['frame.tab.today'],
    words: { en: w('Today'), es: w('Hoy'), fr: w('Aujourd’hui', ["Aujourd'hui"]), de: w('Heute'), nl: w('Vandaag'), ar: w('اليوم') },
  },
  myCourses: {
    en: 'My courses',
    labels: ['meetings.courses.heading', 'report.back', 'imports.back', 'content.back'],
    words: { en: w('My courses'), es: w('Mis cursos'), fr: w('Mes cours'), de: w('Meine Kurse'), nl: w('Mijn cursussen'), ar: w('مقرراتي', ['دوراتي']) },
  },
  attendance: {
    en: 'attendance (Learn’s tool and its records)',
    words: { en: w('attendance'), es: w('asistencia'), fr: w('présence', ['assiduité']), de: w('Anwesenheit'), nl: w('aanwezigheid'), ar: w('الحضور') },
  },
  rollCall: {
    en: 'roll call (taking attendance in class)',
    labels: ['settings.rollCallHeading'],
    words: { en: w('Roll call'), es: w('Pasar lista'), fr: w('Appel'), de: w('Anwesenheitserfassung', ['Anwesenheitskontrolle']), nl: w('Aanwezigheid', ['presentieregistratie']), ar: w('تسجيل الحضور') },
  },
  meeting: {
    en: 'meeting (one class of a course, in Learn’s attendance)',
    labels: ['frame.section.meetings'],
    words: {
      en: w('Meetings', ['session'], ['Learn session']),
      es: w('Reuniones', ['sesión', 'sesiones'], SIGN_IN_ES),
      fr: w('Séances', ['réunion', 'réunions', 'session', 'sessions']),
      de: w('Termine', ['Sitzung', 'Sitzungen', 'Besprechung']),
      nl: w('Bijeenkomsten', ['sessie', 'sessies']),
      ar: w('الجلسات', ['محاضرة', 'محاضرات', 'اجتماع'], ['محاضرة 1']),
    },
  },
  present: {
    en: 'Present',
    labels: ['ui.status.present'],
    words: { en: w('Present'), es: w('Presente'), fr: w('Présent'), de: w('Anwesend'), nl: w('Aanwezig'), ar: w('حاضر') },
  },
  absent: {
    en: 'Absent',
    labels: ['ui.status.absent'],
    words: { en: w('Absent'), es: w('Ausente'), fr: w('Absent'), de: w('Abwesend'), nl: w('Afwezig'), ar: w('غائب') },
  },
  late: {
    en: 'Late',
    labels: ['ui.status.late'],
    words: { en: w('Late'), es: w('Tarde', ['retraso']), fr: w('En retard'), de: w('Verspätet', ['zu spät']), nl: w('Te laat'), ar: w('متأخر') },
  },
  excused: {
    en: 'Excused',
    labels: ['ui.status.excused'],
    words: { en: w('Excused'), es: w('Justificado'), fr: w('Excusé', ['justifié']), de: w('Entschuldigt'), nl: w('Afwezig met kennisgeving', ['geoorloofd afwezig', 'geoorloofd']), ar: w('بعذر') },
  },
  notMarked: {
    en: 'Not marked',
    labels: ['ui.status.unmarked', 'report.notMarked', 'exports.notMarked'],
    words: {
      en: w('Not marked', ['unmarked']),
      es: w('Sin marcar', ['sin registrar']),
      fr: w('Non saisi', ['non noté', 'non marqué']),
      de: w('Nicht erfasst', ['nicht markiert']),
      nl: w('Niet geregistreerd', ['niet genoteerd', 'niet ingevuld']),
      ar: w('غير مسجّل', ['غير مسجَّل']),
    },
  },
  course: {
    en: 'course',
    labels: ['frame.tab.courses'],
    words: { en: w('Courses'), es: w('Cursos', ['asignatura']), fr: w('Cours'), de: w('Kurse', ['Lehrveranstaltung']), nl: w('Cursussen', ['vakken']), ar: w('المقررات', ['دورة', 'الدورات', 'المواد']) },
  },
  roster: {
    en: 'roster (a course’s students)',
    words: {
      en: w('roster', ['class list']),
      es: w('lista de clase', ['lista de estudiantes', 'lista del curso']),
      fr: w('liste des participants', ['liste des inscrits', 'liste de classe', 'liste du cours']),
      de: w('Teilnehmerliste', ['Kursliste']),
      nl: w('deelnemerslijst', ['klassenlijst']),
      ar: w('قائمة الطلاب', ['قائمة المقرر'], ['قائمة المقررات']),
    },
  },
  students: {
    en: 'students (a course’s learners)',
    labels: ['rollcall.students'],
    words: { en: w('Students', ['pupil']), es: w('Estudiantes', ['alumno']), fr: w('Étudiants', ['élève']), de: w('Teilnehmer', ['Studierende', 'Lernende']), nl: w('Studenten', ['leerling']), ar: w('الطلاب', ['المتعلم']) },
  },
  signIn: {
    en: 'Sign in',
    labels: ['sites.heading'],
    words: { en: w('Sign in', ['log in']), es: w('Iniciar sesión', ['acceder']), fr: w('Connexion', ['s’identifier']), de: w('Anmelden', ['einloggen']), nl: w('Aanmelden', ['inloggen']), ar: w('تسجيل الدخول') },
  },
  signOut: {
    en: 'Sign out',
    labels: ['frame.signOut'],
    words: { en: w('Sign out', ['log out', 'logout']), es: w('Cerrar sesión'), fr: w('Se déconnecter'), de: w('Abmelden', ['ausloggen']), nl: w('Afmelden', ['uitloggen']), ar: w('تسجيل الخروج') },
  },
  details: {
    en: 'Details',
    labels: ['ui.details'],
    words: { en: w('Details'), es: w('Detalles'), fr: w('Détails'), de: w('Details'), nl: w('Details'), ar: w('التفاصيل') },
  },
  help: {
    en: 'Help',
    labels: ['frame.help'],
    words: { en: w('Help'), es: w('Ayuda'), fr: w('Aide'), de: w('Hilfe'), nl: w('Help'), ar: w('مساعدة') },
  },
  report: {
    en: 'report',
    words: { en: w('report'), es: w('informe', ['reporte']), fr: w('rapport', ['bilan']), de: w('Bericht', ['Report']), nl: w('rapport', ['verslag']), ar: w('التقرير') },
  },
  import: {
    en: 'import',
    labels: ['frame.section.import'],
    words: { en: w('Import CSV'), es: w('Importar CSV'), fr: w('Importer un CSV'), de: w('CSV importieren'), nl: w('CSV importeren'), ar: w('استيراد CSV') },
  },
  export: {
    en: 'export',
    labels: ['exports.heading'],
    words: { en: w('Export'), es: w('Exportar'), fr: w('Exporter'), de: w('Exportieren'), nl: w('Exporteren'), ar: w('تصدير') },
  },
  content: {
    en: 'content',
    labels: ['frame.section.content'],
    words: { en: w('Content'), es: w('Contenido'), fr: w('Contenu'), de: w('Inhalte'), nl: w('Inhoud'), ar: w('المحتوى') },
  },
  adaptiveRelease: {
    en: 'adaptive release and its release rules',
    labels: ['release.heading'],
    words: {
      en: w('Adaptive release'),
      es: w('Publicación adaptable', ['publicación adaptativa']),
      fr: w('Diffusion adaptative', ['publication adaptative']),
      de: w('Adaptive Freigabe', ['adaptive Veröffentlichung']),
      nl: w('Adaptieve vrijgave', ['adaptieve publicatie']),
      ar: w('الإصدار التكيفي', ['النشر التكيفي']),
    },
  },
  announcements: {
    en: 'Announcements',
    labels: ['frame.tab.announcements'],
    words: { en: w('Announcements'), es: w('Anuncios', ['avisos']), fr: w('Annonces'), de: w('Ankündigungen', ['Mitteilungen']), nl: w('Mededelingen', ['aankondigingen']), ar: w('الإعلانات') },
  },
  calendar: {
    en: 'Calendar',
    labels: ['frame.tab.calendar'],
    words: { en: w('Calendar'), es: w('Calendario', ['agenda']), fr: w('Calendrier', ['agenda']), de: w('Kalender'), nl: w('Agenda'), ar: w('التقويم') },
  },
  alternativeFormats: {
    en: 'Alternative formats',
    labels: ['accessibility.formatsHeading'],
    words: { en: w('Alternative formats'), es: w('Formatos alternativos'), fr: w('Formats alternatifs'), de: w('Alternative Formate'), nl: w('Alternatieve formaten'), ar: w('التنسيقات البديلة') },
  },
  waiting: {
    en: 'changes waiting to sync (the status bar’s count)',
    labels: ['ui.sync.waiting'],
    words: { en: w('waiting'), es: w('pendiente', ['en espera']), fr: w('en attente'), de: w('warten', ['ausstehend']), nl: w('wachten', ['in afwachting']), ar: w('بالانتظار', ['في الانتظار']) },
  },
  conflicts: {
    en: 'Conflicts',
    labels: ['meetings.history.conflicts'],
    words: { en: w('Conflicts'), es: w('Conflictos'), fr: w('Conflits'), de: w('Konflikte'), nl: w('Conflicten'), ar: w('التعارضات', ['تضارب']) },
  },
  undo: {
    en: 'Undo',
    labels: ['rollcall.undo'],
    words: { en: w('Undo'), es: w('Deshacer'), fr: w('Annuler'), de: w('Rückgängig'), nl: w('Ongedaan maken'), ar: w('تراجع') },
  },
} as const satisfies Record<string, Term>;
