import Papa from 'papaparse';
import { detectDelimiter, type CsvDelimiter } from './delimiter';
import { restoreCell } from './formula';
import { sentence, type Sentence } from '../i18n/sentence';

/**
 * Streaming CSV parse with physical line numbers, so every problem can say "line 42" as the
 * user's editor shows it (a quoted cell may span lines; blank lines are skipped but counted).
 * Rows come in batches through `onRows`, with the share of the text read so far: the worker
 * posts each batch with its progress, the benchmark feeds them straight to the planner.
 */
export interface CsvRow {
  /** 1-based line where the row starts in the file. */
  line: number;
  cells: string[];
}

export interface ParseProblem {
  line: number;
  /** Why, as a message the screen writes in the instructor's language. */
  reason: Sentence;
}

export interface ParseSummary {
  header: string[];
  /** Line of the header row. */
  headerLine: number;
  delimiter: CsvDelimiter;
  rows: number;
  problems: ParseProblem[];
}

export interface ParseOptions {
  delimiter?: CsvDelimiter;
  /** Rows per `onRows` call. */
  batch?: number;
  onRows: (rows: CsvRow[], progress: number) => void;
}

function linebreakOf(text: string): string {
  const n = text.indexOf('\n');
  if (n < 0) return text.includes('\r') ? '\r' : '\n';
  return '\n';
}

function count(text: string, of: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf(of, from); i >= 0 && i < to; i = text.indexOf(of, i + 1)) n++;
  return n;
}

export function parseCsv(text: string, options: ParseOptions): ParseSummary {
  const delimiter = options.delimiter ?? detectDelimiter(text);
  const batchSize = options.batch ?? 2000;
  const lb = linebreakOf(text);
  const summary: ParseSummary = { header: [], headerLine: 0, delimiter, rows: 0, problems: [] };
  let batch: CsvRow[] = [];
  let pos = 0;
  let breaks = 0; // line breaks in text[0, pos)
  let headerSeen = false;

  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: 'greedy',
    step: (result) => {
      const cursor = result.meta.cursor;
      breaks += count(text, lb, pos, cursor);
      pos = cursor;
      const cells = result.data;
      // The row ends on the line before its terminating break (if it has one); it starts as many
      // lines earlier as it has breaks inside quoted cells.
      // An unclosed quote swallows the rest of the file, its final break included.
      const unclosed = result.errors.some((e) => e.code === 'MissingQuotes');
      const terminated = !unclosed && (text.endsWith(lb, cursor) || (lb === '\n' && text.endsWith('\r', cursor)));
      const inside = cells.reduce((n, c) => n + count(c, lb, 0, c.length), 0);
      const line = 1 + breaks - (terminated ? 1 : 0) - inside;
      for (const e of result.errors) {
        summary.problems.push({
          line,
          reason: sentence(e.code === 'MissingQuotes' ? 'imports.rowUnclosedQuote' : e.code === 'InvalidQuotes' ? 'imports.rowBadQuote' : 'imports.rowUnreadable'),
        });
      }
      if (!headerSeen) {
        headerSeen = true;
        const header = cells.map((c) => restoreCell(c).trim());
        while (header.length > 0 && header[header.length - 1] === '') header.pop(); // trailing delimiters
        summary.header = header;
        summary.headerLine = line;
        return;
      }
      summary.rows++;
      batch.push({ line, cells: cells.map(restoreCell) });
      if (batch.length >= batchSize) {
        options.onRows(batch, cursor / Math.max(1, text.length));
        batch = [];
      }
    },
  });
  options.onRows(batch, 1);
  return summary;
}

/** Strips a UTF-8 byte-order mark left in a string (e.g. text read by a caller, not decodeCsv). */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
