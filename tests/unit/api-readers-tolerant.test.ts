import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Criterion, AdaptiveReleaseRule } from '../../shared/api/adaptive-release';
import { Announcement } from '../../shared/api/announcements';
import { AttendanceRecord, Meeting } from '../../shared/api/attendance';
import { CalendarItem, PagedCalendarItems, RecurrenceInput, Weekday } from '../../shared/api/calendar';
import { ErrorBody, optional, pagedEnvelope } from '../../shared/api/common';
import { Content, CreateAssignmentResult } from '../../shared/api/content';
import { TokenResponse } from '../../shared/api/oauth';
import { Course, CourseMembership, User } from '../../shared/api/users';

/**
 * The readers' one rule (docs/architecture.md rule 7): every optional field of every answer may be absent
 * or `null` (Jackson writes unset fields as null; the Swagger says `createdByUserId` "will be
 * null"), unknown fields pass, every documented spelling of an enum is read; required fields that
 * would corrupt data stay strict.
 */

const at = '2026-09-02T14:00:00.000Z';
const later = '2026-09-02T15:15:00.000Z';

/** One full answer per reader: every optional field set, so each can be nulled or dropped in turn. */
const FULL: [string, z.ZodObject, Record<string, unknown>][] = [
  ['meeting', Meeting, { id: 1040, courseId: '_5_1', title: 'Week 1', description: 'Intro', start: at, end: later, externalLink: 'https://example.edu' }],
  ['attendance record', AttendanceRecord, { id: 50001, meetingId: '1040', userId: '_12_1', status: 'Late', modifiedByUserId: '_3_1', createdTime: at, modifiedTime: later }],
  [
    'calendar item',
    CalendarItem,
    {
      id: '_1_1',
      type: 'Course',
      calendarId: '_5_1',
      calendarName: 'PSYC 101',
      title: 'Office hours',
      description: 'Room 3',
      location: 'Room 3',
      start: at,
      end: later,
      modified: at,
      color: '#aabbcc',
      disableResizing: false,
      createdByUserId: '_3_1',
      dynamicCalendarItemProps: { attemptable: true, categoryId: 'c', dateRangeLimited: false, eventType: 'Assignment', gradable: true },
      recurrence: { frequency: 'Weekly', interval: 1, count: 3, until: later, weekDays: ['Mo'], monthRepeatDay: 1, monthPosition: 1, repeatDay: 'Mo', originalStart: at, originalEnd: later, repeatBroken: false },
      ltiLaunchDeepLink: {},
    },
  ],
  [
    'content',
    Content,
    {
      id: '_7_1',
      parentId: '_6_1',
      title: 'Syllabus',
      body: '<p>x</p>',
      description: 'd',
      created: at,
      modified: at,
      position: 0,
      hasChildren: false,
      hasGradebookColumns: false,
      hasAssociatedGroups: false,
      launchInNewWindow: false,
      reviewable: true,
      availability: { available: 'Yes', allowGuests: true, allowObservers: true, adaptiveRelease: { start: at, end: later } },
      contentHandler: { id: 'resource/x-bb-document' },
      links: [{ href: '/x', rel: 'alternate', title: 't', type: 'text/html' }],
    },
  ],
  ['create assignment answer', CreateAssignmentResult, { contentId: '_6282_1', gradeColumnId: '_3297_1', assessmentId: '_11701_1', questionIds: ['_11703_1'], attachmentIds: ['_1_1'] }],
  ['announcement', Announcement, { id: '_1_1', title: 'T', body: 'B', availability: { duration: { type: 'Permanent' } }, showAtLogin: true, showInCourses: true, creatorUserId: '_3_1', created: at, modified: at }],
  ['adaptive release rule', AdaptiveReleaseRule, { id: '_1_1', title: 'Rule' }],
  [
    'user',
    User,
    {
      id: '_12_1',
      uuid: 'u',
      externalId: 'e',
      dataSourceId: '_2_1',
      userName: 'jdoe',
      studentId: 's',
      created: at,
      modified: at,
      lastLogin: at,
      institutionRoleIds: ['STUDENT'],
      systemRoleIds: ['User'],
      availability: { available: 'Yes' },
      name: { given: 'J', family: 'Doe', preferredDisplayName: 'J' },
      contact: { email: 'j@example.edu' },
    },
  ],
  ['course', Course, { id: '_5_1', uuid: 'u', externalId: 'e', courseId: 'PSYC-101', name: 'Psych', description: 'd', created: at, organization: false, ultraStatus: 'Ultra', termId: '_1_1', availability: { available: 'Yes', duration: { type: 'Continuous' } } }],
  ['course membership', CourseMembership, { id: 'm', userId: '_12_1', courseId: '_5_1', childCourseId: '_9_1', created: at, availability: { available: 'Yes' }, courseRoleId: 'Student', lastAccessed: at, displayOrder: 1 }],
  ['token answer', TokenResponse, { access_token: 'a', token_type: 'bearer', expires_in: 3600, refresh_token: 'r', scope: 'read', user_id: 'u' }],
  ['error body', ErrorBody, { status: 400, code: 'x', message: 'm', developerMessage: 'd', extraInfo: 'e' }],
];

