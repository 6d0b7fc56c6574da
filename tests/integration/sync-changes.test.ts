import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { announcementHandlers } from '../../electron/core/app/announcement-handlers';
import { courseAnnouncementHandlers } from '../../electron/core/app/course-announcement-handlers';
import { calendarHandlers } from '../../electron/core/app/calendar-handlers';
import { changeWriter } from '../../electron/core/app/change-writer';
import { contentHandlers } from '../../electron/core/app/content-handlers';
import { DEFAULT_RETRY_POLICY } from '../../electron/core/http/retry-policy';
import type { LearnClient } from '../../electron/core/learn/learn-client';
import { createSyncEngine, type SyncEngine } from '../../electron/core/sync/sync-engine';
import type { RunningSandbox } from '../../sandbox/server';
import type { OpResult, OutboxOp } from '../../shared/domain/outbox';
import { newLocalId, type QueuedChange } from '../../shared/domain/queued-change';
import { createDispatcher, type Handlers } from '../../electron/core/ipc/dispatcher';
import { LEARN_UNREACHABLE } from '../../shared/ipc/contract';
import { withSandbox } from '../support/sandbox';
import { collect, learnAs, PSYC, routeCount, setFaults } from './learn-support';

/**
 * Content-review changes made offline, replayed by the real sync engine through the real handlers
 * and HTTP client against the sandbox: creates that name each other by local id, answers lost after
 * Learn applied a create, a whole push replayed after a crash, and Learn's refusals.
 */

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await sandbox.controlFetch(`/__sandbox/reset`, { method: 'POST' });
});

const CONTENTS = 'POST /learn/api/public/v1/courses/:courseId/contents';
const CHILDREN = 'POST /learn/api/public/v1/courses/:courseId/contents/:contentId/children';

function engineAs(who: string): { engine: SyncEngine; learn: LearnClient; handlers: ReturnType<typeof writeHandlers> } {
  const { learn } = learnAs(sandbox, who);
  const handlers = writeHandlers(learn);
  return { engine: createSyncEngine({ learn, writeChange: changeWriter(handlers), retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 5, maxDelayMs: 20 } }), learn, handlers };
}

function writeHandlers(learn: LearnClient) {
  return { ...contentHandlers(() => learn), ...calendarHandlers(() => learn), ...announcementHandlers(() => learn), ...courseAnnouncementHandlers(() => learn) };
}

let n = 0;
function op(courseId: string, change: QueuedChange, label: string, extra: { localId?: string; known?: string[]; at?: string } = {}): Extract<OutboxOp, { kind: 'change' }> {
  n++;
  return { opId: `op-${String(n).padStart(5, '0')}`, kind: 'change', courseId, at: extra.at ?? new Date().toISOString(), change, label, ...extra };
}

function byId(results: OpResult[]): Map<string, OpResult> {
  return new Map(results.map((r) => [r.opId, r]));
}

const titled = async (learn: LearnClient, title: string, parentId?: string) =>
  (await collect(parentId ? learn.content.listChildren(PSYC, parentId) : learn.content.listContents(PSYC))).filter((c) => c.title === title);

