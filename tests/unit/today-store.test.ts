import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { afterEach, describe, expect, it } from 'vitest';
import { attendanceRepo, cacheRepo, courseAttendance, courseGlances, meetingsRepo, outboxRepo, unreadPastMeetings, waitingSummary, type MeetingsRead, type OutboxRow, type RollbookDb } from '../../renderer/src/db';
import { waitingSentence } from '../../renderer/src/app/waiting-words';
import { CountedRecord, plainlyCounted } from '../../renderer/src/db/course-glance';
import { ATTENDANCE_STATUSES } from '../../shared/api/attendance';
import { COURSE, freshDb, MEETING, MEETING_ID, seededDb } from './db-fixtures';

let db: RollbookDb;
afterEach(() => db?.close());

describe("a course's meetings with their states, from the device", () => {
  it('counts the marked students of the roster, what waits and what conflicts, per meeting', async () => {
    db = await seededDb(5);
    await cacheRepo(db).putRecords(COURSE, MEETING_ID, [
      { id: 50001, userId: '_100_1', status: 'Present' },
      { id: 50002, userId: '_101_1', status: 'Late' },
      // A student who left the course: not counted against today's roster.
      { id: 50003, userId: '_999_1', status: 'Absent' },
    ], new Date().toISOString());
    await attendanceRepo(db).setStatus(COURSE, MEETING, '_102_1', 'Absent');
    const { localId } = await meetingsRepo(db).createMeeting(COURSE, { title: 'Lecture 2', description: '', start: '2026-11-26T10:00:00.000Z', end: '2026-11-26T11:00:00.000Z' });

    const { meetings, counts } = await courseAttendance(db, COURSE);
    expect(meetings.map((m) => [m.title, m.state])).toEqual([
      ['Lecture 1', { marked: 3, total: 5, waiting: 1, failed: 0, conflicts: 0, known: true }],
      ['Lecture 2', { marked: 0, total: 5, waiting: 1, failed: 0, conflicts: 0, known: true }],
    ]);
    expect(meetings[1]?.ref).toEqual({ localId });
    expect(counts).toEqual({ Present: 1, Late: 1, Absent: 1, Excused: 0 });

    // Today reads every course at once (whole tables, split by course): the same answer, and
    // another course's rows stay with it.
    await cacheRepo(db).putCourses([
      { id: COURSE, courseId: 'PSYC-101', name: 'Psychology', role: 'Instructor', organization: false, ultra: true },
      { id: '_13_1', courseId: 'HIST-310', name: 'History', role: 'Instructor', organization: false, ultra: false },
    ]);
    await meetingsRepo(db).createMeeting('_13_1', { title: 'Seminar 1', description: '', start: '2026-11-26T14:00:00.000Z', end: '2026-11-26T15:00:00.000Z' });
    const glances = await courseGlances(db);
    expect(glances.map((g) => g.course.name)).toEqual(['History', 'Psychology']);
    // The roster on the device (what reading the unread rolls takes); none read yet for History.
    expect(glances[1]).toMatchObject({ meetings, counts, students: 5 });
    expect(glances[0]?.students).toBe(0);
    expect(glances[0]?.meetings.map((m) => [m.title, m.state.waiting])).toEqual([['Seminar 1', 1]]);
  });

  it("knows a past meeting's roll only once its records were read from Learn", async () => {
    db = await seededDb(3);
    expect((await courseAttendance(db, COURSE)).meetings[0]?.state).toMatchObject({ marked: 0, known: false });
    await cacheRepo(db).putRecords(COURSE, MEETING_ID, [], new Date().toISOString()); // Learn has none
    expect((await courseAttendance(db, COURSE)).meetings[0]?.state).toMatchObject({ marked: 0, known: true });
  });

  it('lists the started meetings whose roll Today still has to read, the latest first', async () => {
    db = await seededDb(3);
    const cache = cacheRepo(db);
    const at = (day: number): string => `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`;
    await cache.putMeetings(
      COURSE,
      [
        { id: MEETING_ID, courseId: COURSE, title: 'Lecture 1', start: at(2), end: null },
        { id: 902, courseId: COURSE, title: 'Lecture 2', start: at(9), end: null },
        { id: 903, courseId: COURSE, title: 'Lecture 3', start: at(16), end: null },
        { id: 904, courseId: COURSE, title: 'Lecture 4', start: at(30), end: null },
      ],
      new Date().toISOString(),
    );
    const now = Date.parse(at(20));
    expect(await unreadPastMeetings(db, COURSE, now)).toEqual([903, 902, MEETING_ID]);
    // A meeting marked here is known already; one made here and never synced has no roll on Learn.
    await attendanceRepo(db).setStatus(COURSE, { serverId: 902 }, '_100_1', 'Absent');
    await meetingsRepo(db).createMeeting(COURSE, { title: 'Extra', description: '', start: at(18), end: at(18).replace('T09', 'T10') });
    expect(await unreadPastMeetings(db, COURSE, now)).toEqual([903, MEETING_ID]);

    await cache.putRecords(COURSE, 903, [{ id: 1, userId: '_100_1', status: 'Present' }, { id: 2, userId: '_101_1', status: 'Late' }], new Date().toISOString());
    await cache.putRecords(COURSE, MEETING_ID, [], new Date().toISOString());
    expect(await unreadPastMeetings(db, COURSE, now)).toEqual([]);
    expect((await courseAttendance(db, COURSE)).counts).toEqual({ Present: 1, Late: 1, Absent: 1, Excused: 0 });
  });

  it('leaves out a meeting deleted here and changes undone', async () => {
    db = await seededDb(3);
    await attendanceRepo(db).setStatus(COURSE, MEETING, '_100_1', 'Present');
    await attendanceRepo(db).undoLast(COURSE, MEETING);
    expect((await courseAttendance(db, COURSE)).meetings[0]?.state.waiting).toBe(0);
    await meetingsRepo(db).deleteMeeting(COURSE, MEETING);
    expect((await courseAttendance(db, COURSE)).meetings).toEqual([]);
  });
});

