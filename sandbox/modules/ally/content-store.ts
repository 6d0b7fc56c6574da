import { createHash } from 'node:crypto';
import type { Clock } from '../../core/clock';
import type { DocModel } from './document-model';
import type { FileType } from './analyse';
import type { FormatName } from './format-ids';
import type { Analysis } from './document-model';

/**
 * The files Ally knows, by content hash, and the alternative formats requested for each.
 * Processing is not simulated with timers: a file's stage is computed when asked, from the time
 * since it arrived on the sandbox clock (pending, then in progress, each for `stageMs`, then
 * success or failed), so tests move time with the clock instead of waiting.
 */
export type Stage = 'pending' | 'inprogress' | 'success' | 'failed';

export interface FormatJob {
  id: string;
  name: FormatName;
  requestedAt: number;
  /** Where the original can be fetched (the sandbox checks it, never fetches it). */
  url: string;
}

export interface ContentRecord {
  hash: string;
  name: string;
  fileType: FileType;
  mimeType: string;
  /** Arrival on the sandbox clock; -Infinity for files processed before the world began (demo files). */
  receivedAt: number;
  analysis: Analysis;
  /** For demo files: the text they were written from (renditions of a scan use it). */
  sourceModel?: DocModel | undefined;
  formats: Map<string, FormatJob>;
}

/** The content hash: SHA-256 of the bytes, lower-case hex. Identical bytes, identical hash. */
export const contentHash = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

export class ContentStore {
  readonly #records = new Map<string, ContentRecord>();

  constructor(
    private readonly clock: Clock,
    private readonly stageMs: number,
  ) {}

  get(hash: string): ContentRecord | undefined {
    return this.#records.get(hash);
  }

  add(record: ContentRecord): ContentRecord {
    this.#records.set(record.hash, record);
    return record;
  }

  /** pending for the first `stageMs`, in progress for the next, then done. */
  #phase(since: number): 'pending' | 'inprogress' | 'done' {
    const elapsed = this.clock.now() - since;
    if (elapsed >= 2 * this.stageMs) return 'done';
    return elapsed < this.stageMs ? 'pending' : 'inprogress';
  }

  stage(record: ContentRecord): Stage {
    const phase = this.#phase(record.receivedAt);
    if (phase !== 'done') return phase;
    return record.analysis.ok ? 'success' : 'failed';
  }

  formatStage(job: FormatJob): 'pending' | 'inprogress' | 'success' {
    const phase = this.#phase(job.requestedAt);
    return phase === 'done' ? 'success' : phase;
  }

  now(): number {
    return this.clock.now();
  }
}
