import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AllyFormatId, FormatGenerationStatus, type AllyStage } from '../../../shared/api/ally';
import { createLogger } from '../../../shared/logger';
import { ApiError, urlForDisplay } from '../http';
import type { AllyConnection } from './ally-connection';
import { pollUntilDone, type PollSchedule } from './polling';

/**
 * Alternative formats of a file Ally has checked (seed 002): request one (POST, form body `url`
 * and, for a translation, `formatParam`), poll its generation, and download it to the file the
 * user chose. A format is named as paths carry it: `Html`, `Epub`, `Pdf`, `Tts`, `Braille`,
 * `Beeline`, or `Translation:<language>` (`Translation:fr`).
 */
const log = createLogger('ally');

export interface FormatProgress {
  hash: string;
  format: string;
  stage: AllyStage;
  elapsedMs: number;
}

/** Every format operation takes these: a cancel, and the file's name for messages (otherwise its hash). */
export interface FormatCallOptions {
  signal?: AbortSignal;
  fileName?: string;
}

export interface FormatWaitOptions extends FormatCallOptions {
  onProgress?: (progress: FormatProgress) => void;
  poll?: Partial<PollSchedule>;
  /** The answer of `request`: reported without a request, and its statusUrl is polled. */
  first?: FormatGenerationStatus;
}

export interface SavedFormat {
  path: string;
  bytes: number;
  /** The Content-Type Ally sent (`text/html; charset=utf-8`, `application/epub+zip`, ...). */
  contentType: string | undefined;
}

function checkedFormat(format: string): string {
  if (!AllyFormatId.safeParse(format).success) {
    throw new RangeError(`"${format}" is not an Ally format; use Pdf, Html, Epub, Tts, Braille, Beeline or Translation:<language> (e.g. Translation:fr).`);
  }
  return format;
}

/** The path segment: `:` kept readable, as Ally prints `Translation:fr`. */
const segment = (format: string): string => encodeURIComponent(format).replace(/%3A/gi, ':');

/** "the Html version of Syllabus.pdf", as messages name it. */
const version = (format: string, hash: string, options: FormatCallOptions): string => `the ${format} version of ${options.fileName ?? hash}`;

export class AllyFormats {
  constructor(
    private readonly conn: AllyConnection,
    private readonly schedule: PollSchedule,
  ) {}

  /**
   * Asks Ally to generate a format. `originalUrl` is where Ally can fetch the original file
   * (with any authentication it needs, such as a signed query string). Asking again for a format
   * already under way answers that job. A translation is sent as `Translation` with
   * `formatParam=<language>`, the seed's form.
   */
  async request(hash: string, format: string, options: FormatCallOptions & { originalUrl: string }): Promise<FormatGenerationStatus> {
    const [name, language] = checkedFormat(format).split(/:(.*)/s);
    const form = new URLSearchParams({ url: options.originalUrl });
    if (language) form.set('formatParam', language);
    const res = await this.conn.json(
      {
        method: 'POST',
        url: this.conn.contentUrl(hash, `/formats/${segment(name ?? format)}`),
        operation: `ask Ally for ${version(format, hash, options)}`,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        ...(options.signal ? { signal: options.signal } : {}),
      },
      FormatGenerationStatus,
    );
    return res.data;
  }

  /** Where the generation of a requested format stands. */
  async status(hash: string, format: string, options: FormatCallOptions = {}): Promise<FormatGenerationStatus> {
    return this.#status(this.conn.contentUrl(hash, `/formats/${segment(checkedFormat(format))}/status`), version(format, hash, options), options.signal);
  }

