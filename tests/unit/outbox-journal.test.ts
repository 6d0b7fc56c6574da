import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutboxJournal, OutboxJournalFull } from '../../electron/core/app/outbox-journal';
import { batchRow as batch } from '../support/outbox-rows';

/** The host's copy of each identity's outbox: per identity, private, replaced whole, bounded, one row per op id. */
const ME = 'site-1:_7_1';
const OTHER = 'site-1:_8_1';

const tap = (opId: string, status = 'Present') => ({ opId, courseId: '_1_1', meetingKey: 's:5', userId: '_9_1', state: 'pending', op: { kind: 'record.set', status } });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rollbook-outbox-journal-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('OutboxJournal', () => {
  it('keeps the rows for the next start, one file per identity, readable by the user only', async () => {
    const journal = new OutboxJournal(dir);
    await journal.apply(ME, { put: [tap('a'), batch('b', 3)], deleted: [] });
    await journal.apply(OTHER, { put: [tap('c')], deleted: [] });

    const next = new OutboxJournal(dir);
    expect((await next.rows(ME)).map((r) => r.opId)).toEqual(['a', 'b']);
    expect(await next.rows(ME)).toContainEqual(batch('b', 3));
    expect((await next.rows(OTHER)).map((r) => r.opId)).toEqual(['c']);
    const file = journal.fileOf(ME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    // The identity (a site and a user id) is not readable from the folder's listing.
    expect((await readdir(dir)).join(' ')).not.toContain('_7_1');
  });

  it('replaces the file whole through a temporary file, leaving none behind', async () => {
    const journal = new OutboxJournal(dir);
    await journal.apply(ME, { put: [tap('a')], deleted: [] });
    const before = await stat(journal.fileOf(ME));
    await journal.apply(ME, { put: [tap('a', 'Absent')], deleted: [] });
    const after = await stat(journal.fileOf(ME));
    // A new file renamed over the old one, never the old one written in place.
    expect(after.ino).not.toBe(before.ino);
    expect(await readdir(dir)).toEqual([journal.fileOf(ME).slice(dir.length + 1)]);
    expect(await new OutboxJournal(dir).rows(ME)).toEqual([tap('a', 'Absent')]);
  });

  it('holds each op once: a row put again replaces it, and a deleted row (sent or discarded) is gone', async () => {
    const journal = new OutboxJournal(dir);
    await journal.apply(ME, { put: [tap('a'), batch('b', 3)], deleted: [] });
    await journal.apply(ME, { put: [batch('b', 2), batch('b', 2)], deleted: ['a'] });
    expect(await new OutboxJournal(dir).rows(ME)).toEqual([batch('b', 2)]);
    await journal.apply(ME, { put: [], deleted: ['b', 'never-kept'] });
    expect(await new OutboxJournal(dir).rows(ME)).toEqual([]);
    // Nothing waiting: no file.
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a write past its bound in bytes with words for the instructor, and keeps what it held', async () => {
    const small = Buffer.byteLength(JSON.stringify(batch('b1', 50)));
    const journal = new OutboxJournal(dir, small * 2 + 10);
    await journal.apply(ME, { put: [batch('b1', 50), batch('b2', 50)], deleted: [] });
    const kept = await readFile(journal.fileOf(ME), 'utf8');
    const refused = journal.apply(ME, { put: [batch('b3', 50)], deleted: [] });
    await expect(refused).rejects.toBeInstanceOf(OutboxJournalFull);
    await expect(refused).rejects.toThrow(/full .*Sync to send what is waiting/);
    expect(await readFile(journal.fileOf(ME), 'utf8')).toBe(kept);
    // A change that makes room is taken: the sent batch leaves, the new one comes in.
    await journal.apply(ME, { put: [batch('b3', 50)], deleted: ['b1'] });
    expect((await new OutboxJournal(dir).rows(ME)).map((r) => r.opId)).toEqual(['b2', 'b3']);
  });

  it('reads a damaged file as empty and replaces it at the next write', async () => {
    const journal = new OutboxJournal(dir);
    await writeFile(journal.fileOf(ME), '{"version":1,"rows":[{"opId":', { mode: 0o600 });
    expect(await journal.rows(ME)).toEqual([]);
    await journal.apply(ME, { put: [tap('a')], deleted: [] });
    expect(await new OutboxJournal(dir).rows(ME)).toEqual([tap('a')]);
  });

  it('applies concurrent writes in the order they were made', async () => {
    const journal = new OutboxJournal(dir);
    await Promise.all([
      journal.apply(ME, { put: [tap('a')], deleted: [] }),
      journal.apply(ME, { put: [tap('b')], deleted: [] }),
      journal.apply(ME, { put: [], deleted: ['a'] }),
      journal.apply(ME, { put: [tap('c')], deleted: [] }),
    ]);
    expect((await new OutboxJournal(dir).rows(ME)).map((r) => r.opId)).toEqual(['b', 'c']);
  });
});
