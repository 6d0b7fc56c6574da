import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import type { CalendarItem } from '../../shared/api/calendar';
import type { IpcError } from '../../shared/ipc/contract';
import { windowAt } from '../../renderer/src/features/calendar/calendar-dates';
import { calendarHandlers } from '../../electron/core/app/calendar-handlers';
import { call, createDispatcher, type Dispatch, type Handlers } from '../../electron/core/ipc/dispatcher';
import { withSandbox } from '../support/sandbox';
import { learnAs, routeCount } from './learn-support';
import { ok } from '../support/ipc-answer';

/**
 * The calendar channels through the real dispatcher (request and answer checked against the
 * contract), the real Learn client and the sandbox's demo term: what the calendar screen asks.
 */
let sandbox: RunningSandbox;
let dispatch: Dispatch;
beforeAll(async () => {
  sandbox = await withSandbox();
  const { learn } = learnAs(sandbox, 'instructor');
  // Only the calendar channels are wired: a call to any other is a test bug and fails loudly.
  dispatch = createDispatcher(calendarHandlers(() => learn) as Handlers);
});
afterAll(async () => {
  await sandbox.close();
});

async function refused(result: Promise<{ ok: boolean; error?: IpcError }>): Promise<IpcError> {
  const r = await result;
  if (r.ok || !r.error) throw new Error('expected the call to be refused');
  return r.error;
}

/** The read window holding Sep 15, 2026: the first weeks of the demo term. */
const FALL = windowAt(Date.parse('2026-09-15T12:00:00Z'));
const itemsOf = async (): Promise<CalendarItem[]> => (await ok(call(dispatch, 'calendar.window', FALL))).items;
const ITEMS_ROUTE = 'GET /learn/api/public/v1/calendars/items';

