import type { BenchFigure } from './sections/types';

/** The one table the run prints: each figure beside its baseline and the ratio, per section. */
export interface TableRow {
  section: string;
  figure?: BenchFigure;
  /** "not measured: <reason>" for a section that failed. */
  note?: string;
}

const num = (x: number): string => (Number.isInteger(x) ? x.toLocaleString('en-US') : x.toLocaleString('en-US', { maximumFractionDigits: 3 }));

export function formatTable(rows: readonly TableRow[]): string {
  const header = ['section', 'figure', 'value', 'baseline', 'ratio', 'target'];
  const cells = rows.map((r): string[] => {
    if (!r.figure) return [r.section, r.note ?? '', '', '', '', ''];
    const f = r.figure;
    return [
      r.section,
      f.label,
      `${num(f.value)} ${f.unit}`,
      f.baseline ? `${num(f.baseline.value)} ${f.baseline.unit} (${f.baseline.label})` : '',
      f.ratio === undefined ? '' : f.ratio.toFixed(2),
      f.target ?? '',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: readonly string[]): string => c.map((x, i) => x.padEnd(widths[i]!)).join(' | ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-+-'), ...cells.map(line)].join('\n');
}
