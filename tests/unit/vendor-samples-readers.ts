import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import {
  AdaptiveReleaseRule,
  Criterion,
  PagedCriteria,
  PagedGroupPredicates,
  PagedUserPredicates,
} from '../../shared/api/adaptive-release';
import { BatchContentInformation, ContentInformation, ProcessingStatus } from '../../shared/api/ally';
import { AttendanceRecord, Meeting, PagedAttendanceRecords, PagedMeetings } from '../../shared/api/attendance';
import { CalendarItem, PagedCalendarItems, PagedCalendars } from '../../shared/api/calendar';
import { ErrorBody, pagedEnvelope } from '../../shared/api/common';
import { Content, CreateAssignmentResult, PagedContents, UploadedFile } from '../../shared/api/content';
import { TokenResponse } from '../../shared/api/oauth';
import { User } from '../../shared/api/users';

/**
 * The vendor's samples (tests/fixtures/vendor-samples, made by `npm run vendor-samples` from the
 * developer pages) and, for every response sample, the reader the client parses that answer
 * with, or why it is set aside. Used by the vendor-samples-* tests.
 */
export const SAMPLES_DIR = join(import.meta.dirname, '../fixtures/vendor-samples');

export interface SampleEntry {
  file: string;
  id: string;
  page: string;
  line: number;
  section: string;
  kind: 'request' | 'response';
  method: string | null;
  path: string | null;
  status: number | null;
  note: string | null;
  repairs: string[];
}
export interface SampleIndex {
  samples: SampleEntry[];
  setAside: { id: string; page: string; line: number; section: string; reason: string }[];
}

export const sampleIndex = (): SampleIndex => JSON.parse(readFileSync(join(SAMPLES_DIR, 'index.json'), 'utf8')) as SampleIndex;
export const loadSample = (file: string): unknown => JSON.parse(readFileSync(join(SAMPLES_DIR, file), 'utf8'));

export type ResponseReading = { operation: string; reader: z.ZodType } | { setAside: string };

/** Not an operation Rollbook calls, so there is no client reader to hold it to. */
const notCalled = (what: string): ResponseReading => ({ setAside: `Rollbook does not ${what}: the client has no reader for this answer` });

