import { describe, expect, it } from 'vitest';
import { newMeetingTimes, nextQuarterHour, slotOn, usualSlot } from '../../renderer/src/features/today/usual-slot';
import { orderMeetings, stateBadges } from '../../renderer/src/features/attendance/meeting-state';
import { nextTitle, rateWords, todayModel } from '../../renderer/src/features/today/today';
import type { CourseGlance, MeetingWithState } from '../../renderer/src/db';

// Local times throughout (the rules are in the device's clock): new Date(y, m, d, h, min).
const local = (d: number, h: number, min = 0, month = 10): Date => new Date(2026, month, d, h, min);
const meeting = (start: Date, minutes: number | null) => ({ start: start.toISOString(), end: minutes === null ? null : new Date(start.getTime() + minutes * 60_000).toISOString() });
const NOW = local(26, 8, 7); // Thursday 26 November 2026, 08:07

describe("a course's usual slot", () => {
  it('is the most common weekday, its most common start time and length', () => {
    // Mondays 10:00-11:15 three times, one Wednesday at 10:00, one Monday moved to 12:00.
    const slot = usualSlot([meeting(local(2, 10), 75), meeting(local(4, 10), 75), meeting(local(9, 10), 75), meeting(local(16, 12), 60), meeting(local(23, 10), 75)], NOW);
    expect(slot).toEqual({ weekday: 1, startMinutes: 600, endMinutes: 675 });
  });

  it('ignores meetings still to come, and on a tie follows the most recent meeting', () => {
    // Two Tuesdays, then two Thursdays (the course moved); a planned Friday does not count yet.
    const slot = usualSlot([meeting(local(3, 9), 50), meeting(local(10, 9), 50), meeting(local(12, 14), 90), meeting(local(19, 14), 90), meeting(local(27, 8), 30), meeting(local(28, 8), 30)], NOW);
    expect(slot).toEqual({ weekday: 4, startMinutes: 14 * 60, endMinutes: 15 * 60 + 30 });
  });

  it("takes an hour when Learn's grid left every end empty, and is null with no past meeting", () => {
    expect(usualSlot([meeting(local(19, 14, 3), null), meeting(local(12, 14, 3), null)], NOW)).toEqual({ weekday: 4, startMinutes: 14 * 60 + 3, endMinutes: 15 * 60 + 3 });
    expect(usualSlot([meeting(local(30, 9), 60)], NOW)).toBeNull();
    expect(usualSlot([], NOW)).toBeNull();
  });

  it("gives today's meeting the usual times on today's date", () => {
    const { start, end } = slotOn({ weekday: 1, startMinutes: 600, endMinutes: 675 }, NOW);
    expect([start, end]).toEqual([local(26, 10), local(26, 11, 15)]);
  });
});

describe('the times a new meeting starts with', () => {
  it('are the next quarter hour, never the current minute', () => {
    expect(nextQuarterHour(local(26, 8, 7))).toEqual(local(26, 8, 15));
    expect(nextQuarterHour(local(26, 8, 15))).toEqual(local(26, 8, 30));
    expect(nextQuarterHour(new Date(2026, 10, 26, 8, 59, 59))).toEqual(local(26, 9));
    expect(nextQuarterHour(local(26, 23, 50))).toEqual(local(27, 0));
  });

  it('are the usual slot when there is one, else an hour from the next quarter hour', () => {
    expect(newMeetingTimes({ weekday: 4, startMinutes: 840, endMinutes: 990 }, NOW)).toEqual({ start: local(26, 14), end: local(26, 16, 30) });
    expect(newMeetingTimes(null, NOW)).toEqual({ start: local(26, 8, 15), end: local(26, 9, 15) });
  });
});

const state = (over: Partial<MeetingWithState['state']> = {}) => ({ marked: 0, total: 300, waiting: 0, failed: 0, conflicts: 0, known: true, ...over });

describe('a meeting in the list', () => {
  it('shows its state in words: not taken, taken 287/300, waiting, refused, conflicts', () => {
    expect(stateBadges(state()).map((b) => b.text)).toEqual(['Not taken']);
    // A past meeting from Learn whose records this device has not read: not a guess of "not taken".
    expect(stateBadges(state({ known: false })).map((b) => b.text)).toEqual(['Roll not read from Learn yet']);
    expect(stateBadges(state({ marked: 287 })).map((b) => b.text)).toEqual(['Taken 287/300']);
    expect(stateBadges(state({ marked: 287, waiting: 12, failed: 2, conflicts: 1 })).map((b) => b.text)).toEqual([
      '1 conflict',
      '2 changes not sent',
      '10 waiting to sync',
      'Taken 287/300',
    ]);
  });

  it("lists today's and upcoming meetings first, soonest first, then past ones newest first", () => {
    const m = (key: string, start: Date) => ({ key, start: start.toISOString() });
    const { upcoming, past } = orderMeetings([m('a', local(2, 10)), m('b', local(26, 7)), m('c', local(30, 10)), m('d', local(23, 10)), m('e', local(27, 9))], NOW);
    expect(upcoming.map((x) => x.key)).toEqual(['b', 'e', 'c']);
    expect(past.map((x) => x.key)).toEqual(['d', 'a']);
  });
});

