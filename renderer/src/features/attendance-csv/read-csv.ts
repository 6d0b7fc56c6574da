import type { CsvEncoding } from '../../../../shared/csv/decode';
import type { CsvDelimiter } from '../../../../shared/csv/delimiter';
import type { CsvRow, ParseProblem } from '../../../../shared/csv/parse';
import type { Sentence } from '../../../../shared/i18n/sentence';
import { t } from '../../ui/i18n';
import { said } from './import-words';

/** The messages between the window and csv-worker.ts. */
export interface WorkerRequest {
  file: File;
  /** The user's choice in the mapping step, instead of what the file looks like. */
  encoding?: CsvEncoding;
  delimiter?: CsvDelimiter;
}
export type WorkerReply =
  | { type: 'rows'; rows: CsvRow[]; progress: number }
  | { type: 'done'; encoding: CsvEncoding; delimiter: CsvDelimiter; header: string[]; headerLine: number; problems: ParseProblem[] }
  /** `reason`: why the file is no CSV, as a message; else the error's own text. */
  | { type: 'failed'; reason?: Sentence; message: string };

export interface ReadCsv {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  header: string[];
  headerLine: number;
  rows: CsvRow[];
  problems: ParseProblem[];
}

/** Files larger than this are refused before reading: no attendance file comes close. */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;

const spawn = (): Worker => new Worker(new URL('./csv-worker.ts', import.meta.url), { type: 'module' });

/**
 * Parses files in a Web Worker (the CSP allows `worker-src 'self'`: the worker is bundled as a
 * file of the app, never a blob). The worker starts with the screen, so its script is loaded
 * while the app can still reach its own files, and serves every file chosen on that screen.
 */
export class CsvReader {
  #worker: Worker = spawn();

  /** Read one file; `onProgress` gets 0..1 as batches arrive. `signal` stops it. `as`: encoding or separator chosen by the user. */
  read(file: File, onProgress: (share: number, rows: number) => void, signal?: AbortSignal, as: Pick<WorkerRequest, 'encoding' | 'delimiter'> = {}): Promise<ReadCsv> {
    if (file.size > MAX_FILE_BYTES) return Promise.reject(new Error(t('imports.tooBig', { name: file.name, size: Math.round(file.size / 1048576), limit: MAX_FILE_BYTES / 1048576 })));
    const worker = this.#worker;
    return new Promise((resolve, reject) => {
      const rows: CsvRow[] = [];
      const fail = (message: string): void => {
        this.#restart();
        reject(new Error(t('imports.couldNotRead', { name: file.name, reason: message })));
      };
      signal?.addEventListener('abort', () => {
        this.#restart();
        reject(new DOMException('Reading the file was cancelled.', 'AbortError'));
      });
      worker.onmessage = (event: MessageEvent<WorkerReply>) => {
        const reply = event.data;
        if (reply.type === 'rows') {
          for (const row of reply.rows) rows.push(row);
          onProgress(reply.progress, rows.length);
        } else if (reply.type === 'done') {
          resolve({ encoding: reply.encoding, delimiter: reply.delimiter, header: reply.header, headerLine: reply.headerLine, rows, problems: reply.problems });
        } else {
          fail(reply.reason ? said(reply.reason) : reply.message);
        }
      };
      worker.onerror = (event) => fail(event.message || t('imports.readerDidNotStart'));
      worker.postMessage({ file, ...as } satisfies WorkerRequest);
    });
  }

  /** A cancelled or failed read stops its worker; the next read gets a fresh one. */
  #restart(): void {
    this.#worker.terminate();
    this.#worker = spawn();
  }

  dispose(): void {
    this.#worker.terminate();
  }
}
