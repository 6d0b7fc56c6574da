import { sentence, type Sentence } from '../i18n/sentence';
import { isoDay, partsOf, type DateOrder, type ScannedDate } from './dates';

/**
 * Which number of a numeric date is the day, decided from the file as a whole and shown in the
 * mapping step. `certain` evidence is a number above 12 (or every date reading the same both
 * ways); `course` is the course's own meeting dates matching one reading better; `usual` is only
 * the writing convention (a dot is German, Austrian, Swiss, Scandinavian; a slash is the
 * United States in an American browser, else day first): the user must choose before planning,
 * and until then no meeting is created from such a date.
 */
export type DateBasis = 'no-numeric-dates' | 'certain' | 'course' | 'usual' | 'impossible';

export interface DateReading {
  /** The order to read numeric dates in; null until the user chooses (basis `usual`). */
  order: DateOrder | null;
  /** The likelier order, offered first (basis `usual`). */
  likely: DateOrder;
  basis: DateBasis;
  /** Whether the other order is possible at all (every date real read that way). */
  flippable: boolean;
  /** A date of the file as written, and as each order reads it (`2026-09-02`), for the mapping step to say in words. */
  example?: { text: string; dmy: string | null; mdy: string | null };
  /** Why, in a sentence of the catalogue. */
  reason: Sentence;
}

function spoken(scanned: ScannedDate, order: DateOrder): string | null {
  const p = partsOf(scanned, order);
  return p ? isoDay(p) : null;
}

function written(s: Extract<ScannedDate, { kind: 'numeric' }>): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(s.first)}${s.separator}${two(s.second)}${s.separator}${s.year}`;
}

/**
 * @param dates every date the mapped columns hold (grid titles, or the long format's start cells)
 * @param courseDays the course's meeting days (`2026-09-02`) as this device knows them
 * @param usMonthFirst whether the person's own locale writes the month first (en-US)
 */
export function dateOrderOf(dates: readonly ScannedDate[], courseDays: ReadonlySet<string>, usMonthFirst: boolean): DateReading {
  const numeric = dates.filter((d): d is Extract<ScannedDate, { kind: 'numeric' }> => d.kind === 'numeric');
  if (numeric.length === 0) return { order: 'dmy', likely: 'dmy', basis: 'no-numeric-dates', flippable: false, reason: sentence('imports.datesNameMonth') };
  const dmyReal = numeric.every((d) => partsOf(d, 'dmy') !== null);
  const mdyReal = numeric.every((d) => partsOf(d, 'mdy') !== null);
  // The example is the first date that reads differently either way, else the first.
  const telling = numeric.find((d) => d.first !== d.second && d.first <= 12 && d.second <= 12) ?? numeric[0]!;
  const example = { text: written(telling), dmy: spoken(telling, 'dmy'), mdy: spoken(telling, 'mdy') };
  if (!dmyReal && !mdyReal) {
    const bad = numeric.find((d) => partsOf(d, 'dmy') === null && partsOf(d, 'mdy') === null) ?? numeric[0]!;
    return { order: null, likely: 'dmy', basis: 'impossible', flippable: false, example, reason: sentence('imports.datesImpossible', { text: written(bad) }) };
  }
  if (dmyReal !== mdyReal) {
    const order: DateOrder = dmyReal ? 'dmy' : 'mdy';
    const proof = numeric.find((d) => (order === 'dmy' ? d.first > 12 : d.second > 12));
    return {
      order,
      likely: order,
      basis: 'certain',
      flippable: false,
      example,
      reason: proof ? sentence('imports.datesOnlyOrder', { text: written(proof), order }) : sentence('imports.datesOnlyReal'),
    };
  }
  if (numeric.every((d) => d.first === d.second)) return { order: 'dmy', likely: 'dmy', basis: 'certain', flippable: false, example, reason: sentence('imports.datesSame') };
  const matches = (order: DateOrder): number => numeric.filter((d) => courseDays.has(isoDay(partsOf(d, order)!))).length;
  const [dmyMatches, mdyMatches] = [matches('dmy'), matches('mdy')];
  if (dmyMatches !== mdyMatches) {
    const order: DateOrder = dmyMatches > mdyMatches ? 'dmy' : 'mdy';
    const count = Math.max(dmyMatches, mdyMatches);
    return { order, likely: order, basis: 'course', flippable: true, example, reason: sentence('imports.datesCourse', { order, count, other: Math.min(dmyMatches, mdyMatches) }) };
  }
  const likely: DateOrder = telling.separator === '/' && usMonthFirst ? 'mdy' : 'dmy';
  return {
    order: null,
    likely,
    basis: 'usual',
    flippable: true,
    example,
    reason: sentence(telling.separator === '/' ? 'imports.datesUsualSlash' : 'imports.datesUsualDot', { text: example.text }),
  };
}
