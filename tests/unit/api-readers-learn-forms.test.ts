import { describe, expect, it } from 'vitest';
import { AttendanceRecord, Meeting, PagedAttendanceRecords } from '../../shared/api/attendance';
import { CalendarItem } from '../../shared/api/calendar';
import { Content } from '../../shared/api/content';
import { CourseMembership, PagedMemberships } from '../../shared/api/users';

/**
 * The sandbox now answers in the one form the evidence shows for each field (docs/api-notes/shapes-and-readers.md
 * "Shape variety"), so the other forms the documents allow no longer reach the readers in a test
 * run against it. Here they do: each reader takes every form a document or a Jackson-based Learn
 * may write, and reads them to the same value.
 */

const at = '2026-09-02T14:00:00.000Z';
const later = '2026-09-02T15:15:00.000Z';

describe("forms the documents allow that the sandbox's answers no longer carry", () => {
  it('a meeting: end null (the vendor page), left out, or a date; an empty title null or left out', () => {
    const gui = { id: 435, courseId: '_912_1', start: at };
    expect(Meeting.parse({ ...gui, end: null }).end).toBeNull();
    expect(Meeting.parse(gui).end).toBeUndefined();
    expect(Meeting.parse({ ...gui, end: later }).end).toBe(later);
    expect(Meeting.parse({ ...gui, title: null, description: null, externalLink: null, end: null })).toMatchObject({ id: 435, start: at });
    expect(Meeting.parse({ ...gui, title: null }).title).toBeUndefined();
  });

  it("a record: meetingId the string (seed 001's responses) or the integer (its requests) read as the same string", () => {
    const record = { id: 760, userId: '_15104_1', status: 'Present' };
    expect(AttendanceRecord.parse({ ...record, meetingId: '465' }).meetingId).toBe('465');
    expect(AttendanceRecord.parse({ ...record, meetingId: 465 }).meetingId).toBe('465');
    const page = PagedAttendanceRecords.parse({ results: [{ ...record, meetingId: 465 }, { ...record, id: 761, meetingId: '465', modifiedByUserId: null }] });
    expect(page.results.map((r) => r.meetingId)).toEqual(['465', '465']);
    expect(page.results[1]?.modifiedByUserId).toBeUndefined();
  });

  it('a roster membership: childCourseId left out or null reads as not merged; a present one names the child course', () => {
    const member = { id: 'm1', userId: '_12_1', courseId: '_5_1', courseRoleId: 'Student' };
    expect(CourseMembership.parse(member).childCourseId).toBeUndefined();
    expect(CourseMembership.parse({ ...member, childCourseId: null }).childCourseId).toBeUndefined();
    expect(CourseMembership.parse({ ...member, childCourseId: '_9_1' }).childCourseId).toBe('_9_1');
    const roster = PagedMemberships.parse({ results: [member, { ...member, id: 'm2', childCourseId: null, lastAccessed: null }], paging: null });
    expect(roster.results).toHaveLength(2);
  });

  it('content and calendar items: empty fields null or left out read alike', () => {
    const content = { id: '_7_1', title: 'Syllabus', position: 0, contentHandler: { id: 'resource/x-bb-document' } };
    const nulled = Content.parse({ ...content, parentId: null, body: null, description: null, hasChildren: null, availability: { available: 'Yes', adaptiveRelease: { start: null, end: null } } });
    expect(nulled).toMatchObject(Content.parse({ ...content, availability: { available: 'Yes', adaptiveRelease: {} } }));
    const item = { id: '_1_1', type: 'Course', calendarId: '_5_1', title: 'Lab', start: at, end: later };
    expect(CalendarItem.parse({ ...item, description: null, location: null, createdByUserId: null })).toMatchObject(CalendarItem.parse(item));
  });
});
