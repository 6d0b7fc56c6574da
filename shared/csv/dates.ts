/**
 * Dates as spreadsheets write them: ISO (`2026-08-31 14:05`, or with a zone, as Learn does),
 * month names (`Aug 31, 2026` in Learn's grade-center download, `31 Aug 2026`, `31-Aug-2026`,
 * `31. August 2026`, `31 août 2026`, `31 de agosto de 2026`) and numbers (`08/31/2026`,
 * `31.08.2026`, `31/08/2026`), with or without a time (`14:05`, `2:05 PM`, `14:05:00`).
 *
 * Numbers alone do not say which is the day: `02.09.2026` is 2 September in Germany and
 * 9 February in the United States. So a numeric date is read as two candidates, and the file as a
 * whole decides (dateOrderOf): a first number above 12 anywhere means day first, a second number
 * above 12 means month first; otherwise the course's meeting dates may tell; otherwise the user
 * chooses. Nothing here guesses from one cell. Hand-written rather than a date library: the forms
 * are few, and no library decides the order from a whole file.
 */
export type DateOrder = 'dmy' | 'mdy';

export interface DateParts {
  year: number;
  month: number;
  day: number;
  /** Local time of day, when the text gives one. */
  time?: { hour: number; minute: number; second: number };
}

/** A date found at the start of a text, and what follows it (a grid column's meeting title). */
export type ScannedDate =
  | { kind: 'exact'; parts: DateParts; rest: string }
  | { kind: 'numeric'; first: number; second: number; year: number; separator: string; time?: DateParts['time']; rest: string }
  /** ISO with a zone (`2026-08-31T14:05:00Z`, `+02:00`): an instant, not a local time. */
  | { kind: 'instant'; date: Date; rest: string };

const MONTHS: Record<string, number> = {};
const months = (names: string): void =>
  names.split(' ').forEach((group, i) => group.split('|').forEach((name) => (MONTHS[name] = i + 1)));
// English, German, French, Spanish: full names and the abbreviations their spreadsheets write.
months('jan|january feb|february mar|march apr|april may jun|june jul|july aug|august sep|sept|september oct|october nov|november dec|december');
months('jan|januar|jaenner|janner feb|februar maerz|marz|mrz apr|april mai jun|juni jul|juli aug|august sep|sept|september okt|oktober nov|november dez|dezember');
months('janv|janvier fevr|fevrier|fev mars avr|avril mai juin juil|juillet aout sept|septembre oct|octobre nov|novembre dec|decembre');
months('ene|enero feb|febrero mar|marzo abr|abril may|mayo jun|junio jul|julio ago|agosto sep|sept|septiembre oct|octubre nov|noviembre dic|diciembre');

/** Lower case, accents and the German umlauts spelled out, so `März`, `août` and `Mrz.` are found. */
export function plainLetters(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

const TIME = String.raw`(?:[ T,]+(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?(?:\s*([ap])\.?\s?m\.?)?)?`;
const ISO = new RegExp(String.raw`^\s*(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?(?![\d:])`, 'i');
const NUMERIC = new RegExp(String.raw`^\s*(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?!\d)` + TIME, 'i');
const DAY_MONTH = new RegExp(String.raw`^\s*(?:[a-z]+\.?,?\s+)?(\d{1,2})(?:er)?\.?[\s-]*(?:de\s+)?([a-z]+)\.?[\s,-]*(?:de\s+)?(\d{4})(?!\d)` + TIME, 'i');
const MONTH_DAY = new RegExp(String.raw`^\s*(?:[a-z]+\.?,?\s+)?([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)` + TIME, 'i');

function timeOf(h?: string, m?: string, s?: string, ampm?: string): DateParts['time'] | undefined | null {
  if (h === undefined || m === undefined) return undefined;
  let hour = Number(h);
  const minute = Number(m);
  const second = Number(s ?? 0);
  if (ampm) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (ampm.toLowerCase() === 'p' ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { hour, minute, second };
}

const fullYear = (y: string): number => (y.length === 2 ? 2000 + Number(y) : Number(y));

/** True when the day exists in that month of that year. */
export function realDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The date at the start of `text`, or null when it does not start with one. */
export function scanDate(text: string): ScannedDate | null {
  const iso = ISO.exec(text);
  if (iso) {
    const [all, y, mo, d, h, mi, s, zone] = iso;
    const rest = text.slice(all.length).trim();
    if (zone) {
      const date = new Date(all.trim().replace(' ', 'T'));
      return Number.isNaN(date.getTime()) ? null : { kind: 'instant', date, rest };
    }
    const time = timeOf(h, mi, s);
    if (time === null || !realDate(Number(y), Number(mo), Number(d))) return null;
    return { kind: 'exact', parts: { year: Number(y), month: Number(mo), day: Number(d), ...(time ? { time } : {}) }, rest };
  }
  const numeric = NUMERIC.exec(text);
  if (numeric) {
    const [all, a, sep, b, y, h, mi, s, ampm] = numeric;
    const time = timeOf(h, mi, s, ampm);
    if (time === null) return null;
    return { kind: 'numeric', first: Number(a), second: Number(b), year: fullYear(y ?? ''), separator: sep ?? '', ...(time ? { time } : {}), rest: text.slice(all.length).trim() };
  }
  const plain = plainLetters(text);
  // The plain text has the same length as the original only without umlauts and ß; the rest is read from the plain text.
  for (const [pattern, dayAt, monthAt] of [
    [DAY_MONTH, 1, 2],
    [MONTH_DAY, 2, 1],
  ] as const) {
    const m = pattern.exec(plain);
    const month = m ? MONTHS[m[monthAt] ?? ''] : undefined;
    if (!m || month === undefined) continue;
    const day = Number(m[dayAt]);
    const year = Number(m[3]);
    const time = timeOf(m[4], m[5], m[6], m[7]);
    if (time === null || !realDate(year, month, day)) return null;
    return { kind: 'exact', parts: { year, month, day, ...(time ? { time } : {}) }, rest: restAfter(text, plain, m[0].length) };
  }
  return null;
}

/** What follows the date in the original text (umlauts and ß change the plain text's length). */
function restAfter(text: string, plain: string, plainLength: number): string {
  if (plain.length === text.length) return text.slice(plainLength).trim();
  for (let i = 0; i <= text.length; i++) if (plainLetters(text.slice(0, i)).length >= plainLength) return text.slice(i).trim();
  return '';
}

/** A scanned date's parts in the order chosen; null when that reading is not a real date. */
export function partsOf(scanned: ScannedDate, order: DateOrder): DateParts | null {
  if (scanned.kind === 'exact') return scanned.parts;
  if (scanned.kind === 'instant') {
    const d = scanned.date;
    return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), time: { hour: d.getHours(), minute: d.getMinutes(), second: d.getSeconds() } };
  }
  const [day, month] = order === 'dmy' ? [scanned.first, scanned.second] : [scanned.second, scanned.first];
  if (!realDate(scanned.year, month, day)) return null;
  return { year: scanned.year, month, day, ...(scanned.time ? { time: scanned.time } : {}) };
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** `2026-09-02`: the form dates are compared in. */
export function isoDay(p: DateParts): string {
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** A local Date from parts; the time of day defaults to `defaultHour`:00. */
export function localDate(p: DateParts, defaultHour = 9): Date {
  return new Date(p.year, p.month - 1, p.day, p.time?.hour ?? defaultHour, p.time?.minute ?? 0, p.time?.second ?? 0);
}
