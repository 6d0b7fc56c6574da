/**
 * What one benchmark section hands the runner (bench/run.ts): figures for the printed table, each
 * beside the baseline measured in the same run, and the values that go into
 * bench/results/latest.json under the section's name (e.g. `csv.node.ratioVsPapaparse`).
 */
export interface BenchFigure {
  label: string;
  value: number;
  unit: string;
  baseline?: { label: string; value: number; unit: string };
  /** value / baseline (or the figure's own ratio, e.g. requests sent / minimum). */
  ratio?: number;
  /** The target in words, e.g. "<= 1.00" or ">= 10x". */
  target?: string;
}

export interface BenchSectionResult {
  figures: BenchFigure[];
  json: Record<string, unknown>;
}

/** A section: measures, logging progress lines through `log`; never throws for a slow result. */
export type BenchSection = (log: (line: string) => void) => Promise<BenchSectionResult>;
