import { plainLetters, scanDate, type DateOrder } from './dates';

/**
 * Which column means what. The mapping step shows this guess pre-filled and lets the user change
 * it; the planner only ever reads the mapping, never the header itself.
 *
 * Two shapes: the grid (one row per student, one column per meeting) and the long format (one
 * row per record with meeting columns and a status column).
 */
export type StudentKey = 'userId' | 'userName' | 'studentId' | 'email' | 'externalId' | 'name';

export const STUDENT_KEY_LABELS: Record<StudentKey, string> = {
  userId: 'Learn user id (_123_1)',
  userName: 'User name',
  studentId: 'Student id',
  email: 'Email',
  externalId: 'External user key',
  name: '"Last, First" name',
};

export interface ColumnMapping {
  shape: 'grid' | 'long';
  /** Column identifying the student (-1: none chosen) and what it holds. */
  studentColumn: number;
  studentKey: StudentKey;
  /**
   * With studentKey 'name': a separate first-name column (-1: none), read with the student column
   * as the last name ("Müller" + "Jürgen" -> "Müller, Jürgen"), as lists with Last name / First
   * name columns are written.
   */
  givenNameColumn: number;
  /** Long format: the status column, and the columns naming the meeting (-1: absent). */
  statusColumn: number;
  meetingIdColumn: number;
  meetingTitleColumn: number;
  startColumn: number;
  endColumn: number;
  /** Grid: the columns that are meetings (titled by date, then title). */
  meetingColumns: number[];
  /**
   * How numeric dates such as 02.09.2026 read (shared/csv/date-order.ts); null while the file
   * leaves it open and the user has not chosen: nothing is planned until then.
   */
  dateOrder: DateOrder | null;
}

/** Header text reduced to letters and digits, lower case, accents dropped: `Student ID`, `student_id` and `Prénom` → `prenom` agree. */
export function normaliseHeader(h: string): string {
  // Letters of any script (an Arabic header is all letters), spaces and punctuation dropped.
  return plainLetters(h).replace(/[^\p{L}\p{N}]/gu, '');
}

// English, then German, French, Spanish, Dutch and Arabic: what Learn, Excel templates, registrars'
// lists and Rollbook's own exports call them (written as normaliseHeader leaves them).
const STUDENT_HEADERS: Record<StudentKey, string[]> = {
  userId: ['userid', 'userpk', 'learnuserid'],
  userName: ['username', 'user', 'login', 'loginid', 'netid', 'benutzername', 'benutzer', 'anmeldename', 'kennung', 'nomdutilisateur', 'identifiant', 'nombredeusuario', 'usuario', 'gebruikersnaam', 'gebruiker', 'اسمالمستخدم'],
  studentId: ['studentid', 'studentnumber', 'studentno', 'sid', 'matrikelnummer', 'matrikelnr', 'matrnr', 'studierendennummer', 'numeroetudiant', 'numerodetudiant', 'noetudiant', 'numerodeestudiante', 'iddeestudiante', 'matricula', 'studentnummer', 'studentnr', 'الرقمالجامعي', 'رقمالطالب'],
  email: ['email', 'emailaddress', 'mail', 'emailadresse', 'courriel', 'adressecourriel', 'adresseemail', 'correo', 'correoelectronico', 'emailadres', 'البريدالالكتروني'],
  externalId: ['externaluserkey', 'externalid', 'batchuid'],
  name: ['name', 'student', 'studentname', 'fullname', 'lastfirst', 'lastnamefirstname', 'vollername', 'studierende', 'nomcomplet', 'etudiant', 'nombrecompleto', 'estudiante', 'alumno', 'naam', 'volledigenaam', 'الاسم', 'اسمالطالب', 'الطالب'],
};
/** Separate last- and first-name columns (Learn's grade center, registrars' lists), in the six languages. */
const FAMILY_NAME_HEADERS = ['lastname', 'surname', 'familyname', 'nachname', 'familienname', 'nom', 'nomdefamille', 'apellido', 'apellidos', 'achternaam', 'اسمالعائلة'];
const GIVEN_NAME_HEADERS = ['firstname', 'givenname', 'forename', 'vorname', 'prenom', 'nombre', 'nombres', 'voornaam', 'الاسمالاول'];
/** Most reliable first: an id Learn assigns beats a name people type. */
const KEY_ORDER: readonly StudentKey[] = ['userId', 'userName', 'studentId', 'email', 'externalId', 'name'];