describe('what waits for Learn, by kind', () => {
  it('counts marks, new meetings and changes, refused ones included, and says it in words', async () => {
    db = await seededDb(5);
    const repo = attendanceRepo(db);
    await repo.setStatus(COURSE, MEETING, '_100_1', 'Present');
    await repo.setStatus(COURSE, MEETING, '_101_1', 'Absent');
    await meetingsRepo(db).createMeeting(COURSE, { title: 'Lecture 2', description: '', start: '2026-11-26T10:00:00.000Z', end: '2026-11-26T11:00:00.000Z' });
    await meetingsRepo(db).updateMeeting(COURSE, MEETING, { title: 'Lecture 1 (moved)' });
    const [first] = await outboxRepo(db).pending();
    const row = (await db.outbox.get(first!.opId)) as OutboxRow;
    await db.outbox.put({ ...row, state: 'failed', error: 'refused' });

    const waiting = await waitingSummary(db);
    expect(waiting).toMatchObject({ marks: 2, newMeetings: 1, meetingChanges: 1, meetingDeletions: 0, otherChanges: 0, failed: 1, total: 4 });
    expect(waiting.byCourse.get(COURSE)).toBe(4);
    expect(waitingSentence(waiting, 'en')).toBe('2 attendance marks, 1 new meeting, and 1 meeting change');
  });

  it('says nothing waits when the outbox is empty', async () => {
    db = await seededDb(1);
    expect(waitingSentence(await waitingSummary(db), 'en')).toBe('Nothing is waiting to be sent');
  });
});

describe("Today's read of a term's records", () => {
  it('takes a damaged record out of the counts, as the schema would, and counts the rest', async () => {
    db = await seededDb(3);
    await cacheRepo(db).putCourses([{ id: COURSE, courseId: 'PSYC-101', name: 'Psychology', role: 'Instructor', organization: false, ultra: true }]);
    await cacheRepo(db).putRecords(COURSE, MEETING_ID, [
      { id: 50001, userId: '_100_1', status: 'Present' },
      { id: 50002, userId: '_101_1', status: 'Late' },
    ], new Date().toISOString());
    // Damaged on disk: a status that is not a word, and a record with no student.
    await db.attendanceRecords.bulkPut([
      { courseId: COURSE, meetingKey: String(MEETING_ID), userId: '_102_1', status: 7, baseStatus: null, savedAt: '' } as never,
      { courseId: COURSE, meetingKey: String(MEETING_ID), userId: '', status: 'Absent', baseStatus: null, savedAt: '' },
    ]);
    const [glance] = await courseGlances(db);
    expect(glance?.counts).toEqual({ Present: 1, Late: 1, Absent: 0, Excused: 0 });
    expect(glance?.meetings[0]?.state.marked).toBe(2);
  });

  it('checks a record by hand exactly as strictly as its schema (never looser)', () => {
    const good = { meetingKey: '1001', userId: '_100_1', status: 'Present', extra: 1 };
    const rows: unknown[] = [
      good,
      { ...good, status: null },
      ...ATTENDANCE_STATUSES.map((status) => ({ ...good, status })),
      { ...good, status: 'present' },
      { ...good, status: undefined },
      { ...good, meetingKey: '' },
      { ...good, meetingKey: 1001 },
      { ...good, userId: '' },
      { ...good, userId: null },
      { meetingKey: '1001', userId: '_100_1' },
      null,
      'row',
      42,
    ];
    for (const row of rows) expect([row, plainlyCounted(row)]).toEqual([row, CountedRecord.safeParse(row).success]);
  });

  it("knows a course's meetings once Learn's list was read, even an empty one", async () => {
    db = await freshDb();
    await cacheRepo(db).putCourses([{ id: COURSE, courseId: 'PSYC-101', name: 'Psychology', role: 'Instructor', organization: false, ultra: true }]);
    expect((await courseGlances(db))[0]?.meetingsKnown).toBe(false);
    await cacheRepo(db).putMeetings(COURSE, [], new Date().toISOString());
    expect((await courseGlances(db))[0]?.meetingsKnown).toBe(true);
  });
});