/** Every response sample, by fixture file: the client's reader for that operation, or why none. */
export const RESPONSE_READERS: Record<string, ResponseReading> = {
  // Adaptive release (seed 000 "Adaptive release"; adaptive-release.md)
  'learn/adaptive-release--updating-a-rule--response.json': { operation: 'create rule (201)', reader: AdaptiveReleaseRule },
  'learn/adaptive-release--updating-a-rule--response-2.json': { operation: 'create rule: 409 second rule', reader: ErrorBody },
  'learn/adaptive-release--returning-criteria--response.json': { operation: 'list criteria', reader: PagedCriteria },
  'learn/adaptive-release--using-graderange--response.json': notCalled('read gradebook columns (GET /v2/courses/{id}/gradebook/columns)'),
  'learn/adaptive-release--creating-new-criteria--response.json': { operation: 'create criterion (201)', reader: Criterion },
  'learn/adaptive-release--creating-new-criteria--response-2.json': { operation: 'criterion, maxScore null', reader: Criterion },
  'learn/adaptive-release--creating-new-criteria--response-3.json': { operation: 'criterion, maxScore omitted', reader: Criterion },
  'learn/adaptive-release--using-daterange--response.json': { operation: 'create DateRange criterion (201)', reader: Criterion },
  'learn/adaptive-release--about-memberships--response.json': { operation: 'list criteria with Memberships', reader: PagedCriteria },
  'learn/adaptive-release--about-memberships--response-2.json': { operation: 'get criterion', reader: Criterion },
  'learn/adaptive-release--getting-the-adaptive-release-users--response.json': { operation: 'list criterion users', reader: PagedUserPredicates },
  'learn/adaptive-release--posting-adaptive-release-users--response.json': { operation: 'list users', reader: pagedEnvelope(User) },
  'learn/adaptive-release--posting-adaptive-release-users--response-2.json': { operation: 'set criterion users: 400 not enrolled', reader: ErrorBody },
  'learn/adaptive-release--posting-adaptive-release-users--response-3.json': { operation: 'set criterion users', reader: PagedUserPredicates },
  'learn/adaptive-release--put-groups-as-criteria--response.json': { operation: 'set criterion groups', reader: PagedGroupPredicates },
  'learn/adaptive-release--put-groups-as-criteria--response-2.json': { operation: 'set criterion groups (four)', reader: PagedGroupPredicates },
  'learn/adaptive-release--put-groups-as-criteria--response-3.json': { operation: 'list criteria', reader: PagedCriteria },
  'learn/adaptive-release--contentcomplete-ultra-only--response.json': { operation: 'get criterion (ContentComplete)', reader: Criterion },
  'learn/adaptive-release--gradecompleted-original-only--response.json': { operation: 'get criterion (GradeCompleted)', reader: Criterion },
  'learn/adaptive-release--contentreviewed-original-only--response.json': { operation: 'get criterion (ContentReviewed)', reader: Criterion },
  // Attendance (seed 001; attendance.md)
  'learn/attendance--creating-a-meeting--response.json': { operation: 'create meeting', reader: Meeting },
  'learn/attendance--returning-a-meeting--response.json': { operation: 'get meeting', reader: Meeting },
  'learn/attendance--return-all-meetings-in-a-course--response.json': { operation: 'list meetings', reader: PagedMeetings },
  'learn/attendance--returning-an-attendance-record-for-one-user-in-one-meeting--response.json': { operation: 'get record', reader: AttendanceRecord },
  'learn/attendance--updating-an-attendance-record-for-one-user-in-one-meeting--response.json': { operation: 'update record', reader: AttendanceRecord },
  'learn/attendance--return-all-users-and-their-attendance-status-to-one-meeting--response.json': { operation: 'list records of a meeting', reader: PagedAttendanceRecords },
  'learn/attendance--return-all-attendance-status-of-one-user-to-all-meetings-in--response.json': { operation: "list a user's records", reader: PagedAttendanceRecords },
  // Content (creating-content.md, curl-demo.md)
  'learn/creating-content--returning-content--response.json': { operation: 'list contents', reader: PagedContents },
  'learn/creating-content--returning-content--response-2.json': { operation: 'get content', reader: Content },
  'learn/creating-content--creating-and-updating-content--response.json': { operation: 'create content', reader: Content },
  'learn/creating-content--returning-children-content--response.json': { operation: 'list children', reader: PagedContents },
  'learn/creating-content--creating-a-folder-within-a-folder--response.json': { operation: 'create child', reader: Content },
  'learn/creating-content--creating-content-within-a-folder--response.json': { operation: 'create child', reader: Content },
  'learn/curl-demo--add-content--response.json': { operation: 'list contents (Classic)', reader: PagedContents },
  'learn/curl-demo--add-content--response-2.json': { operation: 'upload a file', reader: UploadedFile },
  'learn/curl-demo--add-content--response-3.json': { operation: 'create a file item', reader: Content },
  'learn/curl-demo--create-assignment-with-attachment--response.json': { operation: 'get content root', reader: Content },
  'learn/curl-demo--create-assignment-with-attachment--response-2.json': { operation: 'upload a file', reader: UploadedFile },
  'learn/curl-demo--create-assignment-with-attachment--response-3.json': { operation: 'create assignment', reader: CreateAssignmentResult },
  'learn/curl-demo--submit-assignment-attempt-with-attachment--response-2.json': { operation: 'upload a file', reader: UploadedFile },
  'learn/curl-demo--submit-assignment-attempt-with-attachment--response-3.json': notCalled('submit student attempts'),
  // OAuth (seed 000; curl-demo.md)
  'learn/curl-demo--oauth2-basic-two-legged--response.json': { operation: 'token (client credentials)', reader: TokenResponse },
  'learn/curl-demo--oauth2-three-legged-3lo--response.json': { operation: 'token (authorization code)', reader: TokenResponse },
  'learn/curl-demo--submit-assignment-attempt-with-attachment--response.json': { operation: 'token (authorization code)', reader: TokenResponse },
  // Users: the client reads users (the signed-in user, rosters) with the same reader
  'learn/curl-demo--users-create--response.json': { operation: 'user', reader: User },
  'learn/curl-demo--users-read--response.json': { operation: 'get user', reader: User },
  'learn/curl-demo--users-read--response-2.json': { operation: 'get user', reader: User },
  'learn/curl-demo--users-update--response.json': { operation: 'user', reader: User },
  // Error bodies: every Learn error answer goes through ErrorBody, whatever the operation
  'learn/curl-demo--users-delete--response.json': { operation: 'error 404', reader: ErrorBody },
  'learn/curl-demo--datasources-delete--response.json': { operation: 'error 404', reader: ErrorBody },
  'learn/curl-demo--course-copy--response.json': { operation: 'error 409', reader: ErrorBody },
  'learn/curl-demo--datasources-create--response.json': notCalled('manage data sources'),
  'learn/curl-demo--datasources-read--response.json': notCalled('manage data sources'),
  'learn/curl-demo--datasources-update--response.json': notCalled('manage data sources'),
  'learn/curl-demo--datasources-update--response-2.json': notCalled('manage data sources'),
  'learn/curl-demo--create-grade-column--response.json': notCalled('create grade columns'),
  'learn/curl-demo--add-update-column-grade--response.json': notCalled('write grades'),
  // Calendar (using-calendar-api.md)
  'learn/using-calendar-api--calendar-c-r-u-d-payload-example--response.json': { operation: 'list calendars', reader: PagedCalendars },
  'learn/using-calendar-api--calendar-c-r-u-d-payload-example--response-2.json': { operation: 'list calendars', reader: PagedCalendars },
  'learn/using-calendar-api--about-get-calendar-items-payload-example--response.json': { operation: 'list calendar items', reader: PagedCalendarItems },
  'learn/using-calendar-api--about-get-calendaritemtype-calendaritemid-payload-example--response.json': { operation: 'get calendar item', reader: CalendarItem },
  'learn/using-calendar-api--about-patch-calendaritemtype-calendaritemid-payload-example--response.json': { operation: 'update calendar item', reader: CalendarItem },
  // Ally (seed 002; ally/*.md)
  'ally/check-status--expected-response--response.json': { operation: 'processing status', reader: ProcessingStatus },
  'ally/uploading-files--expected-response--response.json': { operation: 'upload (202)', reader: ProcessingStatus },
  'ally/get-feedback--feedback-true--response.json': { operation: 'content information with feedback', reader: ContentInformation },
  'ally/get-feedback--feedback-false-or-omitted--response.json': { operation: 'content information', reader: ContentInformation },
  'ally/get-batched-feedback--formats-true--response.json': { operation: 'batch content information', reader: BatchContentInformation },
};

/** The response samples that have a reader, with it. */
export function readableResponses(): { entry: SampleEntry; operation: string; reader: z.ZodType }[] {
  return sampleIndex()
    .samples.filter((s) => s.kind === 'response')
    .flatMap((entry) => {
      const reading = RESPONSE_READERS[entry.file];
      return reading && 'reader' in reading ? [{ entry, operation: reading.operation, reader: reading.reader }] : [];
    });
}

/** zod issues as one line: where and what. */
export const issuesOf = (error: z.ZodError): string => error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
