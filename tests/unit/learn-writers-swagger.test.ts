import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { NewCriterion } from '../../electron/core/learn/adaptive-release';
import { CreateAssignmentRequest, CreateContentRequest } from '../../shared/api/content';
import type { MeetingInput } from '../../shared/api/attendance';
import { HttpClient } from '../../electron/core/http/http-client';
import { LearnClient } from '../../electron/core/learn/learn-client';
import { validateRequestAgainstSwagger } from '../support/swagger';
import { loadSample } from './vendor-samples-readers';

/**
 * What Rollbook writes, held to the vendor's Swagger (release 3900.121.0): every operation of the
 * Learn client that sends a JSON body is called through the real client, the body it puts on the
 * wire is caught at the transport (answered 400, so nothing is retried), and validated with ajv
 * against the operation's request schema, read strictly (support/swagger.ts: no property the
 * Swagger does not define, none it marks readOnly).
 */
interface Sent {
  method: string;
  path: string;
  body: unknown;
}
const sent: Sent[] = [];
const refuse = (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const target = new URL(url instanceof Request ? url.url : url);
  const body = init?.body;
  sent.push({ method: init?.method ?? 'GET', path: target.pathname, body: typeof body === 'string' ? JSON.parse(body) : body instanceof FormData ? 'multipart' : undefined });
  return Promise.resolve(new Response(JSON.stringify({ status: 400, message: 'caught by the test' }), { status: 400, headers: { 'Content-Type': 'application/json' } }));
};
const learn = new LearnClient({
  baseUrl: 'https://learn.example.edu/learn',
  tokens: { accessToken: () => Promise.resolve('token'), refreshAfterUnauthorized: () => Promise.resolve('token') },
  http: new HttpClient({ service: 'Learn', fetch: refuse, retry: { maxAttempts: 1 } }),
});

const course5 = '_5_1';
const ref = { courseId: course5, contentId: '_30_1', ruleId: '_2_1', criterionId: '_7_1' };
const at = '2026-09-02T14:00:00.000Z';
const later = '2026-09-02T15:15:00.000Z';

