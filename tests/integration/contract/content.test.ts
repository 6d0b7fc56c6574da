import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Content, FileAttachment, PagedContents, PagedFileAttachments, UploadedFile } from '../../../shared/api/content';
import { demoFileContent } from '../../../sandbox/modules/ally/demo-files';
import { DEMO_FILES } from '../../../sandbox/demo/files';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, userToken, withSandbox } from '../../support/sandbox';
import { LEARN, allPages, contents, courseRef, expectError, expectOk, lectureOnlyStudent, memberOf, upload } from './content-support';
import { solid } from './learn-variety';

// Reading the content tree: Get Contents, Get Content (with keywords), Get Content Children,
// filters, paging, and what students and guests may see.
let sandbox: RunningSandbox;
let instructor: string;
let student: string;
const lecture = contents(courseRef('lecture'));
const chemistry = contents(courseRef('classic'));

/** An item's documented fields that carry a value (answers vary: null or absent, unknown fields added). */
const CONTENT_FIELDS = ['id', 'parentId', 'title', 'body', 'description', 'created', 'modified', 'position', 'hasChildren', 'hasGradebookColumns', 'launchInNewWindow', 'reviewable', 'availability', 'contentHandler', 'links'] as const;
const documented = (item: Content): Record<string, unknown> => solid(item, CONTENT_FIELDS);

/** Every item of a course, recursively, across pages. */
async function everything(token: string, base: string, query = ''): Promise<Content[]> {
  const pages = await allPages(sandbox, token, `${base}?recursive=true${query}`, PagedContents);
  return pages.flatMap((p) => p.results);
}

beforeAll(async () => {
  sandbox = await withSandbox();
  instructor = userToken(sandbox, 'instructor');
  student = userToken(sandbox, lectureOnlyStudent(sandbox));
});
afterAll(() => sandbox.close());