describe('Today', () => {
  const course = (id: string, name: string) => ({ id, courseId: id, name, role: 'Instructor', organization: false, ultra: false }) as CourseGlance['course'];
  const withState = (key: string, start: Date, minutes: number, s = state()): MeetingWithState => ({
    key,
    courseId: 'x',
    title: key,
    description: '',
    ...meeting(start, minutes),
    savedAt: '',
    ref: { serverId: 1 },
    pending: false,
    state: s,
  });
  const glances: CourseGlance[] = [
    {
      course: course('PSYC', 'Psychology'),
      meetings: [withState('Lecture 1', local(19, 10), 75, state({ marked: 300 })), withState('Lecture 2', local(26, 10), 75), withState('Lecture 3', local(27, 10), 75)],
      counts: { Present: 250, Late: 20, Absent: 30, Excused: 10 },
      students: 300,
      meetingsKnown: true,
    },
    { course: course('HIST', 'History'), meetings: [withState('Seminar 1', local(19, 14), 150), withState('Seminar 2', local(3, 14, 0, 11), 150)], counts: { Present: 0, Late: 0, Absent: 0, Excused: 0 }, students: 0, meetingsKnown: true },
  ];

  it("lists today's and tomorrow's meetings across courses, in time order", () => {
    const model = todayModel(glances, NOW);
    expect(model.meetings.map((m) => [m.course.name, m.meeting.title, m.day])).toEqual([
      ['Psychology', 'Lecture 2', 'today'],
      ['Psychology', 'Lecture 3', 'tomorrow'],
    ]);
  });

  it("gives each course its next meeting and rate so far, and today's times where it has no meeting today", () => {
    const [history, psych] = [todayModel(glances, NOW).courses[1], todayModel(glances, NOW).courses[0]];
    expect(psych?.next?.title).toBe('Lecture 2');
    expect(psych?.rate).toBeCloseTo(270 / 300); // Excused counts neither way
    expect(psych?.todaysTimes).toBeNull();
    expect(history?.rate).toBeNull();
    expect(history?.next?.title).toBe('Seminar 2');
    expect(history?.todaysTimes).toEqual({ start: local(26, 14), end: local(26, 16, 30) });
    // A course that never met has no usual slot: nothing to create "today's meeting" from.
    const fresh = todayModel([{ ...glances[1]!, meetings: [withState('Seminar 2', local(3, 14, 0, 11), 150)] }], NOW).courses[0];
    expect(fresh?.todaysTimes).toBeNull();
  });

  it('says what the rate cannot include yet, or why there is none', () => {
    expect(rateWords({ rate: 0.914, past: 10, unread: 0 }, 'en')).toBe('91.4% attendance so far');
    expect(rateWords({ rate: 0.9, past: 10, unread: 3 }, 'en')).toBe('90.0% attendance so far; 3 meetings not read from Learn yet');
    expect(rateWords({ rate: null, past: 10, unread: 10 }, 'en')).toBe('Not on this device yet (10 meetings not read from Learn yet)');
    expect(rateWords({ rate: null, past: 0, unread: 0 }, 'en')).toBe('No meetings yet');
  });

  it('keeps a meeting in progress as the next one until it ends', () => {
    const during = todayModel(glances, local(26, 11)).courses[0];
    expect(during?.next?.title).toBe('Lecture 2');
    expect(todayModel(glances, local(26, 11, 16)).courses[0]?.next?.title).toBe('Lecture 3');
  });

  it("names today's meeting after the last one's number, else by its date", () => {
    const day = local(26, 14);
    expect(nextTitle([{ title: 'Seminar, week 11', start: local(12, 14).toISOString() }, { title: 'Seminar, week 12', start: local(19, 14).toISOString() }], day)).toBe('Seminar, week 13');
    // An untitled meeting from Learn's grid, and a planned one after today, do not count.
    expect(nextTitle([{ title: 'Lecture 24', start: local(23, 10).toISOString() }, { title: '', start: local(25, 10).toISOString() }, { title: 'Lecture 40', start: local(30, 10).toISOString() }], day)).toBe('Lecture 25');
    expect(nextTitle([{ title: 'Welcome', start: local(19, 10).toISOString() }], day, 'en-GB')).toBe('Thursday 26 November');
  });
});