/** One call of every writer (each variant of a body the app builds), named as the user would. */
const WRITES: Record<string, () => Promise<unknown>> = {
  'create a release rule': () => learn.adaptiveRelease.createRule(course5, ref.contentId, 'Unlock after quiz 1'),
  'rename a release rule': () => learn.adaptiveRelease.updateRule(course5, ref.contentId, ref.ruleId, { title: 'Unlock after quiz 2' }),
  'add a grade range criterion': () => learn.adaptiveRelease.createCriterion(course5, ref.contentId, ref.ruleId, { type: 'GradeRange', gradeColumnId: '_4_1', minScore: 7, maxScore: null }),
  'add a grade percentage criterion': () => learn.adaptiveRelease.createCriterion(course5, ref.contentId, ref.ruleId, { type: 'GradePercentage', gradeColumnId: '_4_1', minScore: 70, maxScore: 100 }),
  'add a date range criterion': () => learn.adaptiveRelease.createCriterion(course5, ref.contentId, ref.ruleId, { type: 'DateRange', startDate: at, endDate: null }),
  'add a memberships criterion': () => learn.adaptiveRelease.createCriterion(course5, ref.contentId, ref.ruleId, { type: 'Memberships' }),
  'add a grade completed criterion': () => learn.adaptiveRelease.createCriterion(course5, ref.contentId, ref.ruleId, { type: 'GradeCompleted', gradeColumnId: '_4_1' }),
  'change a criterion': () => learn.adaptiveRelease.updateCriterion(ref, { minScore: 5, maxScore: 9 }),
  'set the groups of a criterion': () => learn.adaptiveRelease.setGroupPredicates(ref, ['_1_1', '_2_1']),
  'set the users of a criterion': () => learn.adaptiveRelease.setUserPredicates(ref, ['_12_1']),
  'post an announcement': () => learn.announcements.createAnnouncement({ title: 'Closed Monday', body: '<p>Snow</p>', availability: { duration: { type: 'Restricted', start: at, end: later } }, showAtLogin: true, showInCourses: false }),
  'change an announcement': () => learn.announcements.updateAnnouncement('_1_1', { title: 'Open Monday', availability: { duration: { type: 'Permanent' } } }),
  'post a course announcement': () =>
    learn.courseAnnouncements.createCourseAnnouncement(course5, { title: 'No class Monday', body: '<p>Holiday</p>', draft: false, availability: { duration: { type: 'Restricted', start: at, end: later } } }),
  'change a course announcement': () => learn.courseAnnouncements.updateCourseAnnouncement(course5, '_1_1', { title: 'No class Monday: holiday', draft: true, availability: { duration: { type: 'Permanent' } } }),
  'create a meeting': () => learn.attendance.createMeeting(course5, { courseId: course5, title: 'Week 1', description: '', start: at, end: later, externalLink: 'https://meet.example.edu/1' }),
  'change a meeting': () => learn.attendance.updateMeeting(course5, 1040, { title: 'Week 1 (moved)', start: at, end: later }),
  'mark a student': () => learn.attendance.createRecord(course5, 1040, { userId: '_12_1', status: 'Late' }),
  "change a student's mark": () => learn.attendance.updateRecord(course5, 1040, '_12_1', { status: 'Excused' }),
  'mark everyone': () => learn.attendance.setStatusForAll(course5, 1040, 'Present'),
  'add a calendar item': () =>
    learn.calendar.createCalendarItem({ type: 'Course', calendarId: course5, title: 'Review', description: 'Room 3', location: 'Room 3', start: at, end: later, recurrence: { frequency: 'Weekly', interval: 1, weekDays: ['Mo', 'We'], count: 10 } }),
  'add a monthly series': () =>
    learn.calendar.createCalendarItem({ type: 'Personal', calendarId: 'PERSONAL', title: 'Report', start: at, end: later, recurrence: { frequency: 'Monthly', interval: 1, monthPosition: 1, repeatDay: 'Tu', until: later } }),
  'change a calendar item': () => learn.calendar.updateCalendarItem('Course', '_9_1', { title: 'Review (moved)', start: at, end: later }),
  'change a calendar series': () => learn.calendar.updateCalendarItem('Course', '_9_1', { start: at, end: later, recurrence: { frequency: 'Daily', interval: 2, count: 5 } }, { updateSeries: true }),
  'create a content item': () =>
    learn.content.createContent(course5, { parentId: '_29_1', title: 'Reading', body: '<p>Chapter 1</p>', description: 'First reading', position: 0, launchInNewWindow: false, reviewable: true, availability: { available: 'No', allowGuests: false, adaptiveRelease: { start: at } }, contentHandler: { id: 'resource/x-bb-document' } }),
  'create a folder': () => learn.content.createContent(course5, { title: 'Week 2', contentHandler: { id: 'resource/x-bb-folder' } }),
  'create an assignment': () =>
    learn.content.createAssignment(course5, { parentId: '_29_1', title: 'Essay', instructions: '<p>500 words</p>', description: 'Essay', fileUploadIds: ['upload-1'], availability: { available: 'Yes' }, grading: { due: later, attemptsAllowed: 2 }, score: { possible: 10 } }),
};

/**
 * Where the client and the Swagger part on purpose, each with the document that decides it. The
 * keys are `operation: ajv error`; anything else the Swagger's strict reading finds fails the test.
 */
const DEFECTS: Record<string, string> = {
  'POST /learn/api/public/v1/courses/{courseId}/meetings/{meetingId}/users: /meetingId must be string':
    'seed 001 ("meetingId: integer in requests; string in responses") is the specification; the Swagger types it string',
  'PATCH /learn/api/public/v1/courses/{courseId}/meetings/{meetingId}/users/{userId}: /meetingId must be string':
    'seed 001 ("meetingId: integer in requests") as above',
  "POST /learn/api/public/v1/courses/{courseId}/meetings/{meetingId}/users/bulk: (root) must have required property 'meetingId'":
    'the bulk names its meeting in the path and covers every user: seed 001 lists only `status` (docs/api-notes/attendance.md "Attendance")',
  "POST /learn/api/public/v1/courses/{courseId}/meetings/{meetingId}/users/bulk: (root) must have required property 'userId'": 'as above',
  'PUT /learn/api/public/v1/courses/{courseId}/contents/{contentId}/adaptiveRelease/rules/{ruleId}/criteria/{criterionId}/groups: (root) must be object':
    'seed 000: Set Group Predicate List takes "array of {groupId}"; the Swagger types the body a bare object',
  'PUT /learn/api/public/v1/courses/{courseId}/contents/{contentId}/adaptiveRelease/rules/{ruleId}/criteria/{criterionId}/users: (root) must be object':
    'seed 000: Set Adaptive Release ACL Users Predicates List takes "array of {userId}"; as above',
  'POST /learn/api/public/v1/courses/{courseId}/contents: /contentHandler/id must NOT be valid':
    "the Swagger marks the handler's id readOnly, yet a new item's kind is only ever named by it: the vendor's own create samples (creating-content.md, curl-demo.md) send contentHandler.id",
  'POST /learn/api/public/v1/courses/{courseId}/contents: /contentHandler must NOT have additional properties (isBbPage)':
    "the Swagger types contentHandler by its base (id only); a folder's isBbPage is in its ContentFolderTOPubV1, and the vendor's folder sample sends it",
};