describe('calendar channels', () => {
  it('lists the calendars the instructor sees: institution, personal, then her courses', async () => {
    const { calendars } = await ok(call(dispatch, 'calendar.calendars', {}));
    // toMatchObject: Learn may add fields the reader passes through (shape variety).
    expect(calendars.slice(0, 2)).toMatchObject([
      { id: 'INSTITUTION', name: 'Institution' },
      { id: 'PERSONAL', name: 'Personal' },
    ]);
    expect(calendars.map((c) => c.name)).toContain('PSYC-101-F26: Introduction to Psychology');
  });

  it('reads one 16-week window across every calendar, every page, and only what she may see', async () => {
    const items = await itemsOf();
    const types = new Set(items.map((i) => i.type));
    expect([...types].sort()).toEqual(['Course', 'GradebookColumn', 'Institution', 'OfficeHours', 'Personal']);
    // The lecture meets twice a week from Aug 31: the window holds a good part of the series.
    expect(items.filter((i) => i.title === 'Lecture: Introduction to Psychology').length).toBeGreaterThan(20);
    expect(items.find((i) => i.title === 'Lecture: Introduction to Psychology')?.recurrence).toMatchObject({ frequency: 'Weekly', weekDays: ['Mo', 'We'] });
    expect(items.some((i) => i.title === 'TA office hours: Priya Raman')).toBe(true);
    expect(items.some((i) => i.title === 'Lab manager sync')).toBe(false); // a colleague's personal item
    expect(new Set(items.map((i) => `${i.type}/${i.id}`)).size).toBe(items.length);
  });

  it('refuses a window longer than 16 weeks before asking Learn (Learn would cut it short silently)', async () => {
    const before = await routeCount(sandbox, ITEMS_ROUTE);
    const error = await refused(call(dispatch, 'calendar.window', { since: FALL.since, until: new Date(Date.parse(FALL.until) + 86_400_000).toISOString() }));
    expect(error.detail).toMatch(/at most 16 weeks/);
    expect(await routeCount(sandbox, ITEMS_ROUTE)).toBe(before);
  });

  it('changes one event of a series, then the whole series, then deletes one and the series', async () => {
    const title = 'IPC study group';
    const { item: first } = await ok(
      call(dispatch, 'calendar.create', {
        item: {
          type: 'Personal',
          calendarId: 'PERSONAL',
          title,
          start: '2026-09-08T20:00:00.000Z',
          end: '2026-09-08T21:00:00.000Z',
          recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Tu'], count: 4 },
        },
      }),
    );
    expect(first).toMatchObject({ title, type: 'Personal', recurrence: { count: 4 } });
    const series = async (): Promise<CalendarItem[]> => (await itemsOf()).filter((i) => i.type === 'Personal' && i.title?.startsWith('IPC study'));
    expect((await series()).map((i) => i.start)).toEqual(['2026-09-08T20:00:00.000Z', '2026-09-15T20:00:00.000Z', '2026-09-22T20:00:00.000Z', '2026-09-29T20:00:00.000Z']);

    // This event only: the second moves an hour later; the others stay.
    const second = (await series())[1] as CalendarItem;
    const { item: moved } = await ok(
      call(dispatch, 'calendar.update', { type: 'Personal', id: second.id, scope: 'this', change: { start: '2026-09-15T21:00:00.000Z', end: '2026-09-15T22:00:00.000Z' } }),
    );
    expect(moved.recurrence?.repeatBroken).toBe(true);
    expect((await series()).map((i) => i.start)).toEqual(['2026-09-08T20:00:00.000Z', '2026-09-15T21:00:00.000Z', '2026-09-22T20:00:00.000Z', '2026-09-29T20:00:00.000Z']);

    // The whole series: renamed and made Tuesday and Thursday, three weeks; the moved event rejoins it.
    await ok(
      call(dispatch, 'calendar.update', {
        type: 'Personal',
        id: second.id,
        scope: 'series',
        change: { title: 'IPC study group (new room)', recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Tu', 'Th'], count: 6 } },
      }),
    );
    const rebuilt = await series();
    expect(rebuilt).toHaveLength(6);
    expect(rebuilt.every((i) => i.title === 'IPC study group (new room)' && i.recurrence?.repeatBroken === false)).toBe(true);
    expect(rebuilt[0]?.start).toBe('2026-09-08T20:00:00.000Z');
    expect(rebuilt[1]?.start).toBe('2026-09-10T20:00:00.000Z');

    await ok(call(dispatch, 'calendar.delete', { type: 'Personal', id: (rebuilt[2] as CalendarItem).id, scope: 'this' }));
    expect(await series()).toHaveLength(5);
    await ok(call(dispatch, 'calendar.delete', { type: 'Personal', id: (rebuilt[0] as CalendarItem).id, scope: 'series' }));
    expect(await series()).toHaveLength(0);
  });

  it('refuses, at the boundary, what Learn would refuse: a recurrence on one event, none on a series, a due date', async () => {
    const recurrence = { frequency: 'Weekly' as const, interval: 1, weekDays: ['Mo' as const], count: 2 };
    expect((await refused(call(dispatch, 'calendar.update', { type: 'Personal', id: '_1_1', scope: 'this', change: { recurrence } }))).detail).toMatch(/one event sends no recurrence/);
    expect((await refused(call(dispatch, 'calendar.update', { type: 'Personal', id: '_1_1', scope: 'series', change: { title: 'x' } }))).detail).toMatch(/complete recurrence/);
    const due = (await itemsOf()).find((i) => i.type === 'GradebookColumn') as CalendarItem;
    const error = await refused(call(dispatch, 'calendar.delete', { type: due.type as 'Course', id: due.id, scope: 'this' }));
    expect(error.name).toBe('InvalidRequest');
  });

  it("passes Learn's own refusal to the user, naming what to do instead", async () => {
    const { calendars } = await ok(call(dispatch, 'calendar.calendars', {}));
    const org = calendars.find((c) => c.name?.startsWith('ORG-TLC')) as { id: string };
    const error = await refused(
      call(dispatch, 'calendar.create', { item: { type: 'Course', calendarId: org.id, title: 'Circle meeting', start: '2026-09-10T18:00:00.000Z', end: '2026-09-10T19:00:00.000Z' } }),
    );
    expect(error.message).toMatch(/Personal/);
  });
});