describe('content changes made offline, replayed by sync', () => {
  it('creates a folder, a page in it, its release rule and a date criterion in one push, mapping each local id', async () => {
    const { engine, learn } = engineAs('instructor');
    const folder = newLocalId();
    const page = newLocalId();
    const rule = newLocalId();
    const criterion = newLocalId();
    const ops = [
      op(PSYC, { channel: 'content.create', request: { courseId: PSYC, kind: 'folder', title: 'Offline week' } }, 'New folder "Offline week"', { localId: folder, known: [] }),
      op(PSYC, { channel: 'content.create', request: { courseId: PSYC, parentId: folder, kind: 'document', title: 'Reading list' } }, 'New page "Reading list"', { localId: page, known: [] }),
      op(PSYC, { channel: 'adaptiveRelease.createRule', request: { courseId: PSYC, contentId: page, title: 'After the lecture' } }, 'New rule "After the lecture"', { localId: rule, known: [] }),
      op(PSYC, { channel: 'adaptiveRelease.createCriterion', request: { courseId: PSYC, contentId: page, ruleId: rule, criterion: { type: 'DateRange', startDate: '2026-12-01T09:00:00.000Z' } } }, 'New date criterion', { localId: criterion, known: [] }),
    ];
    const results = byId(await engine.push(ops));
    expect([...results.values()].map((r) => r.outcome)).toEqual(['done', 'done', 'done', 'done']);

    const [made] = await titled(learn, 'Offline week');
    expect(made).toBeDefined();
    expect(results.get(ops[0]!.opId)).toMatchObject({ createdId: made!.id });
    const [reading] = await titled(learn, 'Reading list', made!.id);
    expect(results.get(ops[1]!.opId)).toMatchObject({ createdId: reading!.id });
    const rules = await collect(learn.adaptiveRelease.listRules(PSYC, reading!.id));
    expect(rules.map((r) => r.title)).toEqual(['After the lecture']);
    const criteria = await collect(learn.adaptiveRelease.listCriteria(PSYC, reading!.id, rules[0]!.id));
    expect(criteria).toHaveLength(1);
    expect(criteria[0]).toMatchObject({ type: 'DateRange', id: (results.get(ops[3]!.opId) as { createdId: string }).createdId });
  });

  it('makes one folder when Learn applies the create and the answer is lost, and none more when the push is replayed after a crash', async () => {
    const { engine, learn } = engineAs('instructor');
    const folder = newLocalId();
    const ops = [op(PSYC, { channel: 'content.create', request: { courseId: PSYC, kind: 'folder', title: 'Lost answer' } }, 'New folder "Lost answer"', { localId: folder, known: [] })];
    await setFaults(sandbox, { dropAfterApplyRate: 1, dropMethods: ['POST'], pathPattern: '/contents$' });
    const first = await engine.push(ops);
    await setFaults(sandbox, { dropAfterApplyRate: 0 });
    expect(first[0]).toMatchObject({ outcome: 'done' });
    expect(await routeCount(sandbox, CONTENTS)).toBe(1);

    // The device crashed before it stored the result: a new engine replays the same op.
    const { engine: afterCrash } = engineAs('instructor');
    const again = await afterCrash.push(ops);
    expect(again[0]).toMatchObject({ outcome: 'done', createdId: (first[0] as { createdId: string }).createdId });
    expect(await routeCount(sandbox, CONTENTS)).toBe(1);
    expect(await titled(learn, 'Lost answer')).toHaveLength(1);
  });

  it('never takes a folder that was already there for its own: a second "Week 1" is made when the user made one', async () => {
    const { engine, learn } = engineAs('instructor');
    const before = await collect(learn.content.listContents(PSYC));
    expect(before.filter((c) => c.title === 'Week 1')).toHaveLength(1);
    const results = await engine.push([
      op(PSYC, { channel: 'content.create', request: { courseId: PSYC, kind: 'folder', title: 'Week 1' } }, 'New folder "Week 1"', { localId: newLocalId(), known: before.map((c) => c.id) }),
    ]);
    expect(results[0]).toMatchObject({ outcome: 'done' });
    expect(await titled(learn, 'Week 1')).toHaveLength(2);
  });

  it('holds back a change that names something not yet created, and says what it waits for', async () => {
    const { engine } = engineAs('instructor');
    const folder = newLocalId();
    const ops = [
      op(PSYC, { channel: 'content.create', request: { courseId: PSYC, kind: 'link', title: 'No address' } }, 'New link "No address"', { localId: folder, known: [] }),
      op(PSYC, { channel: 'content.create', request: { courseId: PSYC, parentId: folder, kind: 'document', title: 'Inside' } }, 'New page "Inside"', { localId: newLocalId(), known: [] }),
      op(PSYC, { channel: 'content.create', request: { courseId: PSYC, parentId: newLocalId(), kind: 'document', title: 'Orphan' } }, 'New page "Orphan"', { localId: newLocalId(), known: [] }),
    ];
    const [refused, inside, orphan] = await engine.push(ops);
    // The app refuses a link without its address: sending it again cannot help.
    expect(refused).toMatchObject({ outcome: 'failed', retryable: false });
    expect((refused as { message: string }).message).toMatch(/^"No address" is a web link: give its address/);
    expect(inside).toMatchObject({ outcome: 'failed', retryable: true });
    expect((inside as { message: string }).message).toBe('it waits for “New link "No address"” to reach Learn first; it will be sent after it.');
    expect((orphan as { message: string }).message).toMatch(/^it waits for something made on this device/);
    // Each as the catalogue's words too, the label it waits for a value as the instructor wrote it.
    expect(refused).toMatchObject({ words: { key: 'host.content.linkNeedsAddress', values: { title: 'No address' } } });
    expect(inside).toMatchObject({ words: { key: 'sync.waitsFor', values: { what: 'New link "No address"' } } });
    expect(orphan).toMatchObject({ words: { key: 'sync.waitsForUnknown' } });
    expect(await routeCount(sandbox, CHILDREN)).toBe(0);
  });

  it("reports Learn's refusal with the change's name, and counts a delete of what is already gone as done", async () => {
    const { engine, learn } = engineAs('instructor');
    const [week1] = await titled(learn, 'Week 1');
    const item = (await collect(learn.content.listChildren(PSYC, week1!.id)))[0]!;
    const existing = await collect(learn.adaptiveRelease.listRules(PSYC, item.id));
    const ops = [
      // Learn allows one rule per item: where there is one already, a second is refused (409).
      ...(existing.length > 0
        ? []
        : [op(PSYC, { channel: 'adaptiveRelease.createRule', request: { courseId: PSYC, contentId: item.id, title: 'First' } }, 'New rule "First"', { localId: newLocalId(), known: [] })]),
      op(PSYC, { channel: 'adaptiveRelease.createRule', request: { courseId: PSYC, contentId: item.id, title: 'Second' } }, 'New rule "Second"', { localId: newLocalId(), known: existing.map((r) => r.id) }),
      op(PSYC, { channel: 'adaptiveRelease.deleteRule', request: { courseId: PSYC, contentId: item.id, ruleId: '_999999_1' } }, 'Delete rule "Gone"'),
    ];
    const results = await engine.push(ops);
    const second = results[results.length - 2]!;
    expect(second).toMatchObject({ outcome: 'failed', retryable: false });
    expect((second as { message: string }).message).toMatch(/^Learn refused it \(".+"\); correct it here, or ask your Learn administrator if it looks right\.$/);
    expect(results[results.length - 1]).toMatchObject({ outcome: 'done' });
  });

  it('replays calendar and announcement creates without doubles after lost answers, then edits them by their new ids', async () => {
    const { engine: asAdmin, learn } = engineAs('admin');
    const event = newLocalId();
    const note = newLocalId();
    const start = '2026-12-03T15:00:00.000Z';
    const ops = [
      op('PERSONAL', { channel: 'calendar.create', request: { item: { type: 'Personal', calendarId: 'PERSONAL', title: 'Marking day', start, end: '2026-12-03T17:00:00.000Z' } } }, 'New event "Marking day"', { localId: event, known: [] }),
      op('PERSONAL', { channel: 'calendar.update', request: { type: 'Personal', id: event, scope: 'this', change: { title: 'Marking day (room 2)' } } }, 'Change event "Marking day"'),
      op('system', { channel: 'announcements.create', request: { announcement: { title: 'Library closed', body: '<p>Closed on Friday.</p>' } } }, 'New announcement "Library closed"', { localId: note, known: [] }),
      op('system', { channel: 'announcements.update', request: { id: note, change: { title: 'Library closed Friday' } } }, 'Change announcement "Library closed"'),
    ];
    await setFaults(sandbox, { dropAfterApplyRate: 1, dropMethods: ['POST'], pathPattern: '(calendars/items|announcements)$' });
    const results = await asAdmin.push(ops);
    await setFaults(sandbox, { dropAfterApplyRate: 0 });
    expect(results.map((r) => r.outcome)).toEqual(['done', 'done', 'done', 'done']);

    const events = (await collect(learn.calendar.listCalendarItems({ since: new Date('2026-12-03T00:00:00Z'), until: new Date('2026-12-04T00:00:00Z'), type: 'Personal' }))).filter((e) => e.title?.startsWith('Marking day'));
    expect(events.map((e) => e.title)).toEqual(['Marking day (room 2)']);
    const notes = (await collect(learn.announcements.listAnnouncements())).filter((a) => a.title?.startsWith('Library closed'));
    expect(notes.map((a) => a.title)).toEqual(['Library closed Friday']);
  });

  it('tells the screen when Learn did not answer a create sent online, and the queued replay adopts what Learn made', async () => {
    const { engine, learn, handlers } = engineAs('instructor');
    const dispatch = createDispatcher(handlers as unknown as Handlers);
    const before = (await collect(learn.content.listContents(PSYC))).map((c) => c.id);
    const request = { courseId: PSYC, kind: 'folder' as const, title: 'Sent as the network went' };
    await setFaults(sandbox, { dropAfterApplyRate: 1, dropMethods: ['POST'], pathPattern: '/contents$' });
    const online = await dispatch('content.create', request);
    await setFaults(sandbox, { dropAfterApplyRate: 0 });
    // The screen learns that Learn did not answer (not that it refused), so it queues the change.
    expect(online).toMatchObject({ ok: false, error: { name: LEARN_UNREACHABLE } });
    expect(await titled(learn, request.title)).toHaveLength(1);

    const [result] = await engine.push([op(PSYC, { channel: 'content.create', request }, `New folder "${request.title}"`, { localId: newLocalId(), known: before })]);
    expect(result).toMatchObject({ outcome: 'done' });
    expect(await titled(learn, request.title)).toHaveLength(1);
    expect(await routeCount(sandbox, CONTENTS)).toBe(1);
  });

  it('replays an assignment with its file after the answer to the create was lost: one assignment, one upload', async () => {
    const { engine, learn } = engineAs('instructor');
    const before = (await collect(learn.content.listContents(PSYC))).map((c) => c.id);
    const file = { fileName: 'rubric.txt', mimeType: 'text/plain', dataBase64: Buffer.from('Marks out of ten.').toString('base64') };
    const request = { courseId: PSYC, title: 'Essay 2 (offline)', instructions: '<p>800 words.</p>', pointsPossible: 10, files: [file] };
    await setFaults(sandbox, { dropAfterApplyRate: 1, dropMethods: ['POST'], pathPattern: '/createAssignment$' });
    const [result] = await engine.push([op(PSYC, { channel: 'content.createAssignment', request }, 'New assignment "Essay 2 (offline)"', { localId: newLocalId(), known: before })]);
    await setFaults(sandbox, { dropAfterApplyRate: 0 });
    expect(result).toMatchObject({ outcome: 'done' });
    const made = await titled(learn, request.title);
    expect(made).toHaveLength(1);
    expect((result as { createdId: string }).createdId).toBe(made[0]!.id);
    expect(await routeCount(sandbox, 'POST /learn/api/public/v1/courses/:courseId/contents/createAssignment')).toBe(1);
    // The file went up once: the replay found the assignment and did not upload it again.
    expect(await routeCount(sandbox, 'POST /learn/api/public/v1/uploads')).toBe(1);
  });
});
