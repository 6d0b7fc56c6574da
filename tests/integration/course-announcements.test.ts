import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeWriter } from '../../electron/core/app/change-writer';
import { courseAnnouncementHandlers } from '../../electron/core/app/course-announcement-handlers';
import { DEFAULT_RETRY_POLICY } from '../../electron/core/http/retry-policy';
import type { LearnClient } from '../../electron/core/learn/learn-client';
import { createSyncEngine, type SyncEngine } from '../../electron/core/sync/sync-engine';
import type { RunningSandbox } from '../../sandbox/server';
import type { OutboxOp } from '../../shared/domain/outbox';
import { newLocalId, type QueuedChange } from '../../shared/domain/queued-change';
import { setCourseAnnouncementOrder } from '../support/sandbox-controls';
import { withSandbox } from '../support/sandbox';
import { collect, learnAs, PSYC, routeCount, setFaults } from './learn-support';

/**
 * A course's announcements through the real client and sync engine against the sandbox: read in
 * pages in either order Learn may list them, posted offline and replayed after a lost answer
 * (exactly one in Learn), changed and deleted by the id made offline, and refused where the role
 * does not allow it, in words.
 */

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await sandbox.controlFetch('/__sandbox/reset', { method: 'POST' });
});

const CREATE = 'POST /learn/api/public/v1/courses/:courseId/announcements';

function engineAs(who: string): { engine: SyncEngine; learn: LearnClient } {
  const { learn } = learnAs(sandbox, who);
  const writeChange = changeWriter(courseAnnouncementHandlers(() => learn) as never);
  return { engine: createSyncEngine({ learn, writeChange, retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 5, maxDelayMs: 20 } }), learn };
}

let n = 0;
function op(change: QueuedChange, label: string, extra: { localId?: string; known?: string[] } = {}): Extract<OutboxOp, { kind: 'change' }> {
  n++;
  return { opId: `ca-${String(n).padStart(5, '0')}`, kind: 'change', courseId: PSYC, at: new Date().toISOString(), change, label, ...extra };
}

describe('course announcements', () => {
  it('lists every page in either order, drafts and scheduled ones for the instructor, only those shown now for a student', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const titles = async (): Promise<string[]> => (await collect(learn.courseAnnouncements.listCourseAnnouncements(PSYC, { pageSize: 1 }))).map((a) => a.title ?? '').sort();
    const newest = await titles();
    expect(newest).toEqual(['Guest lecture next week', 'Midterm review session', 'Quiz 1 moved to Thursday', 'Welcome to Introduction to Psychology']);
    await setCourseAnnouncementOrder(sandbox, 'oldest-first');
    expect(await titles()).toEqual(newest);

    const [student] = await collect(learnAs(sandbox, 'admin').learn.courses.listCourseUsers(PSYC, { role: 'Student', pageSize: 1 }));
    const { userName } = await learnAs(sandbox, 'admin').learn.courses.getUser(student?.userId ?? '', { fields: ['userName'] });
    expect(userName).toBeTruthy();
    const { learn: asStudent } = learnAs(sandbox, userName ?? '');
    const shown = (await collect(asStudent.courseAnnouncements.listCourseAnnouncements(PSYC))).map((a) => a.title).sort();
    expect(shown).toEqual(['Quiz 1 moved to Thursday', 'Welcome to Introduction to Psychology']);
  });

  it('posts one made offline exactly once though its answer was lost, then changes and deletes it by the id made offline', async () => {
    const { engine, learn } = engineAs('instructor');
    const known = (await collect(learn.courseAnnouncements.listCourseAnnouncements(PSYC))).map((a) => a.id);
    const local = newLocalId();
    const ops = [
      op({ channel: 'courseAnnouncements.create', request: { courseId: PSYC, announcement: { title: 'No class on Monday', body: '<p>Holiday.</p>', draft: false } } }, 'New announcement', { localId: local, known }),
      op({ channel: 'courseAnnouncements.update', request: { courseId: PSYC, id: local, change: { title: 'No class on Monday 7 December' } } }, 'Change announcement'),
    ];
    await setFaults(sandbox, { dropAfterApplyRate: 1, dropMethods: ['POST'], pathPattern: '/announcements$' });
    const results = await engine.push(ops);
    await setFaults(sandbox, { dropAfterApplyRate: 0 });
    expect(results.map((r) => r.outcome)).toEqual(['done', 'done']);
    expect(await routeCount(sandbox, CREATE)).toBe(1);
    const mine = (await collect(learn.courseAnnouncements.listCourseAnnouncements(PSYC))).filter((a) => a.title?.startsWith('No class on Monday'));
    expect(mine.map((a) => a.title)).toEqual(['No class on Monday 7 December']);

    const id = mine[0]?.id ?? '';
    const [deleted] = await engine.push([op({ channel: 'courseAnnouncements.delete', request: { courseId: PSYC, id } }, 'Delete announcement')]);
    expect(deleted).toMatchObject({ outcome: 'done' });
    await expect(learn.courseAnnouncements.getCourseAnnouncement(PSYC, id)).rejects.toMatchObject({ status: 404 });
  });

  it("refuses a teaching assistant's delete (403) in words, with nothing deleted", async () => {
    const { engine, learn } = engineAs('ta');
    const [quiz] = (await collect(learn.courseAnnouncements.listCourseAnnouncements(PSYC))).filter((a) => a.title === 'Quiz 1 moved to Thursday');
    const [result] = await engine.push([op({ channel: 'courseAnnouncements.delete', request: { courseId: PSYC, id: quiz?.id ?? '' } }, 'Delete announcement “Quiz 1 moved to Thursday”')]);
    expect(result).toMatchObject({ outcome: 'failed', retryable: false });
    const message = (result as { message: string }).message;
    expect(message).toMatch(/Learn role does not allow it/);
    expect(message).not.toMatch(/course\.announcements|403/);
    expect((await learn.courseAnnouncements.getCourseAnnouncement(PSYC, quiz?.id ?? '')).title).toBe('Quiz 1 moved to Thursday');
  });
});