describe("Today's write of Learn's lists", () => {
  const HIST = '_13_1';
  const ART = '_14_1';
  const lists = [
    { id: COURSE, courseId: 'PSYC-101', name: 'Psychology', role: 'Instructor', organization: false, ultra: true },
    { id: HIST, courseId: 'HIST-310', name: 'History', role: 'Instructor', organization: false, ultra: false },
    { id: ART, courseId: 'ART-120', name: 'Art', role: 'Instructor', organization: false, ultra: true },
  ];
  const meetingsOf = (courseId: string, first: number): MeetingsRead => ({
    courseId,
    readSince: new Date().toISOString(),
    meetings: [0, 1, 2].map((i) => ({ id: first + i, courseId, title: `Meeting ${i + 1}`, start: `2026-11-${10 + i}T09:00:00.000Z`, end: null })),
  });

  /** Every state of Today's lists a reader saw while `write` ran: course name and meetings count, or "not known". */
  async function seenWhile(write: () => Promise<void>): Promise<string[][]> {
    const seen: string[][] = [];
    let done = false;
    const reading = (async () => {
      while (!done) seen.push((await courseGlances(db)).map((g) => `${g.course.name}: ${g.meetingsKnown ? g.meetings.length : 'not known'}`));
    })();
    await write();
    done = true;
    await reading;
    seen.push((await courseGlances(db)).map((g) => `${g.course.name}: ${g.meetingsKnown ? g.meetings.length : 'not known'}`));
    return seen;
  }

  it('shows the course list and the meetings that came with it at once, never a course without its meetings', async () => {
    db = await freshDb();
    const reads = [meetingsOf(COURSE, 900), meetingsOf(HIST, 910), meetingsOf(ART, 920)];
    const seen = await seenWhile(() => cacheRepo(db).putLists({ courses: lists, meetings: reads }));
    const whole = ['Art: 3', 'History: 3', 'Psychology: 3'];
    expect(seen.at(-1)).toEqual(whole);
    expect(seen.length).toBeGreaterThan(1); // the reader ran beside the write
    for (const state of seen) expect([[], whole]).toContainEqual(state);

    // Written one course at a time, as before, a reader sees the courses before their meetings:
    // what the one transaction is for (and proof that this reader would see it).
    db.close();
    db = await freshDb();
    const piecemeal = await seenWhile(async () => {
      await cacheRepo(db).putCourses(lists);
      for (const read of reads) await cacheRepo(db).putMeetings(read.courseId, read.meetings, read.readSince);
    });
    expect(piecemeal.some((state) => state.some((course) => course.endsWith('not known')))).toBe(true);
  });

  it('keeps a meeting changed on this device and not yet sent, as each course write does', async () => {
    db = await seededDb(3);
    await meetingsRepo(db).updateMeeting(COURSE, { serverId: MEETING_ID }, { title: 'Moved to the lab', description: '', start: '2026-09-01T09:00:00.000Z', end: '2026-09-01T10:00:00.000Z' });
    await cacheRepo(db).putLists({
      courses: lists,
      meetings: [{ courseId: COURSE, readSince: new Date().toISOString(), meetings: [{ id: MEETING_ID, courseId: COURSE, title: 'Lecture 1', start: '2026-09-01T09:00:00.000Z', end: null }] }, meetingsOf(HIST, 910)],
    });
    const glances = await courseGlances(db);
    expect(glances.find((g) => g.course.id === COURSE)?.meetings.map((m) => m.title)).toEqual(['Moved to the lab']);
    expect(glances.find((g) => g.course.id === HIST)?.meetings).toHaveLength(3);
    expect(glances.find((g) => g.course.id === ART)?.meetingsKnown).toBe(false);
  });
});
