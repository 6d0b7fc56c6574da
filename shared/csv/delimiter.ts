/**
 * Which character separates the cells. Excel writes ";" where the decimal mark is a comma (most
 * of Europe), "," elsewhere; "Unicode text" uses tabs. The header line decides: the candidate
 * that appears there (outside quotes) and splits the next few lines into as many cells wins.
 */
export type CsvDelimiter = ',' | ';' | '\t';

/** Each separator as the mapping step names it. */
const CANDIDATES: readonly CsvDelimiter[] = [',', ';', '\t'];

/** Counts of each candidate per logical line (quotes respected), for the first few lines. */
function sampleCounts(text: string, lines: number): Map<CsvDelimiter, number>[] {
  const out: Map<CsvDelimiter, number>[] = [];
  let counts = new Map<CsvDelimiter, number>();
  let quoted = false;
  let blank = true;
  const limit = Math.min(text.length, 64 * 1024);
  for (let i = 0; i < limit && out.length < lines; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) {
      if (!blank) out.push(counts);
      counts = new Map();
      blank = true;
      continue;
    } else if (!quoted && (CANDIDATES as readonly string[]).includes(c ?? '')) {
      const d = c as CsvDelimiter;
      counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    if (c !== ' ') blank = false;
  }
  if (!blank && out.length < lines) out.push(counts);
  return out;
}

export function detectDelimiter(text: string): CsvDelimiter {
  const [header, ...rest] = sampleCounts(text, 6);
  if (!header) return ',';
  let best: CsvDelimiter = ',';
  let bestScore = -1;
  for (const d of CANDIDATES) {
    const n = header.get(d) ?? 0;
    if (n === 0) continue;
    // Lines that split into as many cells as the header (a trailing delimiter adds one at most).
    const agree = rest.filter((line) => Math.abs((line.get(d) ?? 0) - n) <= 1).length;
    const score = agree * 1000 + n;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}
