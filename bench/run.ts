import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configureLogger } from '../shared/logger';
import { describeMachine } from './machine';
import type { BenchSection, BenchSectionResult } from './sections/types';
import { formatTable, type TableRow } from './table';

/**
 * `npm run bench`: runs every benchmark section, prints one table (each figure beside the
 * baseline measured in the same run, and the ratio) and writes bench/results/latest.json with the
 * machine it ran on. Measurements, not tests: a slow figure never fails the run, and a section
 * that throws is printed as "not measured: <reason>" while the others carry on.
 *
 * `tsx bench/run.ts [section ...]` runs only the sections named (sync, sync.applyResults, csv,
 * rollCall, writes, today, startup, bundle, requests); a dotted name's results go under its first part
 * (`sync.applyResults` into `sync`). Such a run writes to the temporary folder, or with
 * --merge (BENCH_MERGE=1) into bench/results/latest.json, replacing only the sections it ran. Each section's results keep the load average at its start and end, and say
 * plainly when it ran under load; each section first waits for the load to settle. The browser
 * sections serve the renderer from $ROLLBOOK_BENCH_RENDERER_DIR, else from a fresh build into a
 * temporary folder (never into dist/, which tests read).
 */
const SECTIONS: { name: string; load: () => Promise<BenchSection>; limitMs?: number }[] = [
  { name: 'sync', load: async () => (await import('./sections/sync')).syncSection },
  // A term's import synced in a real window, twice (4,000 and 12,000 waiting): about 4 minutes with the imports.
  { name: 'sync.applyResults', load: async () => (await import('./sections/sync-apply')).syncApplySection, limitMs: 600_000 },
  // Node at two sizes, then Chromium at two (a 100,200-row import in a real window takes minutes on a loaded machine).
  { name: 'csv', load: async () => (await import('./sections/csv')).csvSection, limitMs: 480_000 },
  { name: 'rollCall', load: async () => (await import('./sections/roll-call')).rollCallSection },
  { name: 'writes', load: async () => (await import('./sections/writes')).writesSection },
  { name: 'today', load: async () => (await import('./sections/today')).todaySection },
  { name: 'startup', load: async () => (await import('./sections/startup')).startupSection },
  { name: 'bundle', load: async () => (await import('./sections/bundle')).bundleSection },
  // Learn requests per scenario against the API's floor (browser mode and the core; about 2-3 minutes).
  { name: 'requests', load: async () => (await import('./sections/requests')).requestsSection, limitMs: 480_000 },
];
/** Sections that need the renderer built (the bundle section only reads the build). */
const BROWSER_SECTIONS = new Set(['sync.applyResults', 'csv', 'rollCall', 'writes', 'startup', 'bundle', 'requests']);
/** A section still running after this (or its own limit) is reported as not measured, so the whole run stays bounded. */
const SECTION_TIME_LIMIT_MS = 240_000;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
const log = (line: string): void => console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);

/** The temporary build folder this run made (removed at the end), if any. */
let builtHere: string | undefined;

function buildRenderer(): string {
  const given = process.env.ROLLBOOK_BENCH_RENDERER_DIR;
  if (given) return given;
  const outDir = join(mkdtempSync(join(tmpdir(), 'rollbook-bench-')), 'renderer');
  log(`building the renderer into ${outDir}`);
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the renderer failed (see above)');
  process.env.ROLLBOOK_BENCH_RENDERER_DIR = outDir;
  builtHere = dirname(outDir);
  return outDir;
}

const loadNow = (): number => Math.round(loadavg()[0]! * 100) / 100;

/**
 * The 1-minute load average at a section's start and end, and whether it ran under load (above
 * the core count at either end): its figures then measure the other work too, and say so.
 */
function sectionLoad(atStart: number, cores: number): { atStart: number; atEnd: number; underLoad: boolean } {
  const atEnd = loadNow();
  return { atStart, atEnd, underLoad: Math.max(atStart, atEnd) > cores };
}

/**
 * The 1-minute load average falls by about a third each 30 s of idle: a browser section started
 * right after another meets the last one's load (a full run's later sections all said "under
 * load"), and the first meets whatever ran before the bench. Before each section, wait until it
 * is at most half the cores, or SETTLE_LIMIT_MS; BENCH_SETTLE=0 skips the wait. Returns the
 * seconds waited.
 */
const SETTLE_LIMIT_MS = 150_000;
async function settle(cores: number): Promise<number> {
  if (process.env.BENCH_SETTLE === '0') return 0;
  const t0 = performance.now();
  const quiet = cores / 2;
  if (loadNow() <= quiet) return 0;
  log(`waiting for the machine to settle (load average ${loadNow()}, waiting for ${quiet} or less, at most ${SETTLE_LIMIT_MS / 1000} s)`);
  while (loadNow() > quiet && performance.now() - t0 < SETTLE_LIMIT_MS) await new Promise((resolve) => setTimeout(resolve, 5_000));
  return Math.round((performance.now() - t0) / 1000);
}

function withTimeLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running after ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

