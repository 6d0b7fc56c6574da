import type { ImportDone, RollbookDb } from '../../db';
import type { DateReading } from '../../../../shared/csv/date-order';
import type { CsvEncoding } from '../../../../shared/csv/decode';
import type { CsvDelimiter } from '../../../../shared/csv/delimiter';
import { guessImport, type GuessContext } from '../../../../shared/csv/import-guess';
import { mappingProblems, type ColumnMapping } from '../../../../shared/csv/mapping';
import { meetingsTouched } from '../../../../shared/csv/touched';
import { countOutcomes, ImportPlanner, writesOf, type MissingMeeting, type OutcomeCounts, type PlanItem } from '../../../../shared/csv/plan';
import type { AttendanceSheet } from '../../../../shared/csv/sheet';
import { createSet, importRequestOf } from './import-request';
import { importWriter } from './import-writer';
import { estimateImport, holdsOf, type ImportEstimate } from './import-estimate';
import type { SiteBudget } from '../../app/site-budget';
import { CsvReader, type ReadCsv } from './read-csv';
import { problemOf, type Problem } from '../../ui/problem';
import type { Sentence } from '../../../../shared/i18n/sentence';
import { t } from '../../ui/i18n';

/**
 * The import's steps: choose a file -> read (worker, progress) -> mapping (guess pre-filled) ->
 * plan (in slices, progress) -> preview -> confirm -> written. Nothing touches the store until
 * `confirm`. Kept in this feature's own state, so leaving the tab and coming back starts over.
 */
export type ImportStep = 'choose' | 'reading' | 'mapping' | 'planning' | 'preview' | 'writing' | 'done';

/** Where the preview's "before" comes from: Learn (just read), or this device's copy and why. */
export type ComparedWith = { kind: 'learn'; meetings: number } | { kind: 'offline' } | { kind: 'device'; why: Problem };

/** What planning reads: the course as saved on this device and, online, a way to refresh it from Learn. */
export interface PlanSource {
  sheet(): Promise<AttendanceSheet>;
  /** The site's request budget as last seen (null: unknown), for the import's request plan. */
  budget?(): Promise<SiteBudget | null>;
  learn?: {
    /** Reads the roster and the meeting list into this device's copy. */
    courseLists(): Promise<void>;
    /** Reads these meetings' records into this device's copy; `progress` gets 0..1. */
    records(meetingIds: readonly number[], progress: (share: number) => void): Promise<void>;
  };
}

/** Rows planned between two yields to the window (a few milliseconds of work). */
const SLICE = 5000;