  /** `url` is always below the base URL (built, or read from Ally's own answer), so the token goes nowhere else. */
  async #status(url: URL, what: string, signal: AbortSignal | undefined): Promise<FormatGenerationStatus> {
    const operation = `ask Ally how ${what} is going`;
    const res = await this.conn.json({ method: 'GET', url, operation, ...(signal ? { signal } : {}) }, FormatGenerationStatus);
    return res.data;
  }

  /** Polls with backoff until the format is ready (`success`); a `failed` generation is an error. */
  async waitUntilReady(hash: string, format: string, options: FormatWaitOptions = {}): Promise<FormatGenerationStatus> {
    const what = version(format, hash, options);
    const operation = `follow ${what}`;
    const url = options.first ? this.conn.urlFromBody(options.first.statusUrl, operation) : this.conn.contentUrl(hash, `/formats/${segment(checkedFormat(format))}/status`);
    const done = await pollUntilDone({
      waitingFor: `Ally's ${format} version of ${options.fileName ?? hash}`,
      url: urlForDisplay(url),
      check: (signal) => this.#status(url, what, signal),
      stageOf: (s) => s.status,
      isDone: (s) => s.status === 'success' || s.status === 'failed',
      schedule: { ...this.schedule, ...options.poll },
      signal: options.signal,
      onProgress: options.onProgress && ((p) => options.onProgress?.({ hash, format, ...p })),
      first: options.first,
    });
    if (done.status === 'failed') {
      throw new ApiError({ kind: 'http', message: `Ally could not make ${what}. Try another format, or try again later.`, method: 'GET', url: urlForDisplay(url), operation });
    }
    return done;
  }

  /**
   * Downloads a ready format to `destinationPath` (from the host's save dialog): streamed into a
   * temporary file beside it and renamed into place only when complete, so a failed or cancelled
   * download never leaves a partial file there. `downloadUrl` is the status's, when Ally gave one;
   * otherwise the documented download path (seed 002 "Download format").
   */
  async download(hash: string, format: string, destinationPath: string, options: FormatCallOptions & { downloadUrl?: string; maxBytes?: number } = {}): Promise<SavedFormat> {
    if (!isAbsolute(destinationPath)) throw new RangeError(`Save the download to a full path chosen by the user, not "${destinationPath}".`);
    const operation = `download ${version(format, hash, options)}`;
    const url = options.downloadUrl ? this.conn.urlFromBody(options.downloadUrl, operation) : this.conn.contentUrl(hash, `/formats/${segment(checkedFormat(format))}`);
    // The HttpClient cuts the body off past `maxBytes`, or when Ally stalls or never ends, while it is written.
    const res = await this.conn.stream({ method: 'GET', url, operation, ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}), ...(options.signal ? { signal: options.signal } : {}) });
    if (!res.body) throw this.conn.invalid(operation, 'Ally answered without a file', url);
    let bytes: number;
    try {
      bytes = await saveStreamToFile(res.body, destinationPath, options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw new ApiError({ kind: 'aborted', message: `Cancelled: ${operation}. Nothing was saved.`, method: 'GET', url: urlForDisplay(url), operation, cause: error });
      if (isFileSystemError(error) || error instanceof ApiError) throw error;
      throw new ApiError({ kind: 'network', message: `Could not ${operation}: the connection to Ally broke off. Nothing was saved; try again.`, method: 'GET', url: urlForDisplay(url), operation, cause: error });
    }
    log.info('Saved an Ally format', { hash, format, bytes });
    return { path: destinationPath, bytes, contentType: res.headers.get('content-type') ?? undefined };
  }

  /** Request, wait and download in one: what the "Download as ..." action does. */
  async generateAndDownload(
    hash: string,
    format: string,
    options: { originalUrl: string; destinationPath: string } & Omit<FormatWaitOptions, 'first'>,
  ): Promise<SavedFormat> {
    const call: FormatCallOptions = { ...(options.signal ? { signal: options.signal } : {}), ...(options.fileName ? { fileName: options.fileName } : {}) };
    const first = await this.request(hash, format, { ...call, originalUrl: options.originalUrl });
    const ready = await this.waitUntilReady(hash, format, { ...options, first });
    return this.download(hash, format, options.destinationPath, { ...call, ...(ready.downloadUrl ? { downloadUrl: ready.downloadUrl } : {}) });
  }
}

/** Errors of the destination (no room, no permission): the user's to fix, not Ally's. */
function isFileSystemError(error: unknown): boolean {
  return error instanceof Error && 'syscall' in error;
}

/**
 * Saves a download where the user chose (the host's save dialog gives `destinationPath`) without
 * ever leaving a half-written file there: the bytes stream into a temporary file in the same
 * folder (so the final rename stays on one file system and is atomic), and only a complete
 * download is renamed over the destination. A failed or cancelled download removes its
 * temporary file and leaves any earlier file at the destination untouched.
 */
export async function saveStreamToFile(body: ReadableStream<Uint8Array>, destinationPath: string, signal?: AbortSignal): Promise<number> {
  const temporary = join(dirname(destinationPath), `.${basename(destinationPath)}.${randomBytes(6).toString('hex')}.part`);
  let bytes = 0;
  const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>, signal ? { signal } : {});
  const counted = async function* (chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    for await (const chunk of chunks) {
      bytes += chunk.byteLength;
      yield chunk;
    }
  };
  try {
    // `wx`: a name collision with a stranger's file fails instead of overwriting it.
    await pipeline(source, counted, createWriteStream(temporary, { flags: 'wx' }), signal ? { signal } : {});
    await rename(temporary, destinationPath);
    return bytes;
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
