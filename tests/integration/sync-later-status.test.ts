import { describe, expect, it } from 'vitest';
import { learnHandlers } from '../../electron/core/app/learn-handlers';
import { createSyncEngine } from '../../electron/core/sync/sync-engine';
import type { RunningSandbox } from '../../sandbox/server';
import { setLaterStatus } from '../support/sandbox-controls';
import { PSYC, collect, learnAs } from './learn-support';
import { syncSandbox, TestOutbox, serverStatuses } from './sync-support';

/**
 * A record holding a status a later Learn release adds (the Swagger's enum may grow): the meeting's
 * records still read, the screen gets the word as Learn sent it, and a push over the meeting writes
 * the instructor's marks without losing anything (an unknown status is "another status").
 */

let sandbox: RunningSandbox;
syncSandbox((started) => (sandbox = started));

const MEETING = 1010;

describe('a record with a status Rollbook does not know', () => {
  it('is read and handed to the screen as its word, and a push over the meeting keeps every mark', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const before = await collect(learn.attendance.listRecords(PSYC, MEETING));
    const [remote, overRemote, changedUnderneath, plain] = before;
    if (!remote || !overRemote || !changedUnderneath || !plain) throw new Error('the demo meeting has records');
    const byUserId = remote.modifiedByUserId ?? remote.userId;
    await setLaterStatus(sandbox, { meetingId: MEETING, userId: remote.userId, status: 'Remote', byUserId });
    await setLaterStatus(sandbox, { meetingId: MEETING, userId: overRemote.userId, status: 'Remote', byUserId });

    // The read the roll call, the report and Today make: it used to fail as a whole.
    const { records } = await learnHandlers(() => learn)['learn.records']({ courseId: PSYC, meetingId: MEETING });
    expect(records).toHaveLength(before.length);
    expect(records.find((r) => r.userId === remote.userId)?.status).toBe('Remote');

    // The instructor saw "Remote" and marked one of them Present; another student they saw Absent
    // was given an unknown status on Learn since; a fourth is changed plainly.
    const outbox = new TestOutbox(PSYC);
    await setLaterStatus(sandbox, { meetingId: MEETING, userId: changedUnderneath.userId, status: 'Online', byUserId });
    const plainTo = plain.status === 'Late' ? 'Absent' : 'Late';
    outbox.set({ serverId: MEETING }, overRemote.userId, 'Present', 'Remote');
    outbox.set({ serverId: MEETING }, changedUnderneath.userId, 'Excused', changedUnderneath.status);
    outbox.set({ serverId: MEETING }, plain.userId, plainTo, plain.status);
    const results = await createSyncEngine({ learn }).push(outbox.ops);

    expect(results.map((r) => r.outcome)).toEqual(['done', 'conflict', 'done']);
    expect(results[1]).toMatchObject({ outcome: 'conflict', local: 'Excused', server: 'Online' });
    const after = await serverStatuses(learn, PSYC, MEETING);
    const expected = new Map(before.map((r) => [r.userId, r.status]));
    expected.set(remote.userId, 'Remote');
    expected.set(overRemote.userId, 'Present');
    expected.set(changedUnderneath.userId, 'Online');
    expected.set(plain.userId, plainTo);
    expect(after).toEqual(expected);
  });
});