/** Update Calendar Item has no body parameter in the Swagger: its body is held to Create's schema, every field optional. */
const BODY_OF: Record<string, { method: string; path: string }> = {
  'PATCH /learn/api/public/v1/calendars/items/{calendarItemType}/{calendarItemId}': { method: 'POST', path: '/learn/api/public/v1/calendars/items' },
};

const found = new Map<string, string[]>();
const operations = new Set<string>();
afterAll(() => {
  console.log(`Writers checked against the Swagger: ${Object.keys(WRITES).length} bodies, ${operations.size} operations`);
});

describe("every body the Learn client writes meets the Swagger's request schema", () => {
  it.each(Object.keys(WRITES))('%s', async (name) => {
    sent.length = 0;
    await WRITES[name]!().catch(() => undefined);
    const writes = sent.filter((s) => s.body !== undefined);
    expect(writes, `${name} sent no body`).toHaveLength(1);
    const { method, path, body } = writes[0]!;
    const own = validateRequestAgainstSwagger(method, path, body);
    const operation = `${method} ${own.template}`;
    const instead = BODY_OF[operation];
    const check = instead ? validateRequestAgainstSwagger(instead.method, instead.path, body) : own;
    expect(check.checked, check.checked ? '' : check.reason).toBe(true);
    operations.add(operation);
    const errors = check.checked ? check.errors.filter((e) => !(instead && e.includes('must have required property'))).map((e) => `${operation}: ${e}`) : [];
    found.set(name, errors);
    expect(errors.filter((e) => !(e in DEFECTS)), JSON.stringify(body)).toEqual([]);
  });
});

/**
 * The vendor's request samples (tests/fixtures/vendor-samples) that an operation of Rollbook's
 * writes: each goes in through the client's writer (its arguments taken from the sample, checked
 * with the writer's own schema where it has one) and must come out on the wire as the sample.
 */
type Sample = Record<string, unknown> & unknown[];
const course = '_912_1';
const SAMPLE_WRITERS: Record<string, (s: Sample) => Promise<unknown>> = {
  'attendance--creating-a-meeting--request.json': (s) => learn.attendance.createMeeting(course, s as unknown as MeetingInput),
  'attendance--updating-a-meeting--request.json': (s) => learn.attendance.updateMeeting(course, 465, s as unknown as MeetingInput),
  'attendance--creating-an-attendance-record-for-one-user-in-one-meeting--request.json': (s) => learn.attendance.createRecord(course, s.meetingId as number, { userId: s.userId as string, status: s.status as 'Present' }),
  'attendance--updating-an-attendance-record-for-one-user-in-one-meeting--request.json': (s) => learn.attendance.updateRecord(course, s.meetingId as number, s.userId as string, { status: s.status as 'Excused' }),
  'attendance--creating-attendance-status-for-all-users-in-one-meeting--request.json': (s) => learn.attendance.setStatusForAll(course, 465, s.status as 'Excused'),
  'adaptive-release--creating-a-rule--request.json': (s) => learn.adaptiveRelease.createRule(course, ref.contentId, s.title as string),
  'adaptive-release--updating-a-rule--request.json': (s) => learn.adaptiveRelease.updateRule(course, ref.contentId, ref.ruleId, { title: s.title as string }),
  'adaptive-release--creating-new-criteria--request.json': (s) => learn.adaptiveRelease.createCriterion(course, ref.contentId, ref.ruleId, s as unknown as NewCriterion),
  'adaptive-release--using-gradepercentage--request.json': (s) => learn.adaptiveRelease.createCriterion(course, ref.contentId, ref.ruleId, s as unknown as NewCriterion),
  'adaptive-release--using-daterange--request.json': (s) => learn.adaptiveRelease.createCriterion(course, ref.contentId, ref.ruleId, s as unknown as NewCriterion),
  'adaptive-release--put-groups-as-criteria--request.json': (s) => learn.adaptiveRelease.setGroupPredicates(ref, s.map((g) => (g as { groupId: string }).groupId)),
  'adaptive-release--put-groups-as-criteria--request-2.json': (s) => learn.adaptiveRelease.setGroupPredicates(ref, s.map((g) => (g as { groupId: string }).groupId)),
  'adaptive-release--posting-adaptive-release-users--request.json': (s) => learn.adaptiveRelease.setUserPredicates(ref, s.map((u) => (u as { userId: string }).userId)),
  'adaptive-release--posting-adaptive-release-users--request-2.json': (s) => learn.adaptiveRelease.setUserPredicates(ref, s.map((u) => (u as { userId: string }).userId)),
  'creating-content--creating-and-updating-content--request.json': (s) => learn.content.createContent(course, CreateContentRequest.parse(s)),
  'creating-content--creating-and-updating-content--request-2.json': (s) => learn.content.createContent(course, CreateContentRequest.parse(s)),
  'creating-content--creating-a-folder-within-a-folder--request.json': (s) => learn.content.createContent(course, CreateContentRequest.parse(s)),
  'creating-content--creating-content-within-a-folder--request.json': (s) => learn.content.createContent(course, CreateContentRequest.parse(s)),
  'curl-demo--create-assignment-with-attachment--request.json': (s) => learn.content.createAssignment(course, CreateAssignmentRequest.parse(s)),
};

