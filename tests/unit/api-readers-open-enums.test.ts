import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as adaptiveRelease from '../../shared/api/adaptive-release';
import * as ally from '../../shared/api/ally';
import * as announcements from '../../shared/api/announcements';
import * as attendance from '../../shared/api/attendance';
import * as calendar from '../../shared/api/calendar';
import * as common from '../../shared/api/common';
import * as content from '../../shared/api/content';
import * as oauth from '../../shared/api/oauth';
import * as system from '../../shared/api/system';
import * as users from '../../shared/api/users';
import { enumFields, valuesAt, withValueAt, type EnumField } from '../support/schema-walk';

/**
 * The readers' rule for enums (shared/api/common.ts `openEnum`): a value Learn or Ally adds is
 * kept as it came and never fails the answer. Every reader of shared/api is walked for its enum
 * fields, and each open one is fed unknown values in a valid answer.
 */
const MODULES = { adaptiveRelease, ally, announcements, attendance, calendar, common, content, oauth, system, users };

const at = '2026-09-02T14:00:00.000Z';
const course = { id: '_5_1', ultraStatus: 'Ultra' };
const membership = { userId: '_12_1', courseId: '_5_1', courseRoleId: 'Instructor', course };
const announcement = { id: '_1_1', availability: { duration: { type: 'Restricted', start: at } } };
const recurrence = { frequency: 'Weekly', weekDays: ['Mo', 'We'], repeatDay: 'Mo' };
const calendarItem = { id: '_2_1', type: 'Course', calendarId: '_5_1', start: at, end: at, recurrence };
const contentItem = { id: '_3_1', title: 'Week 1', availability: { available: 'Yes' } };
const stage = { hash: 'abc', status: 'pending', statusUrl: '/api/v2/clients/1/content/abc/status' };
const attendanceRecord = { id: 50001, meetingId: '1001', userId: '_100_1', status: 'Present' };
const paged = (item: unknown): unknown => ({ results: [item, item] });

/** A valid answer for every reader that has an open enum field. */
const SAMPLES: Record<string, unknown> = {
  AnnouncementDuration: announcement.availability.duration,
  Announcement: announcement,
  PartialAnnouncement: announcement,
  PagedAnnouncements: paged(announcement),
  CalendarItemRecurrence: recurrence,
  CalendarItem: calendarItem,
  PartialCalendarItem: calendarItem,
  PagedCalendarItems: paged(calendarItem),
  ContentAvailability: contentItem.availability,
  Content: contentItem,
  PagedContents: paged(contentItem),
  Course: course,
  PagedCourses: paged(course),
  CourseMembership: membership,
  PartialCourseMembership: membership,
  PagedMemberships: paged(membership),
  ProcessingStatus: stage,
  FormatGenerationStatus: { status: 'inprogress', statusUrl: stage.statusUrl },
  AttendanceRecord: attendanceRecord,
  PagedAttendanceRecords: paged(attendanceRecord),
};

/** Closed enums left in answers, each with why an unknown value cannot reach it or is refused on purpose. */
const CLOSED: Record<string, string> = {
  // The discriminator of the criterion union: a type Learn adds reads as OtherCriterion (shown, never edited).
  'GradeRangeCriterion type': 'discriminator',
  'Criterion type': 'discriminator',
  'PagedCriteria results.*.type': 'discriminator',
};

/** Every exported reader (not a bare enum or a request body) with its enum fields. */
const readers: [string, z.ZodType, EnumField[]][] = Object.values(MODULES).flatMap((module) =>
  Object.entries(module).flatMap(([name, value]): [string, z.ZodType, EnumField[]][] => {
    if (!(value instanceof z.ZodType)) return [];
    const fields = enumFields(value).filter((f) => f.path.length > 0);
    return fields.length > 0 ? [[name, value, fields]] : [];
  }),
);
const FULL_DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const knownAnywhere = new Set([...readers.flatMap(([, , fields]) => fields.flatMap((f) => f.known.map((k) => k.toLowerCase()))), ...FULL_DAYS]);
const unknownValue = fc.string({ minLength: 1, maxLength: 40 }).filter((v) => !knownAnywhere.has(v.toLowerCase()));

describe('enums read open', () => {
  it('finds the enum fields of every reader, and every one is open (or listed with its reason)', () => {
    const closed = readers.flatMap(([name, , fields]) => fields.filter((f) => !f.open).map((f) => `${name} ${f.path.join('.')}`));
    expect(closed.sort()).toEqual(Object.keys(CLOSED).sort());
    const open = readers.filter(([, , fields]) => fields.some((f) => f.open)).map(([name]) => name);
    expect(open.sort()).toEqual(Object.keys(SAMPLES).sort());
    console.log(`open enum fields: ${readers.flatMap(([, , f]) => f.filter((x) => x.open)).length} in ${open.length} readers`);
  });

  it.each(Object.keys(SAMPLES))('%s keeps any unknown value of each enum field as it came', (name) => {
    const [, reader, fields] = readers.find(([n]) => n === name)!;
    expect(reader.safeParse(SAMPLES[name]).success).toBe(true);
    for (const field of fields.filter((f) => f.open)) {
      const fed = (value: string): unknown => withValueAt(SAMPLES[name], field.path, value);
      expect(fed('x'), `${name}: the sample has no ${field.path.join('.')}`).toBeDefined();
      fc.assert(
        fc.property(unknownValue, (value) => {
          const read = reader.safeParse(fed(value));
          expect(read.success, `${name}.${field.path.join('.')} = ${JSON.stringify(value)}`).toBe(true);
          const values = valuesAt(read.data, field.path);
          expect(values.length).toBeGreaterThan(0);
          for (const v of values) expect(v).toBe(value);
        }),
        { numRuns: 60 },
      );
    }
  });

  it('reads the documented spellings of a known value as that value (ultraStatus, day names, Ally stages)', () => {
    for (const spelling of ['Ultrapreview', 'UltraPreview', 'ULTRAPREVIEW']) expect(users.Course.parse({ id: '_5_1', ultraStatus: spelling }).ultraStatus).toBe('Ultrapreview');
    expect(users.PagedCourses.parse({ results: [{ id: '1', ultraStatus: 'UltraPreview' }, { id: '2', ultraStatus: 'Hybrid' }] }).results.map((c) => c.ultraStatus)).toEqual(['Ultrapreview', 'Hybrid']);
    expect(calendar.CalendarItemRecurrence.parse({ weekDays: ['Monday', 'we', 'Mo', 'Funday'] }).weekDays).toEqual(['Mo', 'We', 'Mo', 'Funday']);
    expect(ally.ProcessingStatus.parse({ ...stage, status: 'in_progress' }).status).toBe('inprogress');
    expect(adaptiveRelease.Criterion.parse({ id: '_9_1', type: 'SomethingNew' })).toMatchObject({ type: 'SomethingNew' });
  });
});
