import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY } from '../../electron/core/http/retry-policy';
import { createSyncEngine } from '../../electron/core/sync/sync-engine';
import { attendanceRepo, cacheRepo, courseAttendance, meetingsRepo, openRollbookDb, outboxRepo, pendingCount, type RollbookDb } from '../../renderer/src/db';
import { pushInRounds } from '../../renderer/src/features/attendance/push-rounds';
import type { RunningSandbox } from '../../sandbox/server';
import { bigSandbox, collect, learnAs, PSYC } from './learn-support';

/**
 * A read of Learn that was sent before this device's own change landed, and is stored after it.
 * The list or roll it brings is older than the device: the meeting created a moment ago is not
 * in it, the meeting deleted is still in it, the status pressed is the one before. Storing it as
 * Learn's word made a just-created meeting vanish from the device (CI: an import then found no
 * such meeting, every cell an error) and a just-deleted one come back. What landed after the read
 * was sent stays as the device has it; the next read brings Learn's later word.
 */
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await bigSandbox();
});
afterAll(() => sandbox.close());

const engine = (): ReturnType<typeof createSyncEngine> => createSyncEngine({ learn: learnAs(sandbox, 'instructor').learn, retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 5, maxDelayMs: 20 } });
const learn = () => learnAs(sandbox, 'instructor').learn;

async function freshStore(name: string): Promise<RollbookDb> {
  const db = await openRollbookDb(`stale-${name}-${process.pid}-${Date.now()}`);
  const readSince = new Date().toISOString();
  await cacheRepo(db).putMeetings(PSYC, await collect(learn().attendance.listMeetings(PSYC)), readSince);
  return db;
}

async function titlesOnDevice(db: RollbookDb): Promise<string[]> {
  return (await courseAttendance(db, PSYC)).meetings.map((m) => m.title);
}

async function push(db: RollbookDb): Promise<void> {
  const sync = engine();
  await pushInRounds(outboxRepo(db), (ops) => sync.push(ops));
  expect(await pendingCount(db)).toBe(0);
}

describe('a read of Learn sent before this device’s change landed', () => {
  it('keeps a meeting created and synced while the meeting list was on its way', async () => {
    const db = await freshStore('create');
    const readSince = new Date().toISOString();
    const before = await collect(learn().attendance.listMeetings(PSYC));
    await meetingsRepo(db).createMeeting(PSYC, { title: 'Stale: created', description: '', start: '2026-12-03T09:00:00.000Z', end: '2026-12-03T10:00:00.000Z' });
    await push(db);

    await cacheRepo(db).putMeetings(PSYC, before, readSince);
    expect(await titlesOnDevice(db)).toContain('Stale: created');

    // A read sent after it landed has it; one that no longer has it means Learn deleted it.
    const after = new Date().toISOString();
    const now = await collect(learn().attendance.listMeetings(PSYC));
    await cacheRepo(db).putMeetings(PSYC, now.filter((m) => m.title !== 'Stale: created'), after);
    expect(await titlesOnDevice(db)).not.toContain('Stale: created');
    db.close();
  });

  it('keeps a meeting deleted and synced while the list was on its way deleted, and forgets it once a later read agrees', async () => {
    const db = await freshStore('delete');
    const { localId } = await meetingsRepo(db).createMeeting(PSYC, { title: 'Stale: deleted', description: '', start: '2026-12-04T09:00:00.000Z', end: '2026-12-04T10:00:00.000Z' });
    await push(db);
    const meeting = await db.meetings.where('localId').equals(localId).first();

    const readSince = new Date().toISOString();
    const before = await collect(learn().attendance.listMeetings(PSYC));
    expect(before.map((m) => m.title)).toContain('Stale: deleted');
    await meetingsRepo(db).deleteMeeting(PSYC, { serverId: meeting!.serverId! });
    await push(db);

    await cacheRepo(db).putMeetings(PSYC, before, readSince);
    expect(await titlesOnDevice(db)).not.toContain('Stale: deleted');

    await cacheRepo(db).putMeetings(PSYC, await collect(learn().attendance.listMeetings(PSYC)), new Date().toISOString());
    expect(await db.meetings.get(meeting!.key)).toBeUndefined();
    db.close();
  });

  it('keeps a title changed and synced while the list was on its way', async () => {
    const db = await freshStore('edit');
    const { localId } = await meetingsRepo(db).createMeeting(PSYC, { title: 'Stale: old title', description: '', start: '2026-12-05T09:00:00.000Z', end: '2026-12-05T10:00:00.000Z' });
    await push(db);
    const meeting = await db.meetings.where('localId').equals(localId).first();

    const readSince = new Date().toISOString();
    const before = await collect(learn().attendance.listMeetings(PSYC));
    await meetingsRepo(db).updateMeeting(PSYC, { serverId: meeting!.serverId! }, { title: 'Stale: new title' });
    await push(db);

    await cacheRepo(db).putMeetings(PSYC, before, readSince);
    const titles = await titlesOnDevice(db);
    expect(titles).toContain('Stale: new title');
    expect(titles).not.toContain('Stale: old title');
    db.close();
  });

  it('keeps a status pressed and synced while the roll was on its way, and takes the rest of the roll from Learn', async () => {
    const db = await freshStore('press');
    const { localId } = await meetingsRepo(db).createMeeting(PSYC, { title: 'Stale: roll', description: '', start: '2026-12-06T09:00:00.000Z', end: '2026-12-06T10:00:00.000Z' });
    await push(db);
    const meeting = (await db.meetings.where('localId').equals(localId).first())!;
    const serverId = meeting.serverId!;
    const students = (await collect(learn().courses.listCourseUsers(PSYC, { role: 'Student' }))).filter((m) => m.courseRoleId === 'Student');
    const [mine, theirs] = students;
    if (!mine || !theirs) throw new Error('PSYC has students');
    // A co-instructor marks one student before the read.
    await learn().attendance.createRecord(PSYC, serverId, { userId: theirs.userId, status: 'Late' });

    const readSince = new Date().toISOString();
    const before = await collect(learn().attendance.listRecords(PSYC, serverId));
    await attendanceRepo(db).setStatus(PSYC, { serverId }, mine.userId, 'Present');
    await push(db);

    await cacheRepo(db).putRecords(PSYC, serverId, before, readSince);
    expect((await db.attendanceRecords.get([meeting.key, mine.userId]))?.status).toBe('Present');
    expect((await db.attendanceRecords.get([meeting.key, theirs.userId]))?.status).toBe('Late');
    expect(await pendingCount(db)).toBe(0);
    db.close();
  });
});
