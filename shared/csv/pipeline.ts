import { decodeCsv, type CsvEncoding } from './decode';
import type { CsvDelimiter } from './delimiter';
import { guessMapping, mappingProblems, type ColumnMapping } from './mapping';
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
  mappingProblems: string[];
  parseProblems: ParseProblem[];
  rows: CsvRow[];
  planner: ImportPlanner;
}

export function planFile(bytes: Uint8Array, sheet: AttendanceSheet, mapping?: (guess: ColumnMapping) => ColumnMapping): PlannedFile {
  const { text, encoding } = decodeCsv(bytes);
  const rows: CsvRow[] = [];
  const parsed = parseCsv(text, { onRows: (batch) => rows.push(...batch) });
  const guess = guessMapping(parsed.header);
  const chosen = mapping ? mapping(guess) : guess;
  const planner = new ImportPlanner(sheet, parsed.header, chosen);
  planner.add(rows);
  return { encoding, delimiter: parsed.delimiter, header: parsed.header, mapping: chosen, mappingProblems: mappingProblems(chosen), parseProblems: parsed.problems, rows, planner };
}
