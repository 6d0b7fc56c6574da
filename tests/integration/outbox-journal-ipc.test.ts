import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../electron/core/ipc/dispatcher';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { OUTBOX_JOURNAL_MAX_BYTES } from '../../shared/ipc/outbox-journal-channels';
import { ok } from '../support/ipc-answer';

/**
 * The host's copy of the outbox (docs/decisions/outbox-journal-kept-by-the-host.md), through
 * browser mode's real dispatch after the real demo sign-in: kept for the identity signed in only,
 * private on disk, bounded, its bad input refused before the handler runs, and gone with the store key.
 */
let dataDir: string;
const hosts: RunningWebHost[] = [];

async function launch(demoUser?: string): Promise<RunningWebHost> {
  const host = await startWebHost({ port: 0, demo: true, dataDir, rendererDir: dataDir, ...(demoUser ? { demoUser } : {}) });
  hosts.push(host);
  return host;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rollbook-journal-ipc-'));
});
afterAll(async () => {
  for (const host of hosts) await host.close();
  await rm(dataDir, { recursive: true, force: true });
});

const tap = (opId: string, userId: string, status: string) => ({
  opId,
  courseId: '_121_1',
  meetingKey: 'local-meeting-1',
  userId,
  state: 'pending',
  op: { kind: 'record.set', opId, courseId: '_121_1', meeting: { localId: 'local-meeting-1' }, userId, status, baseStatus: null, at: '2026-11-29T04:00:00.000Z' },
});

const journalFiles = async (): Promise<string[]> => (await readdir(dataDir)).filter((name) => name.startsWith('outbox-journal-'));

describe('the outbox journal over IPC', () => {
  let instructor: string;

  it('keeps the signed-in identity’s waiting changes in a private file, and hands them back after a restart', async () => {
    const host = await launch();
    instructor = (await ok(call(host.dispatch, 'auth.signInDemo', {}))).identity!.key;

    expect(await ok(call(host.dispatch, 'outbox.journaled', { identity: instructor }))).toEqual({ rows: [] });
    await ok(call(host.dispatch, 'outbox.journal', { identity: instructor, put: [tap('op-1', '_5_1', 'Present'), tap('op-2', '_6_1', 'Absent')], deleted: [] }));
    // A later write of the same op replaces it; a sent op leaves.
    expect(await ok(call(host.dispatch, 'outbox.journal', { identity: instructor, put: [tap('op-2', '_6_1', 'Late')], deleted: ['op-1'] }))).toMatchObject({ rows: 1 });

    const [file] = await journalFiles();
    expect(file).toBeDefined();
    // Only its owner reads it: 0600 in the 0700 data folder, and its name says nothing of who.
    expect((await stat(join(dataDir, file!))).mode & 0o777).toBe(0o600);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect(file).not.toContain(instructor);

    await host.close();
    const again = await launch();
    await ok(call(again.dispatch, 'auth.signInDemo', {}));
    expect(await ok(call(again.dispatch, 'outbox.journaled', { identity: instructor }))).toEqual({ rows: [tap('op-2', '_6_1', 'Late')] });
  });

  it('refuses bad input before the journal changes', async () => {
    const host = hosts.at(-1)!;
    const refused = [
      { identity: instructor, put: [{ courseId: '_121_1' }], deleted: [] },
      { identity: instructor, put: [], deleted: [''] },
      { identity: instructor, put: [], deleted: [], extra: true },
      { identity: '', put: [], deleted: [] },
      { identity: 'x'.repeat(201), put: [], deleted: [] },
      { identity: instructor, put: Array.from({ length: 5_001 }, (_, n) => ({ opId: `op-${n}` })), deleted: [] },
    ];
    for (const request of refused) {
      const answer = await call(host.dispatch, 'outbox.journal', request as never);
      expect(answer.ok, JSON.stringify(request).slice(0, 120)).toBe(false);
    }
    expect((await call(host.dispatch, 'outbox.journaled', { identity: instructor, also: 1 } as never)).ok).toBe(false);
    expect(await ok(call(host.dispatch, 'outbox.journaled', { identity: instructor }))).toEqual({ rows: [tap('op-2', '_6_1', 'Late')] });
  });

  it('refuses a write past its bound with words for the instructor, and keeps what it held', async () => {
    const host = hosts.at(-1)!;
    // 2,000 rows of 17 kB: past the bound in one write, as an import far beyond any real one would be.
    const filler = 'x'.repeat(Math.ceil(OUTBOX_JOURNAL_MAX_BYTES / 2_000));
    const put = Array.from({ length: 2_000 }, (_, n) => ({ ...tap(`big-${n}`, `_${n}_1`, 'Absent'), note: filler }));
    const answer = await call(host.dispatch, 'outbox.journal', { identity: instructor, put, deleted: [] });
    expect(answer).toMatchObject({ ok: false, error: { message: expect.stringMatching(/safety copy of the changes waiting for Learn is full/) } });
    expect(await ok(call(host.dispatch, 'outbox.journaled', { identity: instructor }))).toEqual({ rows: [tap('op-2', '_6_1', 'Late')] });
  });

  it('is refused while nobody is signed in, and to another identity: a second user cannot read or write the first’s', async () => {
    await ok(call(hosts.at(-1)!.dispatch, 'auth.signOut', {}));
    const signedOut = await call(hosts.at(-1)!.dispatch, 'outbox.journaled', { identity: instructor });
    expect(signedOut).toMatchObject({ ok: false, error: { message: expect.stringMatching(/not signed in/) } });
    await hosts.at(-1)!.close();

    // The teaching assistant signs in on the same computer, with the same data folder.
    const host = await launch('ta');
    const ta = (await ok(call(host.dispatch, 'auth.signInDemo', {}))).identity!.key;
    expect(ta).not.toBe(instructor);
    expect((await call(host.dispatch, 'outbox.journaled', { identity: instructor })).ok).toBe(false);
    expect((await call(host.dispatch, 'outbox.journal', { identity: instructor, put: [], deleted: ['op-2'] })).ok).toBe(false);
    expect(await ok(call(host.dispatch, 'outbox.journaled', { identity: ta }))).toEqual({ rows: [] });
    await ok(call(host.dispatch, 'outbox.journal', { identity: ta, put: [tap('ta-1', '_7_1', 'Excused')], deleted: [] }));
    expect(await journalFiles()).toHaveLength(2);
    // Nothing of the instructor's in the assistant's file.
    const files = await Promise.all((await journalFiles()).map((name) => readFile(join(dataDir, name), 'utf8')));
    expect(files.filter((text) => text.includes('op-2') && text.includes('ta-1'))).toEqual([]);
  });

  it('goes with the store key: a store removed on purpose never gets its changes back', async () => {
    const host = hosts.at(-1)!;
    const ta = (await ok(call(host.dispatch, 'auth.status', {}))).identity!.key;
    await ok(call(host.dispatch, 'store.forgetKey', { identity: ta }));
    expect(await ok(call(host.dispatch, 'outbox.journaled', { identity: ta }))).toEqual({ rows: [] });
    expect(await journalFiles()).toHaveLength(1);
  });
});
