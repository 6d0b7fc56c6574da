import { request as httpRequest } from 'node:http';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ALLY_CLIENT } from '../../sandbox/core/context';
import { DEMO_COURSES } from '../../sandbox/modules/institution';
import type { RunningSandbox } from '../../sandbox/server';
import { call, userToken, withSandbox } from '../support/sandbox';
import { loadSample, sampleIndex } from '../unit/vendor-samples-readers';

/**
 * "the vendor's own samples as tests": every JSON request body the vendor's pages show
 * (tests/fixtures/vendor-samples, `npm run vendor-samples`) is sent to the sandbox over HTTP and
 * accepted, as a faithful Learn (or Ally) accepts it, or refused with the error a seed documents
 * for it (the calendar sample, below).
 *
 * Ids: the samples name objects of the vendor's own site (`_912_1`, meeting 465, `_89584_1`,
 * hashes cut short with "..."). Each such value is replaced by the id of an object of the same
 * kind in the sandbox's demo data (the lecture course PSYC-101-F26, its students, groups and
 * gradable items, or objects this file creates first), keeping its JSON type (a number stays a
 * number); `swapIds` does it and nothing else, so the sample's fields, nesting and other values go
 * out exactly as the page wrote them. Where a request needs the sample's own path (e.g. PUT
 * .../users), the path is the one index.json records for it.
 */

const LEARN = '/learn/api/public/v1';
const ALLY = `/ally/api/v2/clients/${DEMO_ALLY_CLIENT.clientId}/content`;

/** Request samples that are not sent, each with its reason. */
const SET_ASIDE: Record<string, string> = {
  'learn/curl-demo--datasources-create--request.json': 'data sources are outside the seeds: the sandbox does not serve /dataSources',
  'learn/curl-demo--datasources-update--request.json': 'data sources are outside the seeds: the sandbox does not serve /dataSources',
  'learn/curl-demo--datasources-update--request-2.json': 'data sources are outside the seeds: the sandbox does not serve /dataSources',
  'learn/curl-demo--users-create--request.json': 'creating users is outside the seeds: the sandbox serves user reads only',
  'learn/curl-demo--users-update--request.json': 'updating users is outside the seeds: the sandbox serves user reads only',
  'learn/curl-demo--create-grade-column--request.json': 'the gradebook is outside the seeds: the sandbox does not serve /gradebook/columns',
  'learn/curl-demo--add-update-column-grade--request.json': 'the gradebook is outside the seeds: the sandbox does not serve grades',
  'learn/curl-demo--course-copy--request.json': 'course copy is outside the seeds: the sandbox does not serve /courses/{id}/copy',
  'learn/curl-demo--course-copy--request-2.json': 'course copy is outside the seeds: the sandbox does not serve /courses/{id}/copy',
  'learn/curl-demo--submit-assignment-attempt-with-attachment--request.json': 'student attempts are outside the seeds: the sandbox does not serve /gradebook/columns/{id}/attempts',
  'learn/curl-demo--submit-assignment-attempt-with-attachment--request-2.json': 'student attempts are outside the seeds: the sandbox does not serve /gradebook/columns/{id}/attempts',
};

/**
 * Replaces the sample's ids with demo ids of the same JSON type; nothing else changes. `ids` maps
 * a value (`_912_1`) or, where the value is not unique in the sample, `field=value`
 * (`calendarId=string`) to the demo id.
 */
function swapIds(value: unknown, ids: Record<string, string | number>, field = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => swapIds(v, ids, field));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swapIds(v, ids, k)]));
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const to = ids[`${field}=${value}`] ?? ids[String(value)];
  if (to === undefined) return value;
  return typeof value === 'number' ? Number(to) : String(to);
}

let sandbox: RunningSandbox;
let instructor: string;
const demo = {
  course: '', // primary id of the lecture
  root: '',
  folder: '',
  students: [] as string[],
  groups: [] as string[],
  gradeColumn: '',
  meeting: 0,
  recordMeeting: 0,
  ruleItem: '',
  ruleToUpdate: { item: '', id: '' },
  criteriaBase: '',
  membership: '',
  hashes: [] as string[],
};
type Res = Awaited<ReturnType<typeof call>>;
const lecture = `${LEARN}/courses/courseId:${DEMO_COURSES.lecture}`;

