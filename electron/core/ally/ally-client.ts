import { BatchContentInformation, ContentInformation, ProcessingStatus, type AllyStage } from '../../../shared/api/ally';
import { createLogger } from '../../../shared/logger';
import { urlForDisplay } from '../http';
import { AllyConnection, type AllyConnectionOptions } from './ally-connection';
import { AllyFormats } from './ally-formats';
import { DEFAULT_POLL_SCHEDULE, pollUntilDone, type PollSchedule } from './polling';
import { prepareUpload } from './upload-file';

/**
 * The Ally content feedback client (seed 002): send a course file to Ally, wait for its check,
 * and read its accessibility report; alternative formats are under `formats`. Every request
 * goes through the one HttpClient with Ally's signed bearer token; every answer is validated
 * against shared/api/ally.ts, and every failure is an ApiError (plus AllyFileRefusedError for a
 * file refused on this computer before anything is sent).
 */
const log = createLogger('ally');

/** Ally's batch limit per request; longer lists are sent in several requests, answers kept in order. */
export const ALLY_BATCH_LIMIT = 100;

/** One step of a wait: the stage Ally reported and the time since the wait began. */
export interface AllyProgress {
  hash: string;
  stage: AllyStage;
  elapsedMs: number;
}

export interface WaitOptions {
  signal?: AbortSignal;
  /** Called for every status Ally reports, in order (pending, inprogress, success or failed). */
  onProgress?: (progress: AllyProgress) => void;
  /** Overrides of the client's poll schedule for this wait (its `timeoutMs` bounds the whole wait). */
  poll?: Partial<PollSchedule>;
}

export interface InformationOptions {
  /** Include the accessibility report (default true). */
  feedback?: boolean;
  /** Include the alternative formats on offer (default true). */
  formats?: boolean;
  /** The file's name, for messages (otherwise its hash). */
  fileName?: string;
  /** How many files a batch's hashes stand for, for messages (a lookup may try several hashes per file); default one a hash. */
  files?: number;
  signal?: AbortSignal;
}

export interface UploadResult {
  hash: string;
  /** True when Ally had checked these bytes before (it answered 303) and returned the earlier report. */
  alreadyKnown: boolean;
  /** `success`, or `failed` when Ally could not read the file (`status.message` may say why). */
  status: ProcessingStatus;
  /** Metadata, and the report and formats (null when the check failed). */
  information: ContentInformation;
}

export interface AllyClientOptions extends AllyConnectionOptions {
  /** How status is polled; defaults to DEFAULT_POLL_SCHEDULE. */
  poll?: Partial<PollSchedule>;
}

const isFinished = (s: ProcessingStatus): boolean => s.status === 'success' || s.status === 'failed';

export class AllyClient {
  readonly formats: AllyFormats;
  readonly #conn: AllyConnection;
  readonly #poll: PollSchedule;

  constructor(options: AllyClientOptions) {
    this.#conn = new AllyConnection(options);
    this.#poll = { ...DEFAULT_POLL_SCHEDULE, ...options.poll };
    this.formats = new AllyFormats(this.#conn, this.#poll);
  }

  /**
   * Sends a file to Ally and returns its report once checked. The file's type and size are
   * checked first (AllyFileRefusedError, nothing sent); the body streams from disk. A new file
   * (202) is polled until Ally finishes, reporting each stage; a file Ally already knows (303)
   * is answered with its earlier report at once. Cancel with `signal` (ApiError kind 'aborted');
   * the wait gives up after the poll schedule's time-out (kind 'timeout').
   */
  async upload(filePath: string, options: WaitOptions = {}): Promise<UploadResult> {
    const file = await prepareUpload(filePath);
    const operation = `send ${file.fileName} to Ally`;
    const startedAt = Date.now();
    // Read as a stream: a 303's body is whatever Ally's server writes (often a short HTML page), never parsed.
    const sent = await this.#conn.stream({
      method: 'POST',
      url: this.#conn.contentUrl(),
      operation,
      headers: { 'Content-Type': file.contentType, Accept: 'application/json' },
      body: file.body,
      redirect: 'manual',
      // 30 s, plus a second per 100 kB so a 50 MB file on a slow line is not cut off.
      timeoutMs: 30_000 + Math.ceil(file.size / 100_000) * 1000,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    log.info('Sent a file to Ally', { name: file.fileName, bytes: file.size, answer: sent.status });

    if (sent.status === 303) {
      await sent.body?.cancel();
      const location = this.#location(sent.headers.get('location'), operation);
      const hash = this.#conn.hashIn(location);
      if (hash === undefined) throw this.#conn.invalid(operation, `Ally's 303 points at ${urlForDisplay(location)}, which names no content hash`);
      // Ally's pages show no 303 body; "processed before" is taken as success (a failed file's report is null all the same).
      const status: ProcessingStatus = { hash, status: 'success', statusUrl: this.#conn.pathBelowBase(this.#conn.contentUrl(hash, '/status')), resourceUrl: this.#conn.pathBelowBase(location) };
      options.onProgress?.({ hash, stage: status.status, elapsedMs: Date.now() - startedAt });
      const information = await this.#information(location, `read Ally's report on ${file.fileName}`, {}, options.signal);
      return { hash, alreadyKnown: true, status, information };
    }
    const first = await this.#processingStatus(sent, operation);
    const status = await this.waitForCheck(first.hash, { ...options, first, startedAt, fileName: file.fileName });
    const information = await this.contentInformation(status.hash, { fileName: file.fileName, ...(options.signal ? { signal: options.signal } : {}) });
    return { hash: status.hash, alreadyKnown: false, status, information };
  }

  /** The upload's answer for a new file: a 2xx (202 per the pages) whose JSON body is a processing status. */
  async #processingStatus(sent: Response, operation: string): Promise<ProcessingStatus> {
    const text = await sent.text();
    if (!sent.ok) throw this.#conn.invalid(operation, `Ally answered ${sent.status}, not 202 or 303`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw this.#conn.invalid(operation, `Ally answered ${sent.status} without a processing status (the answer is not JSON)`);
    }
    const parsed = ProcessingStatus.safeParse(body);
    if (!parsed.success) throw this.#conn.invalid(operation, `Ally answered ${sent.status} without a processing status (${parsed.error.issues[0]?.path.join('.') || 'body'}: ${parsed.error.issues[0]?.message ?? 'invalid'})`);
    return parsed.data;
  }