describe('Get Contents', () => {
  it('lists an Ultra course outline: the top-level items, all under the ROOT folder', async () => {
    const root = expectOk('GET', `${lecture}/root`, await call(sandbox, instructor, 'GET', `${lecture}/root`), 200, Content);
    const page = expectOk('GET', lecture, await call(sandbox, instructor, 'GET', lecture), 200, PagedContents);
    expect(page.results.map((c) => c.title).slice(0, 3)).toEqual(['Start Here', 'Week 1', 'Week 2']);
    expect(page.results.every((c) => c.parentId === root.id)).toBe(true);
    expect(page.results.map((c) => c.position)).toEqual(page.results.map((_, i) => i));
  });

  it('lists a Classic course top level as parentless folders', async () => {
    const page = expectOk('GET', chemistry, await call(sandbox, instructor, 'GET', chemistry), 200, PagedContents);
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results.every((c) => c.parentId === undefined && c.contentHandler?.id === 'resource/x-bb-folder')).toBe(true);
  });

  it('pages a recursive listing of more than 100 items with nextPage', async () => {
    const first = expectOk('GET', `${lecture}?recursive=true`, await call(sandbox, instructor, 'GET', `${lecture}?recursive=true`), 200, PagedContents);
    expect(first.results).toHaveLength(100);
    expect(first.paging?.nextPage).toBe(`${lecture}?recursive=true&offset=100`);
    const all = await everything(instructor, lecture);
    expect(all.length).toBeGreaterThan(100);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  });

  it('honours limit, offset and fields', async () => {
    const path = `${lecture}?limit=5&offset=2&fields=id,title`;
    const page = expectOk('GET', path, await call(sandbox, instructor, 'GET', path), 200, PagedContents);
    expect(page.results.map((c) => c.title)).toEqual(['Week 2', 'Week 3', 'Week 4', 'Week 5', 'Week 6']);
    expect(page.results.every((c) => Object.keys(c).sort().join() === 'id,title')).toBe(true);
    expect(page.paging?.nextPage).toContain('offset=7');
  });

  it('filters by title (contains, any case), handler and reviewable', async () => {
    const all = await everything(instructor, lecture);
    const quizzes = await everything(instructor, lecture, '&title=QUIZ');
    expect(quizzes.map((c) => c.id)).toEqual(all.filter((c) => c.title.toLowerCase().includes('quiz')).map((c) => c.id));
    expect(quizzes.length).toBeGreaterThan(10);
    const tests = await everything(instructor, lecture, '&contentHandler=resource/x-bb-asmt-test-link');
    expect(tests.length).toBeGreaterThan(0);
    expect(tests.map((c) => c.id)).toEqual(all.filter((c) => c.contentHandler?.id === 'resource/x-bb-asmt-test-link').map((c) => c.id));
    const reviewable = await everything(instructor, lecture, '&reviewable=true');
    const notReviewable = await everything(instructor, lecture, '&reviewable=false');
    expect(reviewable.length).toBeGreaterThan(0);
    expect(reviewable.every((c) => c.reviewable === true) && notReviewable.every((c) => c.reviewable === false)).toBe(true);
    expect(reviewable.length + notReviewable.length).toBe(all.length);
  });

  it('filters by created and modified, each compare splitting the items in two', async () => {
    const all = await everything(instructor, lecture);
    for (const field of ['created', 'modified'] as const) {
      const times = all.map((c) => c[field] as string).sort();
      const bound = times[Math.floor(times.length / 2)] as string;
      const q = (compare?: string) => `&${field}=${encodeURIComponent(bound)}${compare ? `&${field}Compare=${compare}` : ''}`;
      const after = await everything(instructor, lecture, q());
      const before = await everything(instructor, lecture, q('lessThan'));
      const afterExplicit = await everything(instructor, lecture, q('greaterOrEqual'));
      expect(after.map((c) => c.id)).toEqual(afterExplicit.map((c) => c.id));
      expect(after.every((c) => (c[field] as string) >= bound) && before.every((c) => (c[field] as string) < bound)).toBe(true);
      expect(before.length).toBeGreaterThan(0);
      expect(after.length + before.length).toBe(all.length);
    }
  });

  it('refuses bad filters with 400', async () => {
    for (const query of ['createdCompare=sideways&created=2026-09-01T00:00:00Z', 'created=last-week', 'recursive=maybe', 'limit=-1', 'modifiedCompare=lessThan']) {
      const path = `${lecture}?${query}`;
      expectError('GET', path, await call(sandbox, instructor, 'GET', path), 400);
    }
  });

  it('refuses a user who is not enrolled with 403', async () => {
    expectError('GET', chemistry, await call(sandbox, student, 'GET', chemistry), 403, /not enrolled/);
  });
});