/** Learn request samples of operations Rollbook writes that are not round-tripped, each with why. */
const SAMPLES_SET_ASIDE: Record<string, string> = {
  'adaptive-release--using-daterange--request-2.json': 'its endDate is the string "null" (index.json): Rollbook writes a real null for "no end"',
  'using-calendar-api--about-post-calendar-items-payload-example--request.json': 'a schema dump, not a request: "string" ids, interval 0, read-only originalStart/originalEnd/repeatBroken',
  'curl-demo--add-content--request.json': 'a file item (contentHandler resource/x-bb-file with an upload): Rollbook creates documents, links and folders only',
  'curl-demo--add-content--request-2.json': 'as above',
};

describe("the vendor's request samples, through the client's writers", () => {
  const requestSamples = readdirSync(join(import.meta.dirname, '../fixtures/vendor-samples/learn')).filter((f) => f.endsWith('.json') && /--request(-\d+)?\.json$/.test(f));
  const ours = requestSamples.filter((f) => !f.startsWith('curl-demo--') || f.includes('add-content') || f.includes('create-assignment'));

  it('covers every sample of an operation Rollbook writes, round-tripped or set aside with a reason', () => {
    expect(ours.filter((f) => !(f in SAMPLE_WRITERS) && !(f in SAMPLES_SET_ASIDE))).toEqual([]);
    console.log(`Vendor request samples round-tripped through the writers: ${Object.keys(SAMPLE_WRITERS).length} (${Object.keys(SAMPLES_SET_ASIDE).length} set aside)`);
  });

  it.each(Object.keys(SAMPLE_WRITERS))('%s', async (file) => {
    const sample = loadSample(`learn/${file}`) as Sample;
    sent.length = 0;
    await SAMPLE_WRITERS[file]!(sample).catch((error: unknown) => {
      if (sent.length === 0) throw error;
    });
    const writes = sent.filter((s) => s.body !== undefined);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.body).toEqual(sample);
    const check = validateRequestAgainstSwagger(writes[0]!.method, writes[0]!.path, writes[0]!.body);
    const operation = `${writes[0]!.method} ${check.template}`;
    const errors = check.checked ? check.errors.map((e) => `${operation}: ${e}`) : [];
    found.set(file, errors);
    expect(check.checked && errors.filter((e) => !(e in DEFECTS))).toEqual([]);
  });
});

it('calls every writer of the Learn client: one operation per JSON body it can send', () => {
  const dir = join(import.meta.dirname, '../../electron/core/learn');
  // Each area's call sites (`json: ...`); learn-http.ts only passes them on.
  const sites = readdirSync(dir).filter((f) => f !== 'learn-http.ts').flatMap((f) => readFileSync(join(dir, f), 'utf8').match(/\bjson: /g) ?? []);
  expect(operations.size).toBe(sites.length);
});

it('lists only Swagger defects the writers and the samples really meet', () => {
  const met = new Set([...found.values()].flat());
  expect(Object.keys(DEFECTS).filter((d) => !met.has(d))).toEqual([]);
});
