import type { Sentence } from '../i18n/sentence';
import { decodeCsv, type CsvEncoding } from './decode';
import type { CsvDelimiter } from './delimiter';
import type { DateReading } from './date-order';
import { guessImport } from './import-guess';
import { mappingProblems, type ColumnMapping } from './mapping';
import { parseCsv, type CsvRow, type ParseProblem } from './parse';
import { ImportPlanner } from './plan';
import type { AttendanceSheet } from './sheet';

/**
 * The import pipeline in one call, for code that has the whole file at once (the benchmark, the
 * tests): decode, parse, guess the mapping (or use the one given), plan. The app runs the same
 * steps split between the worker (decode, parse) and the screen (mapping, plan).
 */
export interface PlannedFile {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  header: string[];
  mapping: ColumnMapping;
  /** How the file's numeric dates were read, and why. */
  dates: DateReading;
  mappingProblems: Sentence[];
  parseProblems: ParseProblem[];
  rows: CsvRow[];
  planner: ImportPlanner;
}

export function planFile(bytes: Uint8Array, sheet: AttendanceSheet, mapping?: (guess: ColumnMapping) => ColumnMapping, usMonthFirst = false): PlannedFile {
  const { text, encoding } = decodeCsv(bytes);
  const rows: CsvRow[] = [];
  const parsed = parseCsv(text, { onRows: (batch) => rows.push(...batch) });
  const guess = guessImport(parsed.header, rows, { meetings: sheet.meetings, usMonthFirst });
  const chosen = mapping ? mapping(guess.mapping) : guess.mapping;
  const problems = mappingProblems(chosen);
  // Like the mapping step's button: a mapping with problems (an open date order) plans nothing.
  const planner = new ImportPlanner(sheet, parsed.header, chosen);
  if (problems.length === 0) planner.add(rows);
  return { encoding, delimiter: parsed.delimiter, header: parsed.header, mapping: chosen, dates: guess.dates, mappingProblems: problems, parseProblems: parsed.problems, rows, planner };
}