describe('Get Content and Get Content Children', () => {
  it('reads an item by id, and ROOT by keyword; ROOT’s children are the outline', async () => {
    const outline = expectOk('GET', lecture, await call(sandbox, instructor, 'GET', lecture), 200, PagedContents);
    const first = outline.results[0] as Content;
    const one = expectOk('GET', `${lecture}/${first.id}`, await call(sandbox, instructor, 'GET', `${lecture}/${first.id}`), 200, Content);
    expect(documented(one)).toEqual(documented(first));
    const viaRoot = expectOk('GET', `${lecture}/root/children`, await call(sandbox, instructor, 'GET', `${lecture}/root/children`), 200, PagedContents);
    expect(viaRoot.results.map(documented)).toEqual(outline.results.map(documented));
  });

  it('serves INTERACTIVE and INDIRECT to staff only, in Ultra and Classic courses alike', async () => {
    for (const base of [lecture, chemistry]) {
      for (const keyword of ['interactive', 'indirect']) {
        const path = `${base}/${keyword}`;
        const folder = expectOk('GET', path, await call(sandbox, instructor, 'GET', path), 200, Content);
        expect(folder.title).toBe(keyword.toUpperCase());
        if (base === lecture) expectError('GET', path, await call(sandbox, student, 'GET', path), 403);
      }
    }
  });

  it('resolves ROOT in a Classic course too (seed 000 convention 2): its children are the parentless top level', async () => {
    const top = expectOk('GET', chemistry, await call(sandbox, instructor, 'GET', chemistry), 200, PagedContents);
    expect(top.results.length).toBeGreaterThan(0);
    expect(top.results.every((c) => c.parentId === undefined)).toBe(true);
    const root = expectOk('GET', `${chemistry}/ROOT`, await call(sandbox, instructor, 'GET', `${chemistry}/ROOT`), 200, Content);
    expect(root.contentHandler?.id).toBe('resource/x-bb-folder');
    const children = expectOk('GET', `${chemistry}/root/children`, await call(sandbox, instructor, 'GET', `${chemistry}/root/children`), 200, PagedContents);
    expect(children.results.map((c) => c.id)).toEqual(top.results.map((c) => c.id));
  });

  it('answers 404 for an unknown item or another course’s item, 400 for a bad course id', async () => {
    expectError('GET', `${lecture}/_999999_1`, await call(sandbox, instructor, 'GET', `${lecture}/_999999_1`), 404);
    const chem = expectOk('GET', chemistry, await call(sandbox, instructor, 'GET', chemistry), 200, PagedContents);
    const other = `${lecture}/${chem.results[0]?.id}`;
    expectError('GET', other, await call(sandbox, instructor, 'GET', other), 404);
    const bad = contents('nickname:PSYC') + '/root';
    expectError('GET', bad, await call(sandbox, instructor, 'GET', bad), 400);
  });

  it('lists a folder’s children lazily, recursively on request, and refuses non-folders', async () => {
    const week3 = (await everything(instructor, lecture, '&title=Week 3')).find((c) => c.title === 'Week 3') as Content;
    const path = `${lecture}/${week3.id}/children`;
    const children = expectOk('GET', path, await call(sandbox, instructor, 'GET', path), 200, PagedContents);
    expect(children.results.every((c) => c.parentId === week3.id)).toBe(true);
    const doc = children.results.find((c) => c.contentHandler?.id === 'resource/x-bb-document') as Content;
    expectError('GET', `${lecture}/${doc.id}/children`, await call(sandbox, instructor, 'GET', `${lecture}/${doc.id}/children`), 400, /not a folder/);
    const start = expectOk('GET', lecture, await call(sandbox, instructor, 'GET', `${lecture}?title=Start Here`), 200, PagedContents);
    const deep = `${lecture}/${start.results[0]?.id}/children?recursive=true`;
    const nested = expectOk('GET', deep, await call(sandbox, instructor, 'GET', deep), 200, PagedContents);
    expect(nested.results.some((c) => c.parentId !== start.results[0]?.id)).toBe(true);
    expectError('GET', `${lecture}/_999999_1/children`, await call(sandbox, instructor, 'GET', `${lecture}/_999999_1/children`), 404);
  });

  it('keeps the imported notes’ script and onerror in the body for the app to sanitise', async () => {
    const [notes] = await everything(instructor, lecture, '&title=Imported notes');
    expect(notes?.body).toMatch(/<script>/);
    expect(notes?.body).toMatch(/onerror=/);
  });

  it('shows every demo file as a file item with a download link, in its folder', async () => {
    for (const file of DEMO_FILES.filter((f) => f.inDocument === undefined)) {
      const base = contents(courseRef(file.course));
      const [item] = await everything(instructor, base, `&title=${encodeURIComponent(file.name)}`);
      expect(item?.contentHandler?.id, file.name).toBe('resource/x-bb-file');
      expect(item?.contentHandler?.file?.fileName).toBe(file.name);
      const parent = expectOk('GET', `${base}/${item?.parentId}`, await call(sandbox, instructor, 'GET', `${base}/${item?.parentId}`), 200, Content);
      expect(parent.title).toBe(file.folder);
      expect(item?.links?.find((l) => l.rel === 'download')?.type).toBe(file.mimeType);
    }
  });

  it('keeps an Ultra document’s file in its body, and lists no attachments for that document', async () => {
    const file = DEMO_FILES.find((f) => f.inDocument !== undefined);
    if (!file?.inDocument) throw new Error('no demo file in a document body');
    const base = contents(courseRef(file.course));
    const [document] = await everything(instructor, base, `&title=${encodeURIComponent(file.inDocument)}`);
    expect(document?.contentHandler?.id).toBe('resource/x-bb-document');
    expect(document?.body).toContain('@X@EmbeddedFile.requestUrlStub@X@bbcswebdav/xid-');
    expect(document?.body).toContain(`&quot;linkName&quot;:&quot;${file.name}&quot;`);
    const path = `${base}/${document?.id}/attachments`;
    const listed = await call(sandbox, instructor, 'GET', path);
    expect(listed.status).toBe(200);
    expect((listed.json as { results: unknown[] }).results).toEqual([]);
  });
});

