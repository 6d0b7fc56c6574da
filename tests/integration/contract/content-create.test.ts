import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Content, PagedContents, UploadSettings, UploadedFile } from '../../../shared/api/content';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, userToken, withSandbox } from '../../support/sandbox';
import { LEARN, contents, courseRef, expectError, expectOk, lectureOnlyStudent, upload } from './content-support';

// Writing content: Create Content and Create Child (Ultra and Classic placement, limits,
// cross-listed child courses, storage quota) and the uploads its file items take.
let sandbox: RunningSandbox;
let instructor: string;
const lecture = contents(courseRef('lecture'));
const chemistry = contents(courseRef('classic'));

beforeAll(async () => {
  sandbox = await withSandbox();
  instructor = userToken(sandbox, 'instructor');
});
afterAll(() => sandbox.close());

const post = async (path: string, body: unknown, token = instructor) => call(sandbox, token, 'POST', path, body);

/** The id of the first top-level item of a course with this title. */
async function topLevel(base: string, title: string): Promise<Content> {
  const res = await call(sandbox, instructor, 'GET', `${base}?title=${encodeURIComponent(title)}`);
  return expectOk('GET', base, res, 200, PagedContents).results[0] as Content;
}

describe('Create Content in an Ultra course', () => {
  it('places a top-level document under ROOT, last, and lists it', async () => {
    const root = expectOk('GET', `${lecture}/root`, await call(sandbox, instructor, 'GET', `${lecture}/root`), 200, Content);
    const item = expectOk('POST', lecture, await post(lecture, { title: 'Exam room changes', body: '<p>Room 2.14 is closed.</p>', contentHandler: { id: 'resource/x-bb-document' } }), 201, Content);
    expect(item.parentId).toBe(root.id);
    expect(item.contentHandler?.id).toBe('resource/x-bb-document');
    expect(item.availability?.available).toBe('Yes');
    const outline = expectOk('GET', lecture, await call(sandbox, instructor, 'GET', lecture), 200, PagedContents);
    expect(outline.results.at(-1)?.id).toBe(item.id);
    expect(item.position).toBe(outline.results.length - 1);
  });

  it('inserts at a position and moves the siblings after it', async () => {
    const folder = expectOk('POST', lecture, await post(lecture, { title: 'Ordering test', contentHandler: { id: 'resource/x-bb-folder' } }), 201, Content);
    const children = `${lecture}/${folder.id}/children`;
    for (const title of ['A', 'B']) expectOk('POST', lecture, await post(lecture, { title, parentId: folder.id }), 201, Content);
    const first = expectOk('POST', lecture, await post(lecture, { title: 'First', parentId: folder.id, position: 0 }), 201, Content);
    expect(first.position).toBe(0);
    const listed = expectOk('GET', children, await call(sandbox, instructor, 'GET', children), 200, PagedContents);
    expect(listed.results.map((c) => `${c.position}:${c.title}`)).toEqual(['0:First', '1:A', '2:B']);
    expectError('POST', lecture, await post(lecture, { title: 'Too far', parentId: folder.id, position: 4 }), 400, /position/);
  });

  it('refuses a description of 751 characters and takes one of 750', async () => {
    expectError('POST', lecture, await post(lecture, { title: 'Long', description: 'd'.repeat(751) }), 400, /751 characters; the limit is 750/);
    const ok = expectOk('POST', lecture, await post(lecture, { title: 'Long enough', description: 'd'.repeat(750) }), 201, Content);
    expect(ok.description).toHaveLength(750);
  });

  it('refuses bodies that name nothing sensible with 400', async () => {
    const doc = await topLevel(lecture, 'Exam room changes');
    const cases: [unknown, RegExp][] = [
      [{ body: 'no title' }, /title/],
      [{ title: 'x', parentId: doc.id }, /inside a folder/],
      [{ title: 'x', parentId: '_999999_1' }, /not content of course/],
      [{ title: 'x', contentHandler: { id: 'resource/x-bb-externallink' } }, /url/],
      [{ title: 'x', contentHandler: { id: 'resource/x-bb-externallink', url: 'javascript:alert(1)' } }, /http/],
      [{ title: 'x', contentHandler: { id: 'resource/x-bb-asmt-test-link' } }, /createAssignment/],
      [{ title: 'x', contentHandler: { id: 'resource/x-bb-hologram' } }, /Unknown content handler/],
      [{ title: 'x', availability: { available: 'Maybe' } }, /Yes, No or PartiallyVisible/],
      [{ title: 'x', availability: { adaptiveRelease: { start: '2026-12-02T00:00:00Z', end: '2026-12-01T00:00:00Z' } } }, /before/],
      [{ title: 'x', contentHandler: { id: 'resource/x-bb-file', file: { uploadId: 'never-uploaded' } } }, /not a file you uploaded/],
    ];
    for (const [body, message] of cases) expectError('POST', lecture, await post(lecture, body), 400, message);
  });

  it('refuses a student with 403', async () => {
    const student = userToken(sandbox, lectureOnlyStudent(sandbox));
    expectError('POST', lecture, await post(lecture, { title: 'Mine now' }, student), 403, /course\.content\.CREATE/);
  });
});

