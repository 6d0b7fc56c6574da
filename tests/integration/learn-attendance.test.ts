import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import type { ApiError } from '../../electron/core/http/api-error';
import { withSandbox } from '../support/sandbox';
import { PSYC, collect, first, learnAs } from './learn-support';

/** Every attendance operation of seed 001 through the client, on the demo lecture (300 students). */

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('attendance', () => {
  it('lists meetings with sort, fields and small pages', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const meetings = await collect(learn.attendance.listMeetings(PSYC, { sort: ['start(desc)'], fields: ['id', 'start'], pageSize: 5 }));
    expect(meetings).toHaveLength(23);
    expect(Object.keys(meetings[0]!).sort()).toEqual(['id', 'start']);
    const starts = meetings.map((m) => Date.parse(m.start!));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
  });

  it('runs a roll call from meeting to records and back, with secondary ids kept intact', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const meeting = await learn.attendance.createMeeting(PSYC, { courseId: PSYC, title: 'Guest lecture', description: 'Memory researcher visits', start: '2026-11-30T15:00:00Z', end: '2026-11-30T16:15:00Z' });
    expect(meeting).toMatchObject({ title: 'Guest lecture', start: '2026-11-30T15:00:00.000Z' });
    expect(await learn.attendance.getMeeting(PSYC, meeting.id)).toMatchObject({ id: meeting.id, title: 'Guest lecture' });
    expect(await learn.attendance.getMeeting(PSYC, meeting.id, { fields: ['title'] })).toEqual({ title: 'Guest lecture' });
    expect(await learn.attendance.updateMeeting(PSYC, meeting.id, { title: 'Guest lecture: memory' })).toMatchObject({ title: 'Guest lecture: memory' });

    expect(await collect(learn.attendance.listRecords(PSYC, meeting.id))).toEqual([]);
    await learn.attendance.setStatusForAll(PSYC, meeting.id, 'Present');
    const records = await collect(learn.attendance.listRecords(PSYC, meeting.id, { sort: ['userId'] }));
    // Every member of the lecture (the Swagger's "all users in the course", the sandbox's default):
    // 300 students and their teachers, the largest roll there is, read across pages.
    const members = (await collect(learn.courses.listCourseUsers(PSYC))).map((m) => m.userId).sort();
    expect(records.map((r) => r.userId).sort()).toEqual(members);
    expect(records.length).toBeGreaterThan(300);
    expect(records.every((r) => r.status === 'Present' && r.meetingId === String(meeting.id))).toBe(true);

    const member = await first(learn.courses.listCourseUsers(PSYC, { role: 'Student', pageSize: 1 }));
    const student = `userName:${member.user!.userName!}`;
    await learn.attendance.deleteRecord(PSYC, meeting.id, student);
    await expect(learn.attendance.getRecord(PSYC, meeting.id, student)).rejects.toMatchObject({ status: 404 });
    const late = await learn.attendance.createRecord(PSYC, meeting.id, { userId: member.userId, status: 'Late' });
    expect(late).toMatchObject({ userId: member.userId, status: 'Late', meetingId: String(meeting.id) });
    const duplicate = (await learn.attendance.createRecord(PSYC, meeting.id, { userId: member.userId, status: 'Late' }).catch((e: unknown) => e)) as ApiError;
    // Neither seed 001 nor the Swagger says how Learn refuses a duplicate: 400 or 409 (docs/api-notes/attendance.md "Duplicate records").
    expect(duplicate).toMatchObject({ kind: 'http' });
    expect([400, 409]).toContain(duplicate.status);
    expect(duplicate.message).toMatch(/^Could not mark .* Late at meeting \d+ of courseId:PSYC-101-F26: Learn answered (400|409)/);
    expect(await learn.attendance.getRecord(PSYC, meeting.id, student, { fields: ['status'] })).toEqual({ status: 'Late' });
    expect(await learn.attendance.updateRecord(PSYC, meeting.id, student, { status: 'Excused' })).toMatchObject({ status: 'Excused' });

    const history = await collect(learn.attendance.listUserRecords(PSYC, student, { pageSize: 7 }));
    expect(history).toHaveLength(24); // 23 demo meetings + this one
    await learn.attendance.deleteUserRecords(PSYC, student);
    expect(await collect(learn.attendance.listUserRecords(PSYC, student))).toEqual([]);

    await learn.attendance.deleteAllRecords(PSYC, meeting.id);
    expect(await collect(learn.attendance.listRecords(PSYC, meeting.id))).toEqual([]);
    await learn.attendance.deleteMeeting(PSYC, meeting.id);
    await expect(learn.attendance.getMeeting(PSYC, meeting.id)).rejects.toMatchObject({ kind: 'http', status: 404 });
  });

  it('clears a student everywhere, and every meeting of a course', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const member = await first(learn.courses.listCourseUsers(PSYC, { role: 'Student', pageSize: 1, sort: ['lastAccessed(desc)'] }));
    expect((await collect(learn.attendance.listUserRecords(PSYC, member.userId))).length).toBeGreaterThan(0);
    await learn.attendance.deleteUserRecordsEverywhere(PSYC, member.userId);
    expect(await collect(learn.attendance.listUserRecords(PSYC, member.userId))).toEqual([]);
    await learn.attendance.deleteAllMeetings(PSYC);
    expect(await collect(learn.attendance.listMeetings(PSYC))).toEqual([]);
  });
});