const optionalKeys = (schema: z.ZodObject): string[] => Object.entries(schema.shape).filter(([, field]) => (field as z.ZodType).safeParse(undefined).success).map(([key]) => key);

describe('optional(schema), the readers’ rule for optional fields', () => {
  const Field = z.looseObject({ name: optional(z.string()) });

  it('reads absent, undefined and null alike, as undefined', () => {
    expect(Field.parse({}).name).toBeUndefined();
    expect(Field.parse({ name: undefined }).name).toBeUndefined();
    expect(Field.parse({ name: null }).name).toBeUndefined();
    expect(Field.parse({ name: 'x' }).name).toBe('x');
  });

  it('still checks a value that is there', () => {
    expect(Field.safeParse({ name: 42 }).success).toBe(false);
  });
});

describe.each(FULL)('the %s reader', (_name, schema, full) => {
  it('reads the full answer, and keeps a field it does not know', () => {
    expect(schema.parse({ ...full, addedInANewerRelease: { x: 1 } })).toMatchObject({ addedInANewerRelease: { x: 1 } });
  });

  it.each(optionalKeys(schema))('reads it with %s null or left out', (key) => {
    const nulled = schema.safeParse({ ...full, [key]: null });
    expect(nulled.error).toBeUndefined();
    const { [key]: _dropped, ...without } = full;
    expect(schema.safeParse(without).error).toBeUndefined();
  });
});

describe('explicit nulls Learn writes', () => {
  it('reads a calendar window whose item has createdByUserId and description null', () => {
    const item = { id: '_1_1', type: 'Personal', calendarId: 'PERSONAL', title: 'Meet', description: null, createdByUserId: null, start: at, end: later };
    const page = PagedCalendarItems.parse({ results: [item], paging: null });
    expect(page.results[0]).toMatchObject({ id: '_1_1', title: 'Meet' });
    expect(page.results[0]?.createdByUserId).toBeUndefined();
  });

  it('reads a meeting written by a Jackson-based Learn: title, description, externalLink and end null', () => {
    const m = Meeting.parse({ id: 1040, courseId: '_5_1', title: null, description: null, start: at, end: null, externalLink: null });
    expect(m).toMatchObject({ id: 1040, start: at });
    expect(m.title).toBeUndefined();
  });

  it('reads a record written with a system token: modifiedByUserId null', () => {
    expect(AttendanceRecord.parse({ id: 50001, meetingId: 1040, userId: '_12_1', status: 'Present', modifiedByUserId: null }).modifiedByUserId).toBeUndefined();
  });

  it('still refuses null where a wrong value would corrupt attendance: ids, status, start', () => {
    const record = { id: 50001, meetingId: '1040', userId: '_12_1', status: 'Present' };
    expect(AttendanceRecord.safeParse({ ...record, status: null }).success).toBe(false);
    expect(AttendanceRecord.safeParse({ ...record, id: null }).success).toBe(false);
    expect(AttendanceRecord.safeParse({ ...record, userId: null }).success).toBe(false);
    expect(Meeting.safeParse({ id: 1040, courseId: '_5_1', start: null, end: null }).success).toBe(false);
    expect(pagedEnvelope(Meeting).safeParse({ results: null }).success).toBe(false);
  });
});

