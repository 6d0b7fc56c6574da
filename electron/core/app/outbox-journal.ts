import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { JournalRow, OUTBOX_JOURNAL_MAX_BYTES } from '../../../shared/ipc/outbox-journal-channels';
import { createLogger } from '../../../shared/logger';
import { readPrivateJson, replacePrivateFile } from '../files/private-file';

/**
 * The host's copy of each identity's outbox: the changes not yet sent to Learn, kept in the data
 * folder so that a browser clearing IndexedDB does not take them with it. One file per identity
 * (named by a hash of the identity key, so no name or site shows in the folder listing), replaced
 * whole (private-file.ts: 0600 in the 0700 folder, temp file + rename), bounded in bytes: past the
 * bound a write is refused with words for the instructor rather than the file growing without end.
 */
const log = createLogger('outbox-journal');

const Contents = z.object({ version: z.literal(1), rows: z.array(JournalRow) });

/** Refused: the journal would pass its bound. Its message is for the instructor. */
export class OutboxJournalFull extends Error {
  override name = 'OutboxJournalFull';
}

export interface JournalChange {
  put: readonly JournalRow[];
  deleted: readonly string[];
}

/** One identity's journal. */
class IdentityJournal {
  #rows: Promise<Map<string, { row: JournalRow; bytes: number }>> | undefined;
  #bytes = 0;
  /** Writes one after another, each from the contents the one before left. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly file: string,
    readonly maxBytes: number,
  ) {}

  async rows(): Promise<JournalRow[]> {
    await this.#queue;
    return [...(await this.#load()).values()].map((kept) => kept.row);
  }

  apply(change: JournalChange): Promise<{ rows: number; bytes: number }> {
    const run = this.#queue.then(() => this.#apply(change));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #apply(change: JournalChange): Promise<{ rows: number; bytes: number }> {
    const rows = await this.#load();
    // Worked out on a copy: a refused change leaves the journal exactly as it was.
    const next = new Map(rows);
    let bytes = this.#bytes;
    for (const row of change.put) {
      const size = Buffer.byteLength(JSON.stringify(row));
      bytes += size - (next.get(row.opId)?.bytes ?? 0);
      // Delete first: a replaced row moves to the end, so the file keeps the order of the writes.
      next.delete(row.opId);
      next.set(row.opId, { row, bytes: size });
    }
    for (const opId of change.deleted) {
      bytes -= next.get(opId)?.bytes ?? 0;
      next.delete(opId);
    }
    if (bytes > this.maxBytes && bytes > this.#bytes) {
      throw new OutboxJournalFull(
        `Rollbook's safety copy of the changes waiting for Learn is full (${megabytes(this.maxBytes)} MB), so the newest changes are kept only in this browser. Sync to send what is waiting, then the copy has room again.`,
      );
    }
    if (next.size === 0) await rm(this.file, { force: true });
    else await replacePrivateFile(this.file, JSON.stringify({ version: 1, rows: [...next.values()].map((kept) => kept.row) }));
    rows.clear();
    for (const [opId, kept] of next) rows.set(opId, kept);
    this.#bytes = bytes;
    return { rows: rows.size, bytes };
  }

  #load(): Promise<Map<string, { row: JournalRow; bytes: number }>> {
    this.#rows ??= readRows(this.file).then((list) => {
      const rows = new Map(list.map((row) => [row.opId, { row, bytes: Buffer.byteLength(JSON.stringify(row)) }] as const));
      this.#bytes = [...rows.values()].reduce((sum, kept) => sum + kept.bytes, 0);
      return rows;
    });
    return this.#rows;
  }
}

/** Every identity's journal in `directory` (the host's data folder). */
export class OutboxJournal {
  readonly #identities = new Map<string, IdentityJournal>();

  constructor(
    readonly directory: string,
    readonly maxBytes: number = OUTBOX_JOURNAL_MAX_BYTES,
  ) {}

  /** The file that holds an identity's journal. */
  fileOf(identity: string): string {
    return join(this.directory, `outbox-journal-${createHash('sha256').update(identity).digest('hex').slice(0, 32)}.json`);
  }

  /** Applies committed outbox writes: rows put whole, then op ids deleted. Throws OutboxJournalFull past the bound. */
  apply(identity: string, change: JournalChange): Promise<{ rows: number; bytes: number }> {
    return this.#of(identity).apply(change);
  }

  /** The rows the identity's journal holds, in the order they were last written. */
  rows(identity: string): Promise<JournalRow[]> {
    return this.#of(identity).rows();
  }

  /**
   * Removes the identity's journal, after its queued writes: its store was removed on purpose
   * (sign-out with nothing waiting, or the instructor removed this data), so nothing of it may come back.
   */
  async forget(identity: string): Promise<void> {
    const journal = this.#of(identity);
    this.#identities.delete(identity);
    await journal.rows();
    await rm(journal.file, { force: true });
  }

  #of(identity: string): IdentityJournal {
    let journal = this.#identities.get(identity);
    if (!journal) {
      journal = new IdentityJournal(this.fileOf(identity), this.maxBytes);
      this.#identities.set(identity, journal);
    }
    return journal;
  }
}

const megabytes = (bytes: number): string => String(Math.round(bytes / (1024 * 1024)));

async function readRows(file: string): Promise<JournalRow[]> {
  const kept = await readPrivateJson(file, Contents);
  if (kept.state === 'read') return kept.data.rows;
  // Nothing in it can be read back: logged, and replaced at the next write.
  if (kept.state === 'damaged') log.warn('The outbox journal is damaged; starting a new one', { file });
  return [];
}