describe('what students and guests see', () => {
  it('hides unavailable items, and the availability settings, from a student', async () => {
    const staffView = await everything(instructor, lecture);
    const studentView = await everything(student, lecture);
    const hidden = staffView.filter((c) => c.availability?.available === 'No');
    expect(hidden.length).toBeGreaterThan(0);
    expect(studentView.some((c) => hidden.some((h) => h.id === c.id || h.id === c.parentId))).toBe(false);
    expect(studentView.length).toBeGreaterThan(0);
    expect(studentView.every((c) => c.availability === undefined)).toBe(true);
    const answerKey = hidden.find((c) => c.title === 'Answer key: Quiz 5') as Content;
    expectError('GET', `${lecture}/${answerKey.id}`, await call(sandbox, student, 'GET', `${lecture}/${answerKey.id}`), 403);
  });

  it('shows a partially visible folder’s title but not its body or contents', async () => {
    const [extra] = (await everything(student, lecture)).filter((c) => c.title.startsWith('Extra credit'));
    expect(extra).toBeDefined();
    expect(extra?.body).toBeUndefined();
    const path = `${lecture}/${extra?.id}/children`;
    expectError('GET', path, await call(sandbox, student, 'GET', path), 403, /partially visible/);
  });

  it('opens an item on its release date, by the sandbox clock', async () => {
    const clock = sandbox.context().clock;
    const start = new Date(clock.now() + 2 * 86_400_000).toISOString();
    const res = await call(sandbox, instructor, 'POST', lecture, { title: 'Released in two days', availability: { adaptiveRelease: { start } } });
    const item = expectOk('POST', lecture, res, 201, Content);
    expectError('GET', `${lecture}/${item.id}`, await call(sandbox, student, 'GET', `${lecture}/${item.id}`), 403);
    clock.advance(3 * 86_400_000);
    try {
      const later = userToken(sandbox, lectureOnlyStudent(sandbox));
      const seen = expectOk('GET', `${lecture}/${item.id}`, await call(sandbox, later, 'GET', `${lecture}/${item.id}`), 200, Content);
      expect(seen.availability).toBeUndefined();
    } finally {
      clock.reset();
    }
  });

  it('keeps graded areas closed to a guest that a student of the course sees', async () => {
    const seminar = contents(courseRef('seminar'));
    const guest = userToken(sandbox, memberOf(sandbox, 'seminar', 'Guest'));
    const seminarStudent = userToken(sandbox, memberOf(sandbox, 'seminar', 'Student'));
    const titles = (list: Content[]) => list.map((c) => c.title);
    expect(titles(await everything(seminarStudent, seminar))).toContain('Assignments');
    const guestView = titles(await everything(guest, seminar));
    expect(guestView).toContain('Readings');
    expect(guestView).not.toContain('Assignments');
    expect(guestView).not.toContain('Response paper 1');
  });
});

