import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { withSandbox } from '../support/sandbox';
import { PSYC, collect, learnAs } from './learn-support';

/** Every calendar operation through the client, on the demo term (Fall 2026). */

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

/** Within one 16-week window, so a sort covers the whole list. */
const TERM = { since: new Date('2026-08-24T00:00:00Z'), until: new Date('2026-12-13T00:00:00Z') };

describe('calendar', () => {
  it('lists calendars and items with each filter', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const calendars = await collect(learn.calendar.listCalendars({ pageSize: 1 }));
    expect(calendars.slice(0, 2).map((c) => c.id)).toEqual(['INSTITUTION', 'PERSONAL']);
    expect(calendars.length).toBeGreaterThan(3);

    const course = await collect(learn.calendar.listCalendarItems({ courseId: PSYC, ...TERM, pageSize: 20 }));
    expect(course.length).toBeGreaterThan(20);
    expect(course.every((i) => ['Course', 'OfficeHours', 'GradebookColumn'].includes(i.type))).toBe(true);
    const columns = await collect(learn.calendar.listCalendarItems({ courseId: PSYC, type: 'GradebookColumn', ...TERM }));
    expect(columns.length).toBeGreaterThan(0);
    expect(columns.every((i) => i.type === 'GradebookColumn')).toBe(true);
    const institution = await collect(learn.calendar.listCalendarItems({ type: 'Institution', ...TERM, sort: ['title(desc)'], fields: ['title'] }));
    const titles = institution.map((i) => i.title!);
    expect(titles).toEqual([...titles].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base', numeric: true })));
    // Without dates Learn answers its default window (two weeks from now): whatever it holds parses.
    await collect(learn.calendar.listCalendarItems({ type: 'Personal' }));
  });

  it('creates, changes and deletes single items and series', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const single = await learn.calendar.createCalendarItem({ type: 'Course', calendarId: PSYC, title: 'Exam review', location: 'Hall A', start: '2026-12-07T15:00:00Z', end: '2026-12-07T16:30:00Z' });
    expect(await learn.calendar.getCalendarItem('Course', single.id, { fields: ['title', 'location'] })).toEqual({ title: 'Exam review', location: 'Hall A' });
    expect(await learn.calendar.updateCalendarItem('Course', single.id, { location: 'Hall B' })).toMatchObject({ location: 'Hall B' });
    await learn.calendar.deleteCalendarItem('Course', single.id);
    await expect(learn.calendar.getCalendarItem('Course', single.id)).rejects.toMatchObject({ kind: 'http', status: 404 });

    const series = await learn.calendar.createCalendarItem({
      type: 'Personal',
      calendarId: 'PERSONAL',
      title: 'Grading hour',
      start: '2026-12-01T20:00:00Z',
      end: '2026-12-01T21:00:00Z',
      recurrence: { frequency: 'Weekly', interval: 1, count: 4, weekDays: ['Tu'] },
    });
    const inDecember = async (): Promise<string[]> =>
      (await collect(learn.calendar.listCalendarItems({ type: 'Personal', since: new Date('2026-11-30T00:00:00Z'), until: new Date('2027-01-31T00:00:00Z') })))
        .filter((i) => i.title?.startsWith('Grading hour'))
        .map((i) => i.start);
    expect(await inDecember()).toHaveLength(4);
    const moved = await learn.calendar.updateCalendarItem(
      'Personal',
      series.id,
      { title: 'Grading hour (Thursdays)', start: '2026-12-03T20:00:00Z', end: '2026-12-03T21:00:00Z', recurrence: { frequency: 'Weekly', interval: 1, count: 3, weekDays: ['Th'] } },
      { updateSeries: true },
    );
    expect(moved.title).toBe('Grading hour (Thursdays)');
    expect((await inDecember()).map((s) => new Date(s).getUTCDay())).toEqual([4, 4, 4]);
    await learn.calendar.deleteCalendarItem('Personal', moved.id, { deleteSeries: true });
    expect(await inDecember()).toEqual([]);
  });
});
