import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHandlers } from '../../electron/core/app/content-handlers';
import { call, createDispatcher, type Dispatch, type Handlers } from '../../electron/core/ipc/dispatcher';
import type { RunningSandbox } from '../../sandbox/server';
import type { IpcResult } from '../../shared/ipc/contract';
import { ASSIGNMENT_FILES_MAX_BYTES } from '../../shared/ipc/content-channels';
import { withSandbox } from '../support/sandbox';
import { HIST, learnAs, PSYC, routeCount } from './learn-support';

/**
 * The content.* handlers through the dispatcher (request and answer checked against the contract)
 * against the sandbox over loopback: the tree and its filters across pages, item details, creating
 * items and assignments (files uploaded first), and what each role may do.
 */
let sandbox: RunningSandbox;
const as = (who: string): Dispatch => createDispatcher(contentHandlers(() => learnAs(sandbox, who).learn) as Handlers);
let instructor: Dispatch;

beforeAll(async () => {
  sandbox = await withSandbox();
  instructor = as('instructor');
});
afterAll(() => sandbox.close());

function value<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.name}: ${result.error.message}`);
  return result.value;
}

describe('content tree', () => {
  it('lists the top level, then a folder lazily', async () => {
    const top = value(await call(instructor, 'content.children', { courseId: PSYC })).items;
    expect(top.map((i) => i.title)).toEqual(expect.arrayContaining(['Start Here', 'Week 1', 'Week 14', 'Final exam review']));
    const week1 = top.find((i) => i.title === 'Week 1');
    expect(week1?.hasChildren).toBe(true);
    const inside = value(await call(instructor, 'content.children', { courseId: PSYC, folderId: week1?.id ?? '' })).items;
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.every((i) => i.parentId === week1?.id)).toBe(true);
  });

  it('searches the whole course across pages, with each filter as the seed defines it', async () => {
    const pagesBefore = await routeCount(sandbox, 'GET /learn/api/public/v1/courses/:courseId/contents');
    const everything = value(await call(instructor, 'content.search', { courseId: PSYC, filters: {} })).items;
    expect(everything.length).toBeGreaterThan(100);
    // More than one page was read to get them all.
    expect((await routeCount(sandbox, 'GET /learn/api/public/v1/courses/:courseId/contents')) - pagesBefore).toBeGreaterThan(1);

    const week = value(await call(instructor, 'content.search', { courseId: PSYC, filters: { title: 'WEEK 1' } })).items;
    expect(week.length).toBeGreaterThan(0);
    expect(week.every((i) => i.title.toLowerCase().includes('week 1'))).toBe(true);

    const folders = value(await call(instructor, 'content.search', { courseId: PSYC, filters: { contentHandler: 'resource/x-bb-folder' } })).items;
    expect(folders.every((i) => i.contentHandler?.id === 'resource/x-bb-folder')).toBe(true);

    const reviewable = value(await call(instructor, 'content.search', { courseId: PSYC, filters: { reviewable: true } })).items;
    expect(reviewable.length).toBeGreaterThan(0);
    expect(reviewable.every((i) => i.reviewable === true)).toBe(true);

    const cut = '2026-08-20T00:00:00.000Z';
    const before = value(await call(instructor, 'content.search', { courseId: PSYC, filters: { created: cut, createdCompare: 'lessThan' } })).items;
    const after = value(await call(instructor, 'content.search', { courseId: PSYC, filters: { created: cut, createdCompare: 'greaterOrEqual' } })).items;
    expect(before.every((i) => (i.created ?? '') < cut)).toBe(true);
    expect(after.every((i) => (i.created ?? '') >= cut)).toBe(true);
    expect(before.length + after.length).toBe(everything.length);

    const changed = value(await call(instructor, 'content.search', { courseId: PSYC, filters: { modified: cut, modifiedCompare: 'greaterOrEqual' } })).items;
    const unchanged = value(await call(instructor, 'content.search', { courseId: PSYC, filters: { modified: cut, modifiedCompare: 'lessThan' } })).items;
    expect(changed.every((i) => (i.modified ?? '') >= cut) && unchanged.every((i) => (i.modified ?? '') < cut)).toBe(true);
    expect(changed.length + unchanged.length).toBe(everything.length);
    // Filters combine: folders whose title has "week", created before the cut.
    const combined = value(await call(instructor, 'content.search', { courseId: PSYC, filters: { title: 'week', contentHandler: 'resource/x-bb-folder', created: cut, createdCompare: 'lessThan' } })).items;
    expect(combined.length).toBeGreaterThan(0);
    expect(combined.every((i) => i.contentHandler?.id === 'resource/x-bb-folder' && /week/i.test(i.title) && (i.created ?? '') < cut)).toBe(true);
  });

  it('refuses a filter Learn would refuse before calling it', async () => {
    const bad = await call(instructor, 'content.search', { courseId: PSYC, filters: { created: 'last week' } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.name).toBe('InvalidRequest');
  });

  it('opens an item with its body, availability, links and files', async () => {
    const [syllabus] = value(await call(instructor, 'content.search', { courseId: PSYC, filters: { title: 'Syllabus PSYC 101' } })).items;
    const { item, attachments } = value(await call(instructor, 'content.item', { courseId: PSYC, contentId: syllabus?.id ?? '' }));
    expect(item.contentHandler?.id).toBe('resource/x-bb-file');
    expect(item.availability?.available).toBeDefined();
    expect(item.links?.length).toBeGreaterThan(0);
    expect(attachments.map((a) => a.fileName)).toContain('Syllabus PSYC 101 Fall 2026.pdf');
  });
});

describe('creating content', () => {
  it('makes a top-level folder in a Classic course, and explains why a document cannot go there', async () => {
    const { item } = value(await call(instructor, 'content.create', { courseId: HIST, kind: 'folder', title: 'Exam preparation' }));
    expect(item).toMatchObject({ title: 'Exam preparation', contentHandler: { id: 'resource/x-bb-folder' } });
    const refused = await call(instructor, 'content.create', { courseId: HIST, kind: 'document', title: 'Loose page' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/folder/i);
    // ...but inside the new folder a document is fine.
    const inside = value(await call(instructor, 'content.create', { courseId: HIST, parentId: item.id, kind: 'document', title: 'Reading list', body: '<p>Three books</p>' }));
    expect(inside.item.parentId).toBe(item.id);
  });

  it('makes a web link anywhere in an Ultra course', async () => {
    const { item } = value(await call(instructor, 'content.create', { courseId: PSYC, kind: 'link', title: 'APA style guide', url: 'https://apastyle.apa.org/' }));
    expect(item.contentHandler).toMatchObject({ id: 'resource/x-bb-externallink', url: 'https://apastyle.apa.org/' });
  });

  it('uploads the files first, then creates a Classic assignment with its grade column and attachments', async () => {
    const [folder] = value(await call(instructor, 'content.children', { courseId: HIST })).items.filter((i) => i.title === 'Assignments');
    const uploads = await routeCount(sandbox, 'POST /learn/api/public/v1/uploads');
    const answer = value(
      await call(instructor, 'content.createAssignment', {
        courseId: HIST,
        parentId: folder?.id ?? '',
        title: 'Source analysis',
        instructions: '<p>Analyse one primary source.</p>',
        due: '2026-12-01T17:00:00.000Z',
        attemptsAllowed: 2,
        pointsPossible: 40,
        files: [{ fileName: 'brief.txt', mimeType: 'text/plain', dataBase64: Buffer.from('Read the brief.').toString('base64') }],
      }),
    );
    expect((await routeCount(sandbox, 'POST /learn/api/public/v1/uploads')) - uploads).toBe(1);
    expect(answer.result.gradeColumnId).toBeTruthy();
    expect(answer.item).toMatchObject({ id: answer.result.contentId, title: 'Source analysis', contentHandler: { id: 'resource/x-bb-assignment' } });
    expect(answer.attachments.map((a) => a.fileName)).toEqual(['brief.txt']);
  });

  it('creates an Ultra assignment whose files become questions', async () => {
    const answer = value(
      await call(instructor, 'content.createAssignment', {
        courseId: PSYC,
        title: 'Reflection essay',
        instructions: 'Write 500 words.',
        unlimitedAttempts: true,
        files: [{ fileName: 'rubric.txt', dataBase64: Buffer.from('Rubric').toString('base64') }],
      }),
    );
    expect(answer.item.contentHandler?.id).toBe('resource/x-bb-asmt-test-link');
    expect(answer.result.assessmentId).toBeTruthy();
    expect(answer.result.questionIds).toHaveLength(2);
  });

  it('refuses files over the transfer limit before uploading anything', async () => {
    const uploads = await routeCount(sandbox, 'POST /learn/api/public/v1/uploads');
    const half = Buffer.alloc(ASSIGNMENT_FILES_MAX_BYTES / 2 + 10, 1).toString('base64');
    const result = await call(instructor, 'content.createAssignment', {
      courseId: PSYC,
      title: 'Too big',
      files: [
        { fileName: 'a.bin', dataBase64: half },
        { fileName: 'b.bin', dataBase64: half },
      ],
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/b\.bin.*Learn|more than 640 KB/);
    expect(await routeCount(sandbox, 'POST /learn/api/public/v1/uploads')).toBe(uploads);
  });
});

describe('content.access', () => {
  it('lets the instructor write content and rules but not change criteria (system.course.MODIFY)', async () => {
    const access = value(await call(instructor, 'content.access', { courseId: PSYC }));
    expect(access.role).toBe('Instructor');
    expect(access.createContent.allowed && access.createAssignment.allowed && access.createRule.allowed && access.deleteRule.allowed).toBe(true);
    expect(access.editCriterion).toMatchObject({ allowed: false, reason: expect.stringContaining('the permission to change any course') as unknown });
    expect(access.deleteCriterion.allowed).toBe(false);
  });

  it('keeps a TA from deleting rules, and lets an administrator change criteria', async () => {
    const ta = value(await call(as('ta'), 'content.access', { courseId: PSYC }));
    expect(ta.role).toBe('TeachingAssistant');
    expect(ta.deleteRule).toMatchObject({ allowed: false, reason: expect.stringContaining('the permission to delete release rules') as unknown });
    expect(ta.createRule.allowed).toBe(true);
    const admin = value(await call(as('admin'), 'content.access', { courseId: PSYC }));
    expect(admin.editCriterion.allowed && admin.deleteCriterion.allowed).toBe(true);
  });

  it('agrees with Learn: what it disables, Learn refuses with 403', async () => {
    const [folder] = value(await call(instructor, 'content.search', { courseId: PSYC, filters: { title: 'Bonus: memory techniques' } })).items;
    const ta = as('ta');
    const [rule] = value(await call(ta, 'adaptiveRelease.rules', { courseId: PSYC, contentId: folder?.id ?? '' })).rules;
    const refused = await call(ta, 'adaptiveRelease.deleteRule', { courseId: PSYC, contentId: folder?.id ?? '', ruleId: rule?.id ?? '' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/the permission to delete release rules/);
  });
});
