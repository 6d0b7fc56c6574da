import { decodeCsv } from '../../../../shared/csv/decode';
import { notTextReason } from '../../../../shared/csv/not-text';
import { parseCsv } from '../../../../shared/csv/parse';
import type { WorkerReply, WorkerRequest } from './read-csv';

/**
 * Reads a chosen CSV file off the window's thread: decode (encoding detected), parse with
 * papaparse row by row, and post the rows back in batches with the share read so far, so a
 * 100,000-row file shows progress and never freezes the window.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  void read(event.data);
};

async function read({ file, encoding: chosenEncoding, delimiter }: WorkerRequest): Promise<void> {
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const { text, encoding } = decodeCsv(bytes, chosenEncoding);
    const refused = notTextReason(bytes, text, file.name);
    if (refused) {
      scope.postMessage({ type: 'failed', reason: refused, message: refused.key });
      return;
    }
    const summary = parseCsv(text, {
      ...(delimiter ? { delimiter } : {}),
      batch: 2000,
      onRows: (rows, progress) => scope.postMessage({ type: 'rows', rows, progress }),
    });
    scope.postMessage({ type: 'done', encoding, delimiter: summary.delimiter, header: summary.header, headerLine: summary.headerLine, problems: summary.problems });
  } catch (error) {
    scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}