  /** Where Ally stands with a file: 200 for every hash it knows, whatever the outcome. */
  async status(hash: string, options: { signal?: AbortSignal } = {}): Promise<ProcessingStatus> {
    return this.#status(this.#conn.contentUrl(hash, '/status'), hash, options.signal);
  }

  /** `url` is always below the base URL (built, or read from Ally's own answer), so the token goes nowhere else. */
  async #status(url: URL, label: string, signal: AbortSignal | undefined): Promise<ProcessingStatus> {
    const operation = `ask Ally how the check of ${label} is going`;
    const res = await this.#conn.json({ method: 'GET', url, operation, ...(signal ? { signal } : {}) }, ProcessingStatus);
    return res.data;
  }

  /**
   * Polls a file's status with backoff until `success` or `failed`, reporting every status seen.
   * `first` (the upload's answer) is reported without a request; `fileName` names it in messages.
   */
  async waitForCheck(hash: string, options: WaitOptions & { first?: ProcessingStatus; startedAt?: number; fileName?: string } = {}): Promise<ProcessingStatus> {
    const url = options.first ? this.#conn.urlFromBody(options.first.statusUrl, `follow Ally's check of ${options.fileName ?? hash}`) : this.#conn.contentUrl(hash, '/status');
    return pollUntilDone({
      waitingFor: `Ally's check of ${options.fileName ?? hash}`,
      url: urlForDisplay(url),
      check: (signal) => this.#status(url, options.fileName ?? hash, signal),
      stageOf: (s) => s.status,
      isDone: isFinished,
      schedule: { ...this.#poll, ...options.poll },
      signal: options.signal,
      onProgress: options.onProgress && ((p) => options.onProgress?.({ hash, ...p })),
      first: options.first,
      startedAt: options.startedAt,
    });
  }

  /** A file's metadata, and by default its report (`feedback`) and the formats on offer (`formats`). */
  async contentInformation(hash: string, options: InformationOptions = {}): Promise<ContentInformation> {
    return this.#information(this.#conn.contentUrl(hash), `read Ally's report on ${options.fileName ?? hash}`, options, options.signal);
  }

  /**
   * Several files' information in the order asked, `null` for a hash Ally does not know.
   * More than ALLY_BATCH_LIMIT hashes are sent in several requests; an empty list sends none.
   */
  async batchInformation(hashes: readonly string[], options: InformationOptions = {}): Promise<(ContentInformation | null)[]> {
    const answers: (ContentInformation | null)[] = [];
    for (let start = 0; start < hashes.length; start += ALLY_BATCH_LIMIT) {
      const chunk = hashes.slice(start, start + ALLY_BATCH_LIMIT);
      const url = withFlags(this.#conn.contentUrl(undefined, '/batch'), options);
      const operation = `read Ally's reports on ${options.files ?? hashes.length} files`;
      const res = await this.#conn.json(
        { method: 'GET', url, operation, json: { references: chunk.map((hash) => ({ hash })) }, ...(options.signal ? { signal: options.signal } : {}) },
        BatchContentInformation,
      );
      if (res.data.length !== chunk.length) throw this.#conn.invalid(operation, `Ally answered ${res.data.length} entries for ${chunk.length} files`, url);
      answers.push(...res.data);
    }
    return answers;
  }

  async #information(url: URL, operation: string, options: InformationOptions, signal: AbortSignal | undefined): Promise<ContentInformation> {
    const res = await this.#conn.json({ method: 'GET', url: withFlags(url, options), operation, ...(signal ? { signal } : {}) }, ContentInformation);
    return res.data;
  }

  /** A 303's Location: absolute (or relative to the request, as HTTP allows), and below the base URL, or the token is not sent there. */
  #location(header: string | null, operation: string): URL {
    if (!header) throw this.#conn.invalid(operation, 'Ally answered 303 without a Location');
    let url: URL;
    try {
      url = new URL(header, this.#conn.contentUrl());
    } catch {
      throw this.#conn.invalid(operation, 'Ally answered 303 with a Location that is not an address');
    }
    if (!this.#conn.isBelowBase(url)) throw this.#conn.invalid(operation, `Ally's 303 points outside its address (${urlForDisplay(url)})`);
    return url;
  }
}

function withFlags(url: URL, options: InformationOptions): URL {
  const out = new URL(url);
  out.search = '';
  if (options.feedback ?? true) out.searchParams.set('feedback', 'true');
  if (options.formats ?? true) out.searchParams.set('formats', 'true');
  return out;
}