describe('day names in both spellings', () => {
  it("reads the vendor calendar page's item (repeatDay Sunday, weekDays [Sunday]) as the Swagger's Su", () => {
    const item = CalendarItem.parse({
      id: '_1_1',
      type: 'Course',
      calendarId: '_5_1',
      start: at,
      end: later,
      recurrence: { frequency: 'Monthly', interval: 0, count: 0, monthRepeatDay: 0, monthPosition: 0, repeatBroken: true, repeatDay: 'Sunday', weekDays: ['Sunday'] },
    });
    expect(item.recurrence).toMatchObject({ repeatDay: 'Su', weekDays: ['Su'] });
  });

  it('reads every day in full and short, in the same order', () => {
    const full = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    const read = (weekDays: string[]): unknown => CalendarItem.parse({ id: 'i', type: 'Personal', calendarId: 'PERSONAL', start: at, end: later, recurrence: { weekDays } }).recurrence?.weekDays;
    expect(read(full)).toEqual(Weekday.options);
    expect(read([...Weekday.options])).toEqual(Weekday.options);
    // Any other spelling is kept as it came (enums are read open), not guessed at.
    expect(CalendarItem.parse({ id: 'i', type: 'Personal', calendarId: 'PERSONAL', start: at, end: later, recurrence: { repeatDay: 'Sun' } }).recurrence?.repeatDay).toBe('Sun');
  });

  it("writes the Swagger's spelling only", () => {
    expect(RecurrenceInput.safeParse({ frequency: 'Weekly', interval: 1, weekDays: ['Mo'] }).success).toBe(true);
    expect(RecurrenceInput.safeParse({ frequency: 'Weekly', interval: 1, weekDays: ['Monday'] }).success).toBe(false);
  });

  it("reads seed 000's qualified grade-completed criterion type as the Swagger's GradeCompleted", () => {
    const c = Criterion.parse({ id: '_1_1', type: 'blackboard.data.content.avlrule.GradeCompletedCriteria', gradeColumnId: '_3_1' });
    expect(c).toMatchObject({ type: 'GradeCompleted', gradeColumnId: '_3_1' });
  });
});

describe('the create-assignment answer', () => {
  it("reads the vendor's real Ultra answer, which has no attachmentIds, as an assignment made", () => {
    // learn-docs/learn/curl-demo.md, "Create the assignment with the file attached".
    const answer = CreateAssignmentResult.parse({ contentId: '_6282_1', gradeColumnId: '_3297_1', assessmentId: '_11701_1', questionIds: ['_11703_1', '_11704_1'] });
    expect(answer).toEqual({ contentId: '_6282_1', gradeColumnId: '_3297_1', assessmentId: '_11701_1', questionIds: ['_11703_1', '_11704_1'], attachmentIds: [] });
  });

  it('reads a Classic answer with neither list, or with null lists, as empty lists', () => {
    expect(CreateAssignmentResult.parse({ contentId: 'c', gradeColumnId: 'g', questionIds: null, attachmentIds: null })).toMatchObject({ questionIds: [], attachmentIds: [] });
    expect(CreateAssignmentResult.parse({ contentId: 'c', gradeColumnId: 'g' })).toMatchObject({ questionIds: [], attachmentIds: [] });
    expect(CreateAssignmentResult.safeParse({ gradeColumnId: 'g' }).success).toBe(false);
  });
});