const LONG_HEADERS = {
  status: ['status', 'attendance', 'attendancestatus', 'mark', 'anwesenheit', 'anwesenheitsstatus', 'statut', 'presence', 'etat', 'estado', 'asistencia', 'aanwezigheid', 'aanwezig', 'الحضور', 'الحالة'],
  meetingId: ['meetingid'],
  meetingTitle: ['meetingtitle', 'meeting', 'meetingname', 'session', 'title', 'sitzung', 'veranstaltung', 'titel', 'seance', 'titre', 'sesion', 'clase', 'titulo', 'bijeenkomst', 'college', 'les', 'المحاضرة', 'الجلسة', 'العنوان'],
  start: ['start', 'meetingstart', 'starttime', 'startdate', 'date', 'datum', 'beginn', 'startzeit', 'debut', 'heurededebut', 'fecha', 'inicio', 'horadeinicio', 'begin', 'begintijd', 'التاريخ', 'البداية'],
  end: ['end', 'meetingend', 'endtime', 'enddate', 'ende', 'endzeit', 'fin', 'heuredefin', 'horadefin', 'eind', 'eindtijd', 'النهاية'],
};

function find(header: readonly string[], names: readonly string[]): number {
  const normal = header.map(normaliseHeader);
  for (const name of names) {
    const i = normal.indexOf(name);
    if (i >= 0) return i;
  }
  return -1;
}

/** Columns whose title starts with a date (in any form dates.ts reads): a grid's meetings. */
export function gridMeetingColumns(header: readonly string[]): number[] {
  return header.flatMap((h, i) => (scanDate(h) ? [i] : []));
}

/** The first guess, before the file's dates are looked at (import-guess.ts sets `dateOrder`). */
export function guessMapping(header: readonly string[]): ColumnMapping {
  let studentColumn = -1;
  let studentKey: StudentKey = 'userName';
  let givenNameColumn = -1;
  const family = find(header, FAMILY_NAME_HEADERS);
  const given = find(header, GIVEN_NAME_HEADERS);
  for (const key of KEY_ORDER) {
    // Where the names come in two columns, "Nom" or "Nombre" alone is half a name, not a whole one.
    if (key === 'name' && family >= 0 && given >= 0) break;
    const i = find(header, STUDENT_HEADERS[key]);
    if (i >= 0) {
      studentColumn = i;
      studentKey = key;
      break;
    }
  }
  if (studentColumn < 0 && family >= 0 && given >= 0 && family !== given) {
    studentColumn = family;
    studentKey = 'name';
    givenNameColumn = given;
  }
  const statusColumn = find(header, LONG_HEADERS.status);
  const meetingColumns = gridMeetingColumns(header);
  return {
    // Columns titled by date make a grid, whatever else it has (its "Attendance %" total is no status).
    shape: meetingColumns.length === 0 && statusColumn >= 0 ? 'long' : 'grid',
    studentColumn,
    studentKey,
    givenNameColumn,
    statusColumn,
    meetingIdColumn: find(header, LONG_HEADERS.meetingId),
    meetingTitleColumn: find(header, LONG_HEADERS.meetingTitle),
    startColumn: find(header, LONG_HEADERS.start),
    endColumn: find(header, LONG_HEADERS.end),
    meetingColumns,
    dateOrder: 'dmy',
  };
}

/** What is missing for the mapping to be usable, in words; empty when it is. */
export function mappingProblems(m: ColumnMapping): string[] {
  const out: string[] = [];
  if (m.studentColumn < 0) out.push('Choose the column that identifies the student.');
  if (m.shape === 'long') {
    if (m.statusColumn < 0) out.push('Choose the column that holds the status.');
    if (m.meetingIdColumn < 0 && m.startColumn < 0) out.push('Choose the meeting id column or the meeting start column.');
  } else if (m.meetingColumns.length === 0) {
    out.push('No meeting columns: a grid needs columns titled by date, e.g. "2026-09-01 09:00 Lecture 1" or "Aug 31, 2026".');
  }
  if (m.dateOrder === null) out.push('Choose how this file writes its dates: day first or month first.');
  return out;
}
