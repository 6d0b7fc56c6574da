import type { AttendanceStatus } from '../api/attendance';
import { plainLetters } from './dates';

/**
 * Status words as spreadsheets hold them: the letters Learn's grid shows (P/A/L/E), the full
 * words, 1/0 from a checkbox column, yes/no, and the words German, French, Spanish, Dutch and
 * Arabic attendance lists (and Rollbook's own exports in those languages) use (whole words only: a single letter means the English status, since "A"
 * is "anwesend" to a German). Case, accents and surrounding spaces do not matter. Anything else
 * is reported to the user as unknown, never guessed: a wrong guess would be sent to Learn.
 */
const WORDS: Record<string, AttendanceStatus> = {};
function add(status: AttendanceStatus, ...words: string[]): void {
  // Kept as they are looked up: an Arabic hamza or a German umlaut is folded the same way.
  for (const w of words) WORDS[plainLetters(w)] = status;
}
add('Present', 'p', 'present', 'pres', '1', 'y', 'yes', 'here', 'attended');
add('Absent', 'a', 'absent', 'abs', '0', 'n', 'no', 'not present');
add('Late', 'l', 'late', 'tardy', 't');
add('Excused', 'e', 'excused', 'exc', 'ex', 'excused absence');
// German
add('Present', 'anwesend', 'ja');
add('Absent', 'abwesend', 'nein', 'unentschuldigt', 'fehlt');
add('Late', 'verspaetet', 'zu spaet', 'spaet');
add('Excused', 'entschuldigt');
// French ("absent" is English too)
add('Present', 'present', 'presente', 'oui');
add('Absent', 'absente', 'non', 'absence injustifiee');
add('Late', 'en retard', 'retard');
add('Excused', 'excuse', 'excusee', 'absence justifiee', 'justifie', 'justifiee');
// Spanish
add('Present', 'presente', 'asistio', 'si');
add('Absent', 'ausente', 'falta', 'inasistencia');
add('Late', 'tarde', 'retraso', 'con retraso');
add('Excused', 'justificado', 'justificada', 'falta justificada', 'excusado', 'excusada');
// Dutch
add('Present', 'aanwezig', 'ja');
add('Absent', 'afwezig', 'nee', 'ongeoorloofd afwezig', 'absent');
add('Late', 'te laat', 'laat');
add('Excused', 'afwezig met kennisgeving', 'geoorloofd afwezig', 'afgemeld', 'met kennisgeving afwezig');
// Arabic (Rollbook's own words, and the feminine and plural forms lists use)
add('Present', 'حاضر', 'حاضرة', 'حضور', 'نعم');
add('Absent', 'غائب', 'غائبة', 'غياب', 'لا');
add('Late', 'متأخر', 'متأخرة', 'تأخر', 'تأخير');
add('Excused', 'بعذر', 'غائب بعذر', 'غائبة بعذر', 'غياب بعذر', 'معذور', 'معذورة');

export type StatusWord = { kind: 'status'; status: AttendanceStatus } | { kind: 'blank' } | { kind: 'unknown'; word: string };

export function readStatusWord(cell: string): StatusWord {
  const word = cell.replace(/\u00a0/g, ' ').trim();
  if (word === '') return { kind: 'blank' };
  const status = WORDS[plainLetters(word).replace(/\s+/g, ' ').replace(/\.$/, '')];
  return status ? { kind: 'status', status } : { kind: 'unknown', word };
}
