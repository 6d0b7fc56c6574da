import { createHash } from 'node:crypto';
import type { Clock } from '../../core/clock';
import type { DocModel } from './document-model';
import type { FileType } from './analyse';
import type { FormatName } from './format-ids';
import type { Analysis } from './document-model';

/**
 * The files Ally knows, by the content hash it issued and by their bytes (SHA-1), and the
 * alternative formats requested for each.
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
  /** The hash Ally issued at the first upload of these bytes (ContentStore.hashFor). */
  hash: string;
  /** In the samples' form: whether the name is written form-encoded (fixed at the first upload). */
  formEncoded?: boolean;
  /** SHA-1 of the bytes, upper-case hex: the same bytes under any name are the same content. */
  sha1: string;
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

/** SHA-1 of the bytes, upper-case hex, as the vendor samples carry it. */
export const sha1Upper = (bytes: Buffer): string => createHash('sha1').update(bytes).digest('hex').toUpperCase();

/**
 * The content hash Ally issues, in the form of the vendor's sample hashes (get-feedback.md,
 * ui-integration.md decode to it): base64 of `<file name>:<SHA-1, upper-case hex>:<media type>`.
 * The samples write the name as sent in one and form-encoded (spaces as `+`) in another:
 * `formEncoded` chooses the second (docs/api-notes/ally.md "Ally content hashes").
 */
export function issueHash(fileName: string, sha1: string, mimeType: string, formEncoded = false): string {
  const name = formEncoded ? new URLSearchParams({ n: fileName }).toString().slice(2) : fileName;
  return Buffer.from(`${name}:${sha1}:${mimeType}`, 'utf8').toString('base64');
}

/**
 * How Ally's hashes look: the vendor samples' form, or opaque (seed 002: "an opaque content hash";
 * the samples' form is an observation, not a rule). A control (`POST /__sandbox/ally`) chooses.
 */
export type HashForm = 'samples' | 'opaque';
/** What Ally answers for a hash it does not know (seed 002: "not shown"): 404, or 200 with an empty entry. */
export type UnknownHashAnswer = 'not-found' | 'empty';

/** An opaque hash: the same for the same bytes, and nothing in it a client could compute without the service. */
export const opaqueHash = (sha1: string): string => createHash('sha256').update(`sandbox-ally:${sha1}`).digest('hex');

export class ContentStore {
  readonly #records = new Map<string, ContentRecord>();
  readonly #bySha1 = new Map<string, ContentRecord>();
  #hashForm: HashForm = 'samples';
  unknownHash: UnknownHashAnswer = 'not-found';

  constructor(
    private readonly clock: Clock,
    private readonly stageMs: number,
    /** Whether the hash issued for these bytes (SHA-1) writes the name form-encoded. */
    readonly formEncodesName: (sha1: string) => boolean = () => false,
  ) {}

  /** The hash Ally issues for these bytes, in the current form. */
  hashFor(name: string, sha1: string, mimeType: string, formEncoded: boolean): string {
    return this.#hashForm === 'opaque' ? opaqueHash(sha1) : issueHash(name, sha1, mimeType, formEncoded);
  }

  get hashForm(): HashForm {
    return this.#hashForm;
  }

  /** Changes the form of every hash, known files included (a test chooses it before it starts). */
  set hashForm(form: HashForm) {
    this.#hashForm = form;
    const records = [...this.#bySha1.values()];
    this.#records.clear();
    for (const record of records) {
      record.hash = this.hashFor(record.name, record.sha1, record.mimeType, record.formEncoded ?? false);
      this.#records.set(record.hash, record);
    }
  }

  get(hash: string): ContentRecord | undefined {
    return this.#records.get(hash);
  }

  /** The content with these bytes, whatever name it came under first. */
  withBytes(sha1: string): ContentRecord | undefined {
    return this.#bySha1.get(sha1);
  }

  add(record: ContentRecord): ContentRecord {
    this.#records.set(record.hash, record);
    this.#bySha1.set(record.sha1, record);
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