async function ok(method: string, path: string, body?: unknown): Promise<Res> {
  const res = await call(sandbox, instructor, method, path, body);
  if (res.status >= 300) throw new Error(`setup ${method} ${path}: ${res.status} ${res.text}`);
  return res;
}
const idOf = (res: Res): string => (res.json as { id: string }).id;

async function learnUpload(name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob(['Reading list for week 3.\n'], { type: 'text/plain' }), name);
  const res = await fetch(`${sandbox.origin}${LEARN}/uploads`, { method: 'POST', headers: { Authorization: `Bearer ${instructor}` }, body: form });
  if (res.status !== 201 && res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** A JWT as the Ally pages build one: `header` and `claims` as given, HS256 with the client secret. */
async function allyJwt(header: Record<string, unknown>, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(new TextEncoder().encode(DEMO_ALLY_CLIENT.secret));
}
const nowSeconds = () => Math.floor(sandbox.context().clock.now() / 1000);
const plainAllyJwt = () => allyJwt({ alg: 'HS256', typ: 'JWT' }, { clientId: DEMO_ALLY_CLIENT.clientId, iat: nowSeconds() });

async function allyUpload(name: string, html: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([html], { type: 'text/html' }), name);
  const res = await fetch(`${sandbox.origin}${ALLY}`, { method: 'POST', headers: { Authorization: `Bearer ${await plainAllyJwt()}` }, body: form, redirect: 'manual' });
  if (res.status !== 202) throw new Error(`Ally upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { hash: string }).hash;
}

/** Ally's batch is a GET with a JSON body, which fetch cannot send. */
function getWithBody(path: string, token: string, body: unknown): Promise<{ status: number; text: string }> {
  const url = new URL(`${sandbox.origin}${path}`);
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

beforeAll(async () => {
  sandbox = await withSandbox();
  instructor = userToken(sandbox, 'instructor');
  const dir = sandbox.context().directory;
  demo.course = dir.course(`courseId:${DEMO_COURSES.lecture}`).id;
  demo.students = dir.courseMemberships(demo.course).filter((m) => m.courseRoleId === 'Student').map((m) => m.userId);
  demo.groups = [...dir.groups.values()].filter((g) => g.courseId === demo.course).map((g) => g.id);
  demo.root = idOf(await ok('GET', `${LEARN}/courses/${demo.course}/contents/root`));
  demo.folder = idOf(await ok('POST', `${lecture}/contents`, { title: 'Vendor samples', contentHandler: { id: 'resource/x-bb-folder' } }));
  // The samples' scores go up to 100 points: the column of an Essay of the lecture (worth 100).
  const items = (await ok('GET', `${lecture}/contents?recursive=true`)).json as { results: { title: string; contentHandler?: { gradeColumnId?: string } }[] };
  demo.gradeColumn = items.results.find((c) => /^Essay/.test(c.title) && c.contentHandler?.gradeColumnId)?.contentHandler?.gradeColumnId ?? '';
  const meeting = { courseId: demo.course, title: 'Vendor samples', description: 'Set up', start: '2026-11-24T15:00:00.000Z', end: '2026-11-24T16:00:00.000Z' };
  demo.meeting = Number(idOf(await ok('POST', `${lecture}/meetings`, meeting)));
  demo.recordMeeting = Number(idOf(await ok('POST', `${lecture}/meetings`, { ...meeting, title: 'Vendor samples, records' })));
  await ok('POST', `${lecture}/meetings/${demo.recordMeeting}/users`, { meetingId: demo.recordMeeting, userId: demo.students[1], status: 'Present' });
  demo.ruleItem = idOf(await ok('POST', `${lecture}/contents`, { title: 'Rule from a sample', parentId: demo.folder }));
  demo.ruleToUpdate.item = idOf(await ok('POST', `${lecture}/contents`, { title: 'Rule to update', parentId: demo.folder }));
  demo.ruleToUpdate.id = idOf(await ok('POST', `${lecture}/contents/${demo.ruleToUpdate.item}/adaptiveRelease/rules`, { title: 'Before' }));
  demo.criteriaBase = `${lecture}/contents/${demo.ruleToUpdate.item}/adaptiveRelease/rules/${demo.ruleToUpdate.id}/criteria`;
  demo.membership = idOf(await ok('POST', demo.criteriaBase, { type: 'Memberships' }));
  demo.hashes = [await allyUpload('week1.html', page('Week 1')), await allyUpload('week2.html', page('Week 2')), await allyUpload('week3.html', page('Week 3'))];
});
afterAll(() => sandbox.close());

const page = (title: string) => `<!DOCTYPE html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1><p>Readings for the week.</p></body></html>`;

/** Sends one Learn sample with its ids swapped; the path is the sandbox's equivalent of the page's. */
const learn = (method: string, path: () => string, ids: () => Record<string, string | number> = () => ({})) => async (sample: unknown) => call(sandbox, instructor, method, path(), swapIds(sample, ids()));

/** How each request sample is sent, and the status the page documents for it (else any 2xx). */
const SENDERS: Record<string, { send: (sample: unknown) => Promise<{ status: number; text: string }>; status?: number; message?: RegExp }> = {
  // Attendance (attendance.md): _912_1 is the course, 465 the meeting, _15104_1 a student
  'learn/attendance--creating-a-meeting--request.json': { send: learn('POST', () => `${lecture}/meetings`, () => ({ _912_1: demo.course })), status: 200 },
  'learn/attendance--updating-a-meeting--request.json': { send: learn('PATCH', () => `${lecture}/meetings/${demo.meeting}`, () => ({ _912_1: demo.course })) },
  'learn/attendance--creating-an-attendance-record-for-one-user-in-one-meeting--request.json': {
    send: learn('POST', () => `${lecture}/meetings/${demo.meeting}/users`, () => ({ 465: demo.meeting, _15104_1: demo.students[0]! })),
    status: 201,
  },
  'learn/attendance--updating-an-attendance-record-for-one-user-in-one-meeting--request.json': {
    send: learn('PATCH', () => `${lecture}/meetings/${demo.recordMeeting}/users/${demo.students[1]}`, () => ({ 465: demo.recordMeeting, _15104_1: demo.students[1]! })),
    status: 200,
  },
  'learn/attendance--creating-attendance-status-for-all-users-in-one-meeting--request.json': { send: learn('POST', () => `${lecture}/meetings/${demo.meeting}/users/bulk`) },
  // Content (creating-content.md, curl-demo.md): _121047_1 / _12907_1 a folder, _5108_1 the root
  'learn/creating-content--creating-and-updating-content--request.json': { send: learn('POST', () => `${lecture}/contents`), status: 201 },
  'learn/creating-content--creating-and-updating-content--request-2.json': { send: learn('POST', () => `${lecture}/contents`), status: 201 },
  'learn/creating-content--creating-a-folder-within-a-folder--request.json': { send: learn('POST', () => `${lecture}/contents/${demo.folder}/children`, () => ({ _121047_1: demo.folder })), status: 201 },
  'learn/creating-content--creating-content-within-a-folder--request.json': { send: learn('POST', () => `${lecture}/contents/${demo.folder}/children`, () => ({ _121047_1: demo.folder })), status: 201 },
  'learn/curl-demo--add-content--request.json': { send: async (s) => learn('POST', () => `${lecture}/contents/${demo.folder}/children`, await uploadIds(s))(s), status: 201 },
  'learn/curl-demo--add-content--request-2.json': { send: async (s) => learn('POST', () => `${lecture}/contents/${demo.folder}/children`, await uploadIds(s))(s), status: 201 },
  'learn/curl-demo--create-assignment-with-attachment--request.json': {
    send: async (s) => {
      const uploads = (await uploadIds(s))();
      return learn('POST', () => `${LEARN}/courses/${demo.course}/contents/createAssignment`, () => ({ ...uploads, _5108_1: demo.root }))(s);
    },
    status: 201,
  },
  // Calendar (using-calendar-api.md): calendarId "string" is the generator's placeholder for a
  // calendar id. The sample's end equals its start (generator values); seed 000 says an item's
  // "end must be after start", so the documented answer is Learn's refusal, a 400.
  'learn/using-calendar-api--about-post-calendar-items-payload-example--request.json': {
    send: learn('POST', () => `${LEARN}/calendars/items`, () => ({ 'calendarId=string': demo.course })),
    status: 400,
    message: /end .*must be after start|start .*before end/i,
  },
  // Adaptive release (adaptive-release.md): _89584_1 a grade column; _47939_1 and the lorem ids students; _8xx_1 groups
  'learn/adaptive-release--creating-a-rule--request.json': { send: learn('POST', () => `${lecture}/contents/${demo.ruleItem}/adaptiveRelease/rules`), status: 201 },
  'learn/adaptive-release--updating-a-rule--request.json': { send: learn('PATCH', () => `${lecture}/contents/${demo.ruleToUpdate.item}/adaptiveRelease/rules/${demo.ruleToUpdate.id}`) },
  'learn/adaptive-release--creating-new-criteria--request.json': { send: newCriterion('GradeRange sample', () => ({ _89584_1: demo.gradeColumn })), status: 201 },
  'learn/adaptive-release--using-gradepercentage--request.json': { send: newCriterion('GradePercentage sample', () => ({ _89584_1: demo.gradeColumn })), status: 201 },
  'learn/adaptive-release--using-daterange--request.json': { send: newCriterion('DateRange sample'), status: 201 },
  // Writes endDate as the string "null" where its page means "no end date"; the sandbox reads it as null (api-notes, adaptive release).
  'learn/adaptive-release--using-daterange--request-2.json': { send: newCriterion('DateRange open-ended sample'), status: 201 },
  'learn/adaptive-release--posting-adaptive-release-users--request.json': {
    send: learn('PUT', () => `${demo.criteriaBase}/${demo.membership}/users`, () => ({ 'anim labore in nulla est': demo.students[2]!, 'sunt labore ve': demo.students[3]! })),
  },
  'learn/adaptive-release--posting-adaptive-release-users--request-2.json': { send: learn('PUT', () => `${demo.criteriaBase}/${demo.membership}/users`, () => ({ _47939_1: demo.students[2]! })) },
  'learn/adaptive-release--put-groups-as-criteria--request.json': { send: learn('PUT', () => `${demo.criteriaBase}/${demo.membership}/groups`, () => ({ _873_1: demo.groups[0]! })) },
  'learn/adaptive-release--put-groups-as-criteria--request-2.json': {
    send: learn('PUT', () => `${demo.criteriaBase}/${demo.membership}/groups`, () => ({ _867_1: demo.groups[0]!, _873_1: demo.groups[1]!, _872_1: demo.groups[2]!, _871_1: demo.groups[3]! })),
  },
  // Ally (ally/*.md): the hashes cut short with "..." stand for three uploaded files
  'ally/get-batched-feedback--body-parameters--request.json': { send: (s) => allyBatch(s), status: 200 },
  'ally/get-batched-feedback--testing-with-curl--request.json': { send: (s) => allyBatch(s), status: 200 },
  // auth.md: the header sample signs both payload samples. clientId "###" is a placeholder for the
  // numeric client id (sent as a string, as written); iat is the one value set aside: the page
  // says "seconds since epoch" but its samples write a string of milliseconds from 2016, so the
  // current time in seconds is sent instead.
  'ally/auth--jwt-header--request.json': { send: async (header) => allyWithToken(header, loadSample('ally/auth--jwt-payload--request.json'), (h) => `${ALLY}/${h}/status`), status: 200 },
  'ally/auth--jwt-payload--request.json': { send: async (claims) => allyWithToken(loadSample('ally/auth--jwt-header--request.json'), claims, (h) => `${ALLY}/${h}/status`), status: 200 },
  'ally/auth--jwt-payload--request-2.json': { send: async (claims) => allyWithToken(loadSample('ally/auth--jwt-header--request.json'), claims, (h) => `${ALLY}/${h}?formats=true`), status: 200 },
};

/** The criteria of a new rule on a new item: each criterion sample gets a rule of its own. */
async function freshCriteria(title: string): Promise<string> {
  const item = idOf(await ok('POST', `${lecture}/contents`, { title, parentId: demo.folder }));
  const rule = idOf(await ok('POST', `${lecture}/contents/${item}/adaptiveRelease/rules`, { title }));
  return `${lecture}/contents/${item}/adaptiveRelease/rules/${rule}/criteria`;
}
function newCriterion(title: string, ids: () => Record<string, string> = () => ({})) {
  return async (sample: unknown) => call(sandbox, instructor, 'POST', await freshCriteria(title), swapIds(sample, ids()));
}

/** The sample's upload ids (fileUploadIds, contentHandler.file.uploadId) mapped to fresh uploads. */
async function uploadIds(sample: unknown): Promise<() => Record<string, string>> {
  const text = JSON.stringify(sample);
  const ids: Record<string, string> = {};
  for (const [, id] of text.matchAll(/"(?:uploadId|fileUploadIds)":\s*\[?"([^"]+)"/g)) ids[id!] = await learnUpload('2016.09.BlackboardPartnerUpdate.pdf');
  return () => ids;
}

async function allyBatch(sample: unknown): Promise<{ status: number; text: string }> {
  const refs = (sample as { references: { hash: string }[] }).references;
  const ids = Object.fromEntries(refs.map((r, i) => [r.hash, demo.hashes[i]!]));
  return getWithBody(`${ALLY}/batch?formats=true`, await plainAllyJwt(), swapIds(sample, ids));
}

async function allyWithToken(header: unknown, claims: unknown, path: (hash: string) => string): Promise<Res> {
  const hash = demo.hashes[0]!;
  const swapped = swapIds(claims, { '###': String(DEMO_ALLY_CLIENT.clientId), 'content:a1b2c3d4e5f6': `content:${hash}` }) as Record<string, unknown>;
  const token = await allyJwt(header as Record<string, unknown>, { ...swapped, iat: nowSeconds() });
  return call(sandbox, token, 'GET', path(hash));
}

describe('vendor request samples sent to the sandbox', () => {
  const requests = sampleIndex().samples.filter((s) => s.kind === 'request');

  it('every request sample is either sent or set aside with a reason', () => {
    expect(requests.filter((s) => !(s.file in SENDERS) && !(s.file in SET_ASIDE)).map((s) => s.file)).toEqual([]);
    expect(Object.keys({ ...SENDERS, ...SET_ASIDE }).filter((f) => !requests.some((s) => s.file === f))).toEqual([]);
  });

  it.each(requests.filter((s) => s.file in SENDERS).map((s) => [s.file, s] as const))('%s is accepted', async (file, entry) => {
    const { send, status, message } = SENDERS[file]!;
    const res = await send(loadSample(file));
    const why = `${entry.method ?? ''} ${entry.path ?? ''} (${entry.page}, "${entry.section}") -> ${res.status}: ${res.text.slice(0, 400)}`;
    if (status) expect(res.status, why).toBe(status);
    else expect(res.status >= 200 && res.status < 300, why).toBe(true);
    if (message) expect(res.text, why).toMatch(message);
  });

  it('counts what it covered', () => {
    const sent = requests.filter((s) => s.file in SENDERS).length;
    console.log(`vendor request samples: ${sent} sent to the sandbox, ${requests.length - sent} set aside (${Object.keys(SET_ASIDE).length} with reasons above)`);
    expect(requests).toHaveLength(39);
    expect(sent).toBe(28);
  });
});
