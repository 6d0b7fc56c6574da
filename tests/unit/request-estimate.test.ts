import { describe, expect, it } from 'vitest';
import { estimateRequests, keptForTheDay, meetingRequests, planDays, type MeetingToSend } from '../../shared/domain/request-estimate';

/** A meeting of 300 students once the changes are in, with these statuses. */
const meeting = (over: Partial<MeetingToSend>): MeetingToSend => ({ start: '2026-09-01T09:00:00Z', onLearn: true, recordsOnLearn: 0, writes: 300, final: { Present: 300 }, unmarked: 0, ...over });
const course = { rosterSize: 300, meetingsOnLearn: 40 };

describe('the request estimate of sending attendance changes', () => {
  it('takes one bulk, a PATCH per student not at the plurality status and the check after it, when that is fewer than the writes', () => {
    // 300 written on a meeting with no records yet: 120 P, 90 A, 60 L, 30 E -> 1 page of records, 1 bulk + 180 PATCHes + 3 pages to check.
    expect(meetingRequests(meeting({ final: { Present: 120, Absent: 90, Late: 60, Excused: 30 } }))).toBe(1 + 1 + 180 + 3);
  });

  it('writes each record when that is fewer than a bulk and its exceptions', () => {
    // 20 absences over 280 Present already on Learn (3 pages of records): 20 PATCHes, not 1 + 20 + 3.
    expect(meetingRequests(meeting({ recordsOnLearn: 280, writes: 20, final: { Present: 280, Absent: 20 } }))).toBe(3 + 20);
  });

  it('never plans a bulk while a student would be left without a status', () => {
    // 299 written Present, one student unmarked: the bulk would mark them, so 299 POSTs.
    expect(meetingRequests(meeting({ writes: 299, final: { Present: 299 }, unmarked: 1 }))).toBe(1 + 299);
  });

  it('counts a POST for a meeting Learn does not have, and no records to read', () => {
    expect(meetingRequests(meeting({ onLearn: false, final: { Present: 300 } }))).toBe(1 + 1 + 3);
    expect(meetingRequests(meeting({ writes: 0 }))).toBe(0);
  });

  it('adds the roster once and the meeting list once a course, before creating meetings', () => {
    const term = [meeting({}), meeting({ start: '2026-09-02T09:00:00Z' }), meeting({ start: '2026-09-03T09:00:00Z', onLearn: false })];
    // Roster 3 pages + meeting list 1 page + (1 read + 1 bulk + 3 check) x 2 + (1 POST + 1 bulk + 3 check).
    expect(estimateRequests(course, term)).toBe(3 + 1 + 2 * 5 + 5);
    expect(estimateRequests(course, [meeting({ writes: 0 })])).toBe(0);
  });

  it('is about 1,640 for a realistic 40 x 300 term on meetings Learn has with no records', () => {
    // 88 % P, 7 % A, 3 % L, 2 % E of 300: 264, 21, 9, 6 -> 1 page, 1 bulk + 36 PATCHes + 3 pages of check; 3 roster pages.
    const term = Array.from({ length: 40 }, (_, i) => meeting({ start: `2026-09-${String(i + 1).padStart(2, '0')}`, final: { Present: 264, Absent: 21, Late: 9, Excused: 6 } }));
    expect(estimateRequests(course, term)).toBe(3 + 40 * (1 + 1 + 36 + 3));
  });
});

describe('a plan over several days', () => {
  // 10 meetings of 1 read + 1 bulk + 99 PATCHes + 3 check = 104 each, 3 roster pages a day.
  const ten = Array.from({ length: 10 }, (_, i) => meeting({ start: `2026-09-${String(10 - i).padStart(2, '0')}T09:00:00Z`, final: { Present: 201, Absent: 99 } }));

  it('is one day when everything fits today', () => {
    expect(planDays(course, ten, { today: 2000, later: 2000 })).toEqual([{ meetings: [9, 8, 7, 6, 5, 4, 3, 2, 1, 0], requests: 3 + 1040 }]);
  });

  it('sends the oldest meetings first, each day within its room, the roster read again each day', () => {
    const days = planDays(course, ten, { today: 320, later: 600 });
    // Today: 3 + 3 x 104 = 315 <= 320; later: 3 + 5 x 104 = 523 <= 600 (6 would be 627), then the last 2.
    expect(days.map((d) => d.meetings)).toEqual([[9, 8, 7], [6, 5, 4, 3, 2], [1, 0]]);
    expect(days.map((d) => d.requests)).toEqual([315, 523, 211]);
  });

  it('starts tomorrow when not even the oldest meeting fits today, and gives a meeting bigger than a day a day of its own', () => {
    const days = planDays(course, ten.slice(0, 2), { today: 50, later: 60 });
    expect(days).toEqual([{ meetings: [], requests: 0 }, { meetings: [1], requests: 107 }, { meetings: [0], requests: 107 }]);
  });

  it('keeps the reserve and a twentieth of the limit free each day for roll calls', () => {
    expect(keptForTheDay({ limit: 10_000, reserve: 500 })).toBe(1000);
  });
});
