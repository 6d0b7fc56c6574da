import { describe, expect, it } from 'vitest';
import { kindOf } from '../../bench/requests/counter';
import { allyOverviewFloor, figure, launchFloor, meetingWrites, pages, reportFloor, syncFloor, type MeetingWrite, type Status } from '../../bench/requests/floor';
import { MIXES, statusAt } from '../../bench/requests/imports';

// The requests benchmark's floor, on cases counted by hand from the rules in its header.
const roll = (n: number): string[] => Array.from({ length: n }, (_, i) => `_${100 + i}_1`);
const ROLL = roll(300);
const statuses = (users: readonly string[], of: (i: number) => Status): Map<string, Status> => new Map(users.map((u, i) => [u, of(i)]));
/** 300 students, the first 20 absent, the rest present. */
const twentyAbsent = statuses(ROLL, (i) => (i < 20 ? 'Absent' : 'Present'));
const created = (set: Map<string, Status>): MeetingWrite => ({ created: true, before: new Map(), set });

describe('the API floor (bench/requests/floor.ts)', () => {
  it('reads lists in pages of 100, an empty one still one request', () => {
    expect([0, 1, 100, 101, 300].map(pages)).toEqual([1, 1, 1, 2, 3]);
  });

  it('launches: sign-in, the memberships, each current taught course\'s meetings', () => {
    // 3 (version, token, who am I) + 1 page of 30 memberships + 6 courses' meetings (one page each).
    expect(launchFloor({ signIn: true, memberships: 30, currentTaughtMeetings: [24, 0, 0, 0, 0, 0] })).toBe(10);
    expect(launchFloor({ signIn: false, memberships: 30, currentTaughtMeetings: [24, 2, 0, 0, 0, 0] })).toBe(7);
    // 150 memberships take 2 pages; a course with 130 meetings 2.
    expect(launchFloor({ signIn: false, memberships: 150, currentTaughtMeetings: [130] })).toBe(4);
  });

  it('a roll of 300 with 20 absences at a new meeting: look-up, create, one bulk, its check and the 20', () => {
    const known = syncFloor([{ meetingsOnLearn: 0, roll: ROLL, rollKnown: true, meetings: [created(twentyAbsent)] }]);
    expect(known).toEqual({ total: 26, meetingLists: 1, creates: 1, recordReads: 0, rollReads: 0, bulks: 1, checkReads: 3, writes: 20 });
    // Not read by the roll call screen: 3 roster pages, still far below 300 writes.
    expect(syncFloor([{ meetingsOnLearn: 0, roll: ROLL, rollKnown: false, meetings: [created(twentyAbsent)] }]).total).toBe(29);
    // Were the bulk's coverage documented, no check read.
    expect(syncFloor([{ meetingsOnLearn: 0, roll: ROLL, rollKnown: true, meetings: [created(twentyAbsent)] }], { check: false }).total).toBe(23);
  });

  it('a bulk that also reaches 3 staff: a fourth page to check, and their 3 records deleted', () => {
    const staff = ['_1_1', '_2_1', '_3_1'];
    expect(meetingWrites(created(twentyAbsent), ROLL, staff)).toEqual({ oneByOne: 300, withBulk: 1 + 4 + 20 + 3, checkRead: 4 });
    // A member of staff marked Present by the device keeps the bulk's record: no write for them.
    const withTa = new Map<string, Status>([...twentyAbsent, ['_1_1', 'Present']]);
    expect(meetingWrites(created(withTa), ROLL, staff)).toEqual({ oneByOne: 301, withBulk: 1 + 4 + 20 + 2, checkRead: 4 });
  });

  it('"mark everyone" after the absences landed: a read, the bulk and the 20 absences asserted again', () => {
    const before = new Map([...twentyAbsent].filter(([, s]) => s === 'Absent'));
    const rest = new Map([...twentyAbsent].filter(([, s]) => s === 'Present'));
    expect(meetingWrites({ created: false, before, set: rest }, ROLL)).toEqual({ oneByOne: 280, withBulk: 24, checkRead: 3 });
    // The meeting's 20 records: one page read first.
    expect(syncFloor([{ meetingsOnLearn: 1, roll: ROLL, rollKnown: true, meetings: [{ created: false, before, set: rest }] }]).total).toBe(25);
  });

  it('takes the plurality, not only a majority: 40/25/20/15 % of 300 is 1 bulk + 180', () => {
    const mixed = statuses(ROLL, (i) => (i < 120 ? 'Present' : i < 195 ? 'Absent' : i < 255 ? 'Late' : 'Excused'));
    expect(meetingWrites(created(mixed), ROLL)).toEqual({ oneByOne: 300, withBulk: 184, checkRead: 3 });
    // 40 such meetings: 1 list page (24 on Learn), 40 creates, 3 roster pages, 40 x (1 + 3 + 180).
    const term = syncFloor([{ meetingsOnLearn: 24, roll: ROLL, rollKnown: false, meetings: Array.from({ length: 40 }, () => created(mixed)) }]);
    expect(term.total).toBe(1 + 40 + 3 + 40 * 184);
  });

  it('writes one by one when that is cheaper, and then reads no roster', () => {
    // 3 of a 10-student roll marked: 3 writes against 1 bulk + 7.
    const three = statuses(roll(3), () => 'Present');
    expect(syncFloor([{ meetingsOnLearn: 5, roll: roll(10), rollKnown: false, meetings: [created(three)] }])).toEqual({ total: 5, meetingLists: 1, creates: 1, recordReads: 0, rollReads: 0, bulks: 0, checkReads: 0, writes: 3 });
    // 4 of 300 put from Present to Late: the records read (3 pages, fewer than 4 single reads),
    // then 4 writes; a bulk (1 + 4 after 3 roster pages) would cost more.
    const before = statuses(ROLL, () => 'Present');
    const four = statuses(ROLL.slice(0, 4), () => 'Late');
    expect(syncFloor([{ meetingsOnLearn: 1, roll: ROLL, rollKnown: false, meetings: [{ created: false, before, set: four }] }])).toEqual({ total: 7, meetingLists: 0, creates: 0, recordReads: 3, rollReads: 0, bulks: 0, checkReads: 0, writes: 4 });
  });

  it('counts a user the bulk cannot reach as a write of their own, and what Learn already holds as none', () => {
    const withGuest = new Map<string, Status>([...twentyAbsent, ['_9_1', 'Present']]);
    expect(meetingWrites(created(withGuest), ROLL)).toEqual({ oneByOne: 301, withBulk: 25, checkRead: 3 });
    const before = statuses(ROLL, () => 'Present');
    expect(meetingWrites({ created: false, before, set: statuses(ROLL.slice(0, 5), () => 'Present') }, ROLL)).toEqual({ oneByOne: 0, withBulk: Infinity, checkRead: 0 });
  });

  it('a bulk over a roll where some have no end status pays a DELETE each', () => {
    // 200 of 300 marked Present, nobody else: the bulk would give 100 a record nobody set.
    const partial = statuses(ROLL.slice(0, 200), () => 'Present');
    expect(meetingWrites(created(partial), ROLL)).toEqual({ oneByOne: 200, withBulk: 104, checkRead: 3 });
  });

  it('reads an existing meeting by its pages or one record a user, whichever is fewer', () => {
    const before = statuses(ROLL, () => 'Present');
    // One student marked Late at a meeting of 300 records: one Get record, one write.
    expect(syncFloor([{ meetingsOnLearn: 2, roll: ROLL, rollKnown: true, meetings: [{ created: false, before, set: new Map([[ROLL[0]!, 'Late']]) }] }]).total).toBe(2);
  });

  it('reports and the Ally overview', () => {
    // Meetings list (24: 1 page), roster (3 pages), records of three meetings (3 + 3 + 1).
    expect(reportFloor({ unknownMeetingRecords: [300, 300, 0], meetingsKnown: false, meetingsOnLearn: 24, rosterKnown: false, students: 300 })).toBe(11);
    expect(reportFloor({ unknownMeetingRecords: [], meetingsKnown: true, meetingsOnLearn: 2, rosterKnown: true, students: 300 })).toBe(0);
    expect(allyOverviewFloor({ contentItems: 130, fileItems: 14 })).toBe(16);
  });

  it('states a figure as requests, floor and their ratio', () => {
    expect(figure(34, 26)).toEqual({ requests: 34, floor: 26, ratio: 1.31 });
    expect(figure(0, 0).ratio).toBe(1);
    expect(figure(3, 0).ratio).toBe(Infinity);
  });
});