describe('Create Content in a Classic course', () => {
  it('takes only folders at the top level', async () => {
    expectError('POST', chemistry, await post(chemistry, { title: 'Loose page', contentHandler: { id: 'resource/x-bb-document' } }), 400, /only folders/);
    const area = expectOk('POST', chemistry, await post(chemistry, { title: 'Exam Prep', contentHandler: { id: 'resource/x-bb-folder' } }), 201, Content);
    expect(area.parentId).toBeUndefined();
    const page = expectOk('POST', chemistry, await post(chemistry, { title: 'Formula sheet', parentId: area.id }), 201, Content);
    expect(page.parentId).toBe(area.id);
  });

  it('takes parentId "root" as the top level, where the same folder-only rule holds', async () => {
    expectError('POST', chemistry, await post(chemistry, { title: 'Loose note', parentId: 'root' }), 400, /only folders/);
    const area = expectOk('POST', chemistry, await post(chemistry, { title: 'Review', parentId: 'ROOT', contentHandler: { id: 'resource/x-bb-folder' } }), 201, Content);
    expect(area.parentId).toBeUndefined();
    const top = expectOk('GET', `${chemistry}?limit=100`, await call(sandbox, instructor, 'GET', `${chemistry}?limit=100`), 200, PagedContents);
    expect(top.results.map((c) => c.id)).toContain(area.id);
  });
});

describe('Create Child (Swagger POST .../contents/{contentId}/children, as creating-content.md uses it)', () => {
  it('creates an item inside the folder of the path, whatever parentId the body names', async () => {
    const folder = expectOk('POST', lecture, await post(lecture, { title: 'Guest lectures', contentHandler: { id: 'resource/x-bb-folder' } }), 201, Content);
    const children = `${lecture}/${folder.id}/children`;
    const child = expectOk('POST', children, await post(children, { title: 'Talk 1', parentId: '_121047_1', position: 0, reviewable: true }), 201, Content);
    expect(child.parentId).toBe(folder.id);
    const listed = expectOk('GET', children, await call(sandbox, instructor, 'GET', children), 200, PagedContents);
    expect(listed.results.map((c) => c.id)).toEqual([child.id]);
    const under = `${lecture}/${child.id}/children`;
    expectError('POST', under, await post(under, { title: 'Nested' }), 400, /not a folder/);
    expectError('POST', children, await post(children, { title: 'Talk 2' }, userToken(sandbox, lectureOnlyStudent(sandbox))), 403);
  });
});

describe('cross-listed child course', () => {
  const child = contents('courseId:BIOL-220-F26-X');
  it('refuses writes to a child course unless allowChildCourseContent=true', async () => {
    expectError('POST', child, await post(child, { title: 'Nursing notes' }), 400, /allowChildCourseContent/);
    const path = `${child}?allowChildCourseContent=true`;
    expectOk('POST', path, await post(path, { title: 'Nursing notes' }), 201, Content);
  });
});

describe('uploads and file items', () => {
  it('takes a multipart upload and reports its settings', async () => {
    const res = await upload(sandbox, instructor, 'notes.txt', 'Lecture notes', 'text/plain');
    expectOk('POST', `${LEARN}/uploads`, res, 201, UploadedFile);
    const settings = expectOk('GET', `${LEARN}/uploads/settings`, await call(sandbox, instructor, 'GET', `${LEARN}/uploads/settings`), 200, UploadSettings);
    expect(settings.maxUploadSizeInBytes).toBe(50 * 1024 * 1024);
  });

  it('refuses a non-multipart body with 400 and a scripted HTML file with 422', async () => {
    expectError('POST', `${LEARN}/uploads`, await call(sandbox, instructor, 'POST', `${LEARN}/uploads`, { file: 'x' }), 400, /multipart/);
    const res = await upload(sandbox, instructor, 'page.html', '<p>hi</p><script>steal()</script>', 'text/html');
    expectError('POST', `${LEARN}/uploads`, res, 422, /unsafe/);
  });

  it('makes a file item from an upload, once', async () => {
    const { id } = expectOk('POST', `${LEARN}/uploads`, await upload(sandbox, instructor, 'Seating plan.pdf', '%PDF-1.4 seating'), 201, UploadedFile);
    const body = { title: 'Seating plan', contentHandler: { id: 'resource/x-bb-file', file: { uploadId: id } } };
    const item = expectOk('POST', lecture, await post(lecture, body), 201, Content);
    expect(item.contentHandler?.file).toEqual({ fileName: 'Seating plan.pdf', mimeType: 'application/pdf' });
    expect(item.links?.some((l) => l.rel === 'download' && l.title === 'Seating plan.pdf')).toBe(true);
    expectError('POST', lecture, await post(lecture, body), 400, /already attached/);
  });

  it('answers 507 when a course’s storage quota is full', async () => {
    const org = contents(courseRef('organization'));
    const fourMb = new Uint8Array(4 * 1024 * 1024).fill(65);
    const statuses: number[] = [];
    for (let i = 1; i <= 3; i++) {
      const { id } = expectOk('POST', `${LEARN}/uploads`, await upload(sandbox, instructor, `recording-${i}.pdf`, fourMb), 201, UploadedFile);
      const res = await post(org, { title: `Recording ${i}`, contentHandler: { id: 'resource/x-bb-file', file: { uploadId: id } } });
      statuses.push(res.status);
      if (res.status === 507) expectError('POST', org, res, 507, /out of storage/);
      else expectOk('POST', org, res, 201, Content);
    }
    expect(statuses).toEqual([201, 201, 507]);
    // A small item still fits: the quota counts bytes, not items.
    expectOk('POST', org, await post(org, { title: 'Agenda', parentId: (await topLevel(org, 'Resources')).id }), 201, Content);
  });
});