describe('file attachments and their bytes', () => {
  /** The host-relative path and query of a signed file URL (a Learn error body when refused). */
  const fileLink = (url: string): string => url.slice(new URL(url).origin.length);

  /** Follows a download's 302 to the signed file URL, without the bearer token. */
  async function download(token: string, path: string): Promise<{ bytes: Buffer; type: string | null; location: string }> {
    const res = await call(sandbox, token, 'GET', path);
    expect(res.status, res.text).toBe(302);
    const location = res.headers.get('location') as string;
    const file = await fetch(location);
    expect(file.status).toBe(200);
    return { bytes: Buffer.from(await file.arrayBuffer()), type: file.headers.get('content-type'), location };
  }

  it('serves each demo file’s bytes (those the Ally module knows) through its download link', async () => {
    for (const name of ['Syllabus PSYC 101 Fall 2026.pdf', 'Lab safety rules.html']) {
      const file = DEMO_FILES.find((f) => f.name === name)!;
      const base = contents(courseRef(file.course));
      const [item] = await everything(instructor, base, `&title=${encodeURIComponent(name)}`);
      const list = expectOk('GET', `${base}/${item?.id}/attachments`, await call(sandbox, instructor, 'GET', `${base}/${item?.id}/attachments`), 200, PagedFileAttachments);
      expect(list.results.map((a) => solid(a, ['id', 'fileName', 'mimeType']))).toEqual([{ id: list.results[0]?.id, fileName: name, mimeType: file.mimeType }]);
      const one = `${base}/${item?.id}/attachments/${list.results[0]?.id}`;
      expect(expectOk('GET', one, await call(sandbox, instructor, 'GET', one), 200, FileAttachment).fileName).toBe(name);
      const link = item?.links?.find((l) => l.rel === 'download')?.href as string;
      expect(link).toBe(`${one.replace(/courseId:[^/]+/, sandbox.context().directory.course(courseRef(file.course)).id)}/download`);
      const got = await download(instructor, link);
      expect(got.bytes.equals(demoFileContent(name)!.bytes)).toBe(true);
      expect(got.type).toBe(file.mimeType);
    }
  });

  it('serves an uploaded file’s bytes; the signed link refuses tampering and expires after an hour', async () => {
    const { id } = expectOk('POST', `${LEARN}/uploads`, await upload(sandbox, instructor, 'Handout.pdf', '%PDF-1.4 handout'), 201, UploadedFile);
    const item = expectOk('POST', lecture, await call(sandbox, instructor, 'POST', lecture, { title: 'Handout', contentHandler: { id: 'resource/x-bb-file', file: { uploadId: id } } }), 201, Content);
    const link = item.links?.find((l) => l.rel === 'download')?.href as string;
    const got = await download(student, link);
    expect(got.bytes.toString()).toBe('%PDF-1.4 handout');
    // Change the signature's first character to a different one (a fixed '0' would sometimes be no change at all).
    const tampered = fileLink(got.location.replace(/signature=(.)/, (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`));
    expectError('GET', tampered, await call(sandbox, null, 'GET', tampered), 403, /link is not valid/);
    const clock = sandbox.context().clock;
    clock.advance(61 * 60 * 1000);
    try {
      expectError('GET', fileLink(got.location), await call(sandbox, null, 'GET', fileLink(got.location)), 403, /link has expired/);
    } finally {
      clock.reset();
    }
  });

  it('answers 400 for an item without attachments, 404 for an unknown one, 403 for a hidden item', async () => {
    const [folder] = await everything(instructor, lecture, '&title=Start Here');
    expectError('GET', `${lecture}/${folder?.id}/attachments`, await call(sandbox, instructor, 'GET', `${lecture}/${folder?.id}/attachments`), 400, /hold attachments/);
    const [file] = await everything(instructor, lecture, '&contentHandler=resource/x-bb-file');
    const unknown = `${lecture}/${file?.id}/attachments/_999999_1`;
    expectError('GET', unknown, await call(sandbox, instructor, 'GET', unknown), 404);
    const [key] = await everything(instructor, lecture, '&title=Answer key');
    expectError('GET', `${lecture}/${key?.id}/attachments`, await call(sandbox, student, 'GET', `${lecture}/${key?.id}/attachments`), 403);
  });
});