const yieldToWindow = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export class ImportFlow {
  step = $state<ImportStep>('choose');
  fileName = $state('');
  /** 0..1 while reading or planning. */
  progress = $state(0);
  rowsRead = $state(0);
  file = $state.raw<ReadCsv | null>(null);
  mapping = $state<ColumnMapping | null>(null);
  /** How the file's numeric dates read, and why: shown in the mapping step to confirm or flip. */
  dates = $state.raw<DateReading | null>(null);
  items = $state.raw<PlanItem[]>([]);
  missing = $state.raw<MissingMeeting[]>([]);
  create = $state.raw<ReadonlySet<number>>(createSet());
  /** Errors of reading and writing are Rollbook's own, worded for the user: the message is the whole account. */
  problem = $state<Problem | null>(null);
  result = $state.raw<ImportDone | null>(null);
  /** After an import sent over several days: the changes held for each later day, and when it starts. */
  heldDays = $state.raw<{ changes: number; startsAt: string }[]>([]);
  /** While planning: reading Learn first, then checking the rows. */
  planningPhase = $state<'reading Learn' | 'checking rows'>('checking rows');
  comparedWith = $state.raw<ComparedWith>({ kind: 'offline' });
  /** The course as planned against, and the site's budget then: what the request estimate reads. */
  sheet = $state.raw<AttendanceSheet | null>(null);
  budget = $state.raw<SiteBudget | null>(null);
  /** Send over the planned days (the default when it does not fit today), or all of it now. */
  overDays = $state(true);
  #abort: AbortController | null = null;
  /** The file chosen and how to learn the course's meeting days, kept to read it again another way. */
  #chosen: { file: File; context: () => Promise<GuessContext> } | null = null;
  readonly #reader = new CsvReader();
  /** The store work of imports (write, list, undo), off the window's thread. */
  readonly writer = importWriter();

  readonly counts: OutcomeCounts = $derived(countOutcomes(this.items, this.create));
  readonly mappingProblems: Sentence[] = $derived(this.mapping ? mappingProblems(this.mapping) : []);
  /** About how many Learn requests the import takes, and its days when it does not fit today. */
  readonly estimate: ImportEstimate | null = $derived(this.sheet && this.step !== 'done' ? estimateImport(this.sheet, writesOf(this.items, this.missing, this.create), this.missing, this.budget) : null);

  /** Reads the file and guesses the mapping; `context` gives the course's meeting days (date order). */
  async choose(file: File, context: () => Promise<GuessContext>): Promise<void> {
    this.reset();
    this.#chosen = { file, context };
    await this.#read({});
  }

  /**
   * Reads the chosen file again as the user says (its encoding or separator, from the mapping
   * step), and guesses the columns anew from what that gives.
   */
  async readAs(as: { encoding?: CsvEncoding; delimiter?: CsvDelimiter }): Promise<void> {
    const current = this.file;
    if (!this.#chosen || !current) return;
    await this.#read({ encoding: as.encoding ?? current.encoding, delimiter: as.delimiter ?? current.delimiter });
  }

  async #read(as: { encoding?: CsvEncoding; delimiter?: CsvDelimiter }): Promise<void> {
    const chosen = this.#chosen;
    if (!chosen) return;
    const { file, context } = chosen;
    this.fileName = file.name;
    this.step = 'reading';
    this.problem = null;
    this.#abort = new AbortController();
    try {
      const read = await this.#reader.read(
        file,
        (share, rows) => {
          this.progress = share;
          this.rowsRead = rows;
        },
        this.#abort.signal,
        as,
      );
      if (read.header.length === 0) throw new Error(t('imports.empty', { name: file.name }));
      this.file = read;
      const guess = guessImport(read.header, read.rows, await context());
      this.mapping = guess.mapping;
      this.dates = guess.dates;
      this.step = 'mapping';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      this.step = 'choose';
      this.problem = { message: error instanceof Error ? error.message : String(error) };
    }
  }

  cancel(): void {
    this.#abort?.abort();
    this.reset();
  }

  /**
   * Plan every row, yielding between slices. Online, the course's roster and meetings and the
   * records of the meetings the file names are read from Learn into this device's copy first, so
   * the preview compares with Learn; offline, or when Learn does not answer, it compares with the
   * copy saved on this device and says so.
   */
  async plan(source: PlanSource): Promise<void> {
    const file = this.file;
    const mappingState = this.mapping;
    if (!file || !mappingState || this.mappingProblems.length > 0) return;
    const mapping = $state.snapshot(mappingState);
    this.step = 'planning';
    this.progress = 0;
    this.comparedWith = { kind: 'offline' };
    if (source.learn) {
      this.planningPhase = 'reading Learn';
      try {
        await source.learn.courseLists();
        const touched = meetingsTouched(await source.sheet(), file.header, mapping, file.rows).flatMap((m) => (m.serverId === undefined ? [] : [m.serverId]));
        await source.learn.records(touched, (share) => (this.progress = share));
        this.comparedWith = { kind: 'learn', meetings: touched.length };
      } catch (error) {
        this.comparedWith = { kind: 'device', why: problemOf(error, t('imports.learnUnreachable')) };
      }
    }
    this.planningPhase = 'checking rows';
    this.progress = 0;
    const sheet = await source.sheet();
    const planner = new ImportPlanner(sheet, file.header, mapping);
    for (let i = 0; i < file.rows.length; i += SLICE) {
      planner.add(file.rows.slice(i, i + SLICE));
      this.progress = Math.min(1, (i + SLICE) / file.rows.length);
      await yieldToWindow();
    }
    this.budget = (await source.budget?.()) ?? null;
    this.sheet = sheet;
    this.overDays = true;
    this.items = planner.items;
    this.missing = planner.missing;
    this.create = createSet();
    this.step = 'preview';
  }

  toggleCreate(index: number, on: boolean): void {
    this.create = createSet(on ? [...this.create, index] : [...this.create].filter((i) => i !== index));
  }

  createAll(on: boolean): void {
    this.create = createSet(on ? this.missing.map((_, i) => i) : []);
  }

  backToMapping(): void {
    this.items = [];
    this.missing = [];
    this.step = 'mapping';
  }

  async confirm(db: RollbookDb, courseId: string): Promise<void> {
    this.step = 'writing';
    this.problem = null;
    this.progress = 0;
    try {
      const plan = this.estimate;
      const holds = this.overDays && plan && plan.days.length > 1 ? holdsOf(plan) : undefined;
      const request = importRequestOf(courseId, this.fileName, this.items, this.missing, this.create, holds);
      this.result = await this.writer.write(db, request, (done, total) => (this.progress = done / Math.max(1, total)));
      this.heldDays = holds && plan ? plan.days.flatMap((d) => (d.startsAt === undefined ? [] : [{ changes: d.changes, startsAt: d.startsAt }])) : [];
      this.step = 'done';
    } catch (error) {
      this.problem = { message: t('imports.nothingImported', { reason: error instanceof Error ? error.message : String(error) }) };
      this.step = 'preview';
    }
  }

  /** Stops the file reader: call when the screen goes (the import worker stays, see importWriter). */
  dispose(): void {
    this.#abort?.abort();
    this.#reader.dispose();
  }

  reset(): void {
    this.step = 'choose';
    this.fileName = '';
    this.progress = 0;
    this.rowsRead = 0;
    this.file = null;
    this.mapping = null;
    this.dates = null;
    this.#chosen = null;
    this.items = [];
    this.missing = [];
    this.create = createSet();
    this.problem = null;
    this.result = null;
    this.sheet = null;
    this.budget = null;
    this.heldDays = [];
  }
}