async function main(): Promise<void> {
  // The engine and hosts log every push and request at info: the progress lines below say enough.
  configureLogger({ level: 'error' });
  // --merge (or BENCH_MERGE=1): the sections run replace their own entries in the committed results.
  const mergeAsked = process.argv.includes('--merge') || process.env.BENCH_MERGE === '1';
  const wanted = process.argv.slice(2).filter((a) => a !== '--merge');
  const unknown = wanted.filter((w) => !SECTIONS.some((s) => s.name === w));
  if (unknown.length > 0) throw new Error(`unknown section ${unknown.join(', ')}: choose from ${SECTIONS.map((s) => s.name).join(', ')}`);
  const chosen = SECTIONS.filter((s) => wanted.length === 0 || wanted.includes(s.name));
  const machine = describeMachine();
  log(`machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGB} GB, node ${machine.node}, ${machine.chromium}, load ${machine.loadAverageAtStart}`);

  const rows: TableRow[] = [];
  const results: Record<string, unknown> = {};
  let rendererReady: string | Error | undefined;
  for (const section of chosen) {
    const settledSeconds = await settle(machine.cores);
    const loadAtStart = loadNow();
    log(`${section.name}: starting (load average ${loadAtStart} on ${machine.cores} cores)`);
    const t0 = performance.now();
    try {
      if (BROWSER_SECTIONS.has(section.name)) {
        rendererReady ??= (() => {
          try {
            return buildRenderer();
          } catch (error) {
            return error instanceof Error ? error : new Error(String(error));
          }
        })();
        if (rendererReady instanceof Error) throw rendererReady;
      }
      const run = await section.load();
      const result: BenchSectionResult = await withTimeLimit(run((line) => log(line)), section.limitMs ?? SECTION_TIME_LIMIT_MS);
      const load = sectionLoad(loadAtStart, machine.cores);
      place(results, section.name, { ...result.json, sectionSeconds: Math.round((performance.now() - t0) / 100) / 10, load: { ...load, settledSeconds } });
      for (const figure of result.figures) rows.push({ section: section.name, figure });
      if (load.underLoad) rows.push({ section: section.name, note: `measured under load: load average ${load.atStart} -> ${load.atEnd} on ${machine.cores} cores; rerun on a quiet machine` });
      log(`${section.name}: done in ${((performance.now() - t0) / 1000).toFixed(1)} s${load.underLoad ? `, UNDER LOAD (load average ${load.atStart} -> ${load.atEnd}, above ${machine.cores} cores)` : ''}`);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
      place(results, section.name, { notMeasured: reason });
      rows.push({ section: section.name, note: `not measured: ${reason}` });
      log(`${section.name}: not measured: ${reason}`);
    }
  }

  const totalSeconds = Math.round((performance.now() - started) / 100) / 10;
  const loadAverageAtEnd = loadNow();
  console.log(`\n${formatTable(rows)}\n`);
  console.log(`Whole run: ${totalSeconds} s on ${machine.cores} cores (1-minute load average ${machine.loadAverageAtStart} at the start, ${loadAverageAtEnd} at the end).`);
  // A full run replaces the committed results; a run of some sections goes to the temp folder, or
  // (BENCH_MERGE=1) replaces those sections in the committed results, saying when each was run.
  const latest = join(root, 'bench', 'results', 'latest.json');
  const merge = wanted.length > 0 && mergeAsked && existsSync(latest);
  const out = wanted.length === 0 || merge ? latest : join(tmpdir(), `rollbook-bench-${wanted.join('-')}.json`);
  if (!existsSync(dirname(out))) mkdirSync(dirname(out), { recursive: true });
  const sectionsRun = chosen.map((s) => s.name);
  const ranAt = new Date().toISOString();
  const report = merge ? mergedInto(JSON.parse(readFileSync(latest, 'utf8')) as Record<string, unknown>, results, sectionsRun, ranAt, machine) : { ranAt, totalSeconds, sectionsRun, machine: { ...machine, loadAverageAtEnd }, ...results };
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Results written to ${out}`);
  if (builtHere) rmSync(builtHere, { recursive: true, force: true });
}

/**
 * A section's results under its name; a dotted name (`sync.applyResults`) goes inside its first
 * part's. `replace` drops what was there (a partial run merged into the committed results).
 */
function place(results: Record<string, unknown>, name: string, value: Record<string, unknown>, replace = false): void {
  const [head, ...rest] = name.split('.') as [string, ...string[]];
  if (rest.length > 0) place((results[head] ??= {}) as Record<string, unknown>, rest.join('.'), value, replace);
  else results[head] = replace ? value : { ...(results[head] as Record<string, unknown> | undefined), ...value };
}

/** The committed results with the sections of this run replaced, each saying when and where it ran. */
function mergedInto(latest: Record<string, unknown>, results: Record<string, unknown>, sectionsRun: string[], ranAt: string, machine: ReturnType<typeof describeMachine>): Record<string, unknown> {
  const out = { ...latest };
  for (const name of sectionsRun) {
    const value = name.split('.').reduce<unknown>((r, part) => (r as Record<string, unknown> | undefined)?.[part], results) as Record<string, unknown>;
    place(out, name, { ...value, ranAt, machine: { cores: machine.cores, chromium: machine.chromium } }, true);
  }
  return out;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
