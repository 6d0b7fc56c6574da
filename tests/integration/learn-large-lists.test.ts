import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { calendarWindows } from '../../electron/core/learn/calendar';
import { HIST, PSYC, bigSandbox, collect, first, inBatches, learnAs } from './learn-support';

/**
 * Every list whose natural data can reach 1,000 items, read to the end through paging.nextPage
 * (Learn pages at most 100 rows). The items are made through the client first. Lists whose data
 * cannot reach 1,000 (a meeting's records: one per student, 300 in the largest lecture; rosters,
 * courses, calendars, rules, criteria, predicates: at most 100 by rule) are read with their
 * largest honest set in their area's tests, with small pages so paging is still exercised.
 */

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await bigSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

const distinct = (ids: (string | number)[]): number => new Set(ids).size;

describe('1,000-item lists', () => {
  it('reads 1,000 meetings of a course, and one student\'s 1,000 records across them', { timeout: 90_000 }, async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const day = Date.UTC(2027, 0, 4, 14);
    const made = await inBatches(1000, 25, (i) =>
      learn.attendance.createMeeting(HIST, { courseId: HIST, title: `Session ${i + 1}`, description: '', start: new Date(day + i * 3600_000).toISOString(), end: new Date(day + i * 3600_000 + 1800_000).toISOString() }),
    );
    const meetings = await collect(learn.attendance.listMeetings(HIST));
    expect(meetings).toHaveLength(1012); // 12 demo seminars + 1,000
    expect(distinct(meetings.map((m) => m.id))).toBe(1012);
    expect(meetings.filter((m) => m.title?.startsWith('Session ')).length).toBe(1000);

    const student = await first(learn.courses.listCourseUsers(HIST, { role: 'Student', pageSize: 1 }));
    const userId = student.userId;
    await inBatches(1000, 25, (i) => learn.attendance.createRecord(HIST, made[i]!.id, { userId, status: i % 7 === 0 ? 'Late' : 'Present' }));
    const records = await collect(learn.attendance.listUserRecords(HIST, userId));
    expect(records).toHaveLength(1012);
    expect(distinct(records.map((r) => r.id))).toBe(1012);
    expect(records.filter((r) => r.status === 'Late').length).toBeGreaterThanOrEqual(143);
  });

  it('reads 1,000 announcements', { timeout: 90_000 }, async () => {
    const { learn } = learnAs(sandbox, 'admin');
    const before = (await collect(learn.announcements.listAnnouncements())).length;
    await inBatches(1000, 25, (i) => learn.announcements.createAnnouncement({ title: `Notice ${i + 1}`, body: '<p>Campus news</p>' }));
    const all = await collect(learn.announcements.listAnnouncements({ fields: ['id', 'title'] }));
    expect(all).toHaveLength(before + 1000);
    expect(distinct(all.map((a) => a.id!))).toBe(before + 1000);
    expect(all.every((a) => Object.keys(a).every((k) => k === 'id' || k === 'title'))).toBe(true);
  });

  it('reads 1,000 items in a folder, directly and through a recursive title search', { timeout: 90_000 }, async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const folder = await learn.content.createContent(PSYC, { title: 'Reading list', contentHandler: { id: 'resource/x-bb-folder' } });
    await inBatches(1000, 25, (i) => learn.content.createContent(PSYC, { parentId: folder.id, title: `Reading ${i + 1}`, body: '<p>Chapter notes</p>' }));
    const children = await collect(learn.content.listChildren(PSYC, folder.id));
    expect(children).toHaveLength(1000);
    expect(distinct(children.map((c) => c.id))).toBe(1000);
    expect(children.every((c) => c.parentId === folder.id)).toBe(true);
    const found = await collect(learn.content.listContents(PSYC, { recursive: true, title: 'reading ', fields: ['id', 'title'] }));
    expect(found.filter((c) => /^Reading \d+$/.test(c.title ?? '')).length).toBe(1000);
  });

  it('reads 1,000 calendar items over 28 weeks, beyond Learn\'s 16-week window, each once', { timeout: 90_000 }, async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    // Five daily series of 200 (Learn's cap per series): 1,000 items from 4 Jan to 22 Jul 2027.
    for (const hour of [8, 9, 10, 11, 12]) {
      await learn.calendar.createCalendarItem({
        type: 'Personal',
        calendarId: 'PERSONAL',
        title: `Writing block ${hour}:00`,
        start: new Date(Date.UTC(2027, 0, 4, hour)).toISOString(),
        end: new Date(Date.UTC(2027, 0, 4, hour, 45)).toISOString(),
        recurrence: { frequency: 'Daily', interval: 1, count: 200 },
      });
    }
    const since = new Date(Date.UTC(2027, 0, 1));
    const until = new Date(Date.UTC(2027, 7, 1));
    expect(calendarWindows(since, until).length).toBe(2);
    const items = await collect(learn.calendar.listCalendarItems({ type: 'Personal', since, until }));
    const blocks = items.filter((item) => item.title?.startsWith('Writing block'));
    expect(blocks).toHaveLength(1000);
    expect(distinct(blocks.map((b) => b.id))).toBe(1000);
    // In time order across the windows.
    const starts = blocks.map((b) => Date.parse(b.start));
    expect(starts.every((t, i) => i === 0 || t >= starts[i - 1]!)).toBe(true);
  });
});
