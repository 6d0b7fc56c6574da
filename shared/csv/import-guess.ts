import { dateOrderOf, type DateReading } from './date-order';
import { scanDate, type ScannedDate } from './dates';
import { guessMapping, type ColumnMapping } from './mapping';
import type { CsvRow } from './parse';
import { localDateTime, type SheetMeeting } from './sheet';

/**
 * The mapping step's first guess for a whole file: which column means what (mapping.ts), and how
 * its numeric dates read (date-order.ts), from every date the guessed columns hold and the
 * course's meeting days. The mapping's `dateOrder` is the reading's order: null when the file
 * leaves it open, so the user chooses before anything is planned.
 */
export interface ImportGuess {
  mapping: ColumnMapping;
  dates: DateReading;
}

export interface GuessContext {
  /** The course's meetings as this device knows them. */
  meetings: readonly Pick<SheetMeeting, 'start'>[];
  /** Whether the person's locale writes the month first (en-US): only a hint, never decisive. */
  usMonthFirst: boolean;
}

export function guessImport(header: readonly string[], rows: readonly CsvRow[], context: GuessContext): ImportGuess {
  const mapping = guessMapping(header);
  const dates = dateOrderOf(datesOf(header, rows, mapping), new Set(context.meetings.map((m) => localDateTime(m.start).slice(0, 10))), context.usMonthFirst);
  return { mapping: { ...mapping, dateOrder: dates.order }, dates };
}

/** Every date the mapping's date columns hold: grid titles, or the long format's start and end cells. */
function datesOf(header: readonly string[], rows: readonly CsvRow[], mapping: ColumnMapping): ScannedDate[] {
  const out: ScannedDate[] = [];
  const add = (text: string | undefined): void => {
    const scanned = text ? scanDate(text) : null;
    if (scanned) out.push(scanned);
  };
  if (mapping.shape === 'grid') {
    for (const i of mapping.meetingColumns) add(header[i]);
    return out;
  }
  for (const row of rows) {
    if (mapping.startColumn >= 0) add(row.cells[mapping.startColumn]);
    if (mapping.endColumn >= 0) add(row.cells[mapping.endColumn]);
  }
  return out;
}