describe('the requests benchmark\'s inputs', () => {
  it('gives every imported meeting of 300 exactly its mix', () => {
    for (const [mix, expected] of [
      [MIXES.realistic, { Present: 264, Absent: 21, Late: 9, Excused: 6 }],
      [MIXES.mixed, { Present: 120, Absent: 75, Late: 60, Excused: 45 }],
    ] as const) {
      for (const i of [0, 7, 39]) {
        const counts: Record<string, number> = { Present: 0, Absent: 0, Late: 0, Excused: 0 };
        for (let j = 0; j < 300; j++) counts[statusAt(mix, i, j)]!++;
        expect(counts).toEqual(expected);
      }
    }
    // A student's status varies from meeting to meeting.
    expect(new Set(Array.from({ length: 40 }, (_, i) => statusAt(MIXES.mixed, i, 5))).size).toBeGreaterThan(1);
  });

  it('counts Learn REST calls apart from the sign-in page, photos and Ally', () => {
    expect(kindOf('GET /learn/api/public/v1/courses/:courseId/meetings')).toBe('learn');
    expect(kindOf('POST /learn/api/public/v1/oauth2/token')).toBe('learn');
    expect(kindOf('GET /learn/api/public/v1/oauth2/authorizationcode')).toBe('other');
    expect(kindOf('GET /learn/api/public/v1/users/:userId/avatar')).toBe('photos');
    expect(kindOf('GET /learn/signed/avatars/:ref')).toBe('photos');
    expect(kindOf('GET /ally/api/v2/clients/:clientId/content/:contentHash/status')).toBe('ally');
  });
});
