import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Content, CreateAssignmentResult, PagedContents, UploadedFile } from '../../../shared/api/content';
import type { RunningSandbox } from '../../../sandbox/server';
import { call, userToken, withSandbox } from '../../support/sandbox';
import { LEARN, contents, courseRef, expectError, expectOk, lectureOnlyStudent, upload } from './content-support';

// Create Assignment: the Ultra shape (asmt-test-link, assessment with presentation questions),
// the Classic shape (x-bb-assignment, attachments), and what either refuses.
let sandbox: RunningSandbox;
let instructor: string;
const biology = contents(courseRef('ultra'));
const chemistry = contents(courseRef('classic'));
const create = (base: string) => `${base}/createAssignment`;

beforeAll(async () => {
  sandbox = await withSandbox();
  instructor = userToken(sandbox, 'instructor');
});
afterAll(() => sandbox.close());

async function uploaded(name: string, token = instructor): Promise<string> {
  return expectOk('POST', `${LEARN}/uploads`, await upload(sandbox, token, name, `%PDF-1.4 ${name}`), 201, UploadedFile).id;
}

describe('Create Assignment in an Ultra course', () => {
  it('makes the test link, its grade column and one presentation question for the instructions and each file', async () => {
    const files = [await uploaded('Rubric.pdf'), await uploaded('Data sheet.pdf')];
    const body = { title: 'Lab report 2', instructions: '<p>Report your counts.</p>', fileUploadIds: files, score: { possible: 40 }, grading: { attemptsAllowed: 2 } };
    const result = expectOk('POST', create(biology), await call(sandbox, instructor, 'POST', create(biology), body), 201, CreateAssignmentResult);
    expect(result.assessmentId).toBeDefined();
    expect(result.questionIds).toHaveLength(3);
    expect(result.attachmentIds).toEqual([]);
    const item = expectOk('GET', `${biology}/${result.contentId}`, await call(sandbox, instructor, 'GET', `${biology}/${result.contentId}`), 200, Content);
    expect(item.contentHandler).toMatchObject({ id: 'resource/x-bb-asmt-test-link', assessmentId: result.assessmentId, gradeColumnId: result.gradeColumnId });
    expect(item.hasGradebookColumns).toBe(true);
    const root = expectOk('GET', `${biology}/root`, await call(sandbox, instructor, 'GET', `${biology}/root`), 200, Content);
    expect(item.parentId).toBe(root.id);
  });

  it('needs no files or instructions, and then makes no questions', async () => {
    const result = expectOk('POST', create(biology), await call(sandbox, instructor, 'POST', create(biology), { title: 'Attendance check' }), 201, CreateAssignmentResult);
    expect(result.questionIds).toEqual([]);
  });

  it('refuses more than ten attempts, unknown or reused uploads, and a missing title with 400', async () => {
    const used = await uploaded('Once.pdf');
    expectOk('POST', create(biology), await call(sandbox, instructor, 'POST', create(biology), { title: 'Uses it', fileUploadIds: [used] }), 201, CreateAssignmentResult);
    const theirs = await uploaded('Theirs.pdf', userToken(sandbox, 'ta'));
    const cases: [unknown, RegExp][] = [
      [{ title: 'Many tries', grading: { attemptsAllowed: 11 } }, /at most 10/],
      [{ title: 'Ghost file', fileUploadIds: ['_424242_1'] }, /not a file you uploaded/],
      [{ title: 'Someone else’s file', fileUploadIds: [theirs] }, /not a file you uploaded/],
      [{ title: 'Again', fileUploadIds: [used] }, /already attached/],
      [{ instructions: 'No title' }, /title/],
      [{ title: 'Due when?', grading: { due: 'next Friday' } }, /ISO 8601/],
      [{ title: 'Negative', score: { possible: -5 } }, /score\.possible/],
    ];
    for (const [body, message] of cases) expectError('POST', create(biology), await call(sandbox, instructor, 'POST', create(biology), body), 400, message);
  });

  it('takes unlimited attempts without counting them', async () => {
    const body = { title: 'Practice set', grading: { isUnlimitedAttemptsAllowed: true, attemptsAllowed: 50 } };
    expectOk('POST', create(biology), await call(sandbox, instructor, 'POST', create(biology), body), 201, CreateAssignmentResult);
  });

  it('refuses a student with 403 and a cross-listed child course without the flag with 400', async () => {
    const student = userToken(sandbox, lectureOnlyStudent(sandbox));
    const lecture = contents(courseRef('lecture'));
    expectError('POST', create(lecture), await call(sandbox, student, 'POST', create(lecture), { title: 'Mine' }), 403);
    const child = contents('courseId:BIOL-220-F26-X');
    expectError('POST', create(child), await call(sandbox, instructor, 'POST', create(child), { title: 'Clinical log' }), 400, /allowChildCourseContent/);
    const allowed = `${create(child)}?allowChildCourseContent=true`;
    expectOk('POST', allowed, await call(sandbox, instructor, 'POST', allowed, { title: 'Clinical log' }), 201, CreateAssignmentResult);
  });
});

describe('Create Assignment in a Classic course', () => {
  it('makes an x-bb-assignment with the instructions as body and one attachment per file', async () => {
    const reports = expectOk('GET', `${chemistry}?title=Lab Reports`, await call(sandbox, instructor, 'GET', `${chemistry}?title=Lab Reports`), 200, PagedContents).results[0] as Content;
    const body = { title: 'Lab report 4', parentId: reports.id, instructions: '<p>Report the calorimetry.</p>', fileUploadIds: [await uploaded('Template.pdf')] };
    const result = expectOk('POST', create(chemistry), await call(sandbox, instructor, 'POST', create(chemistry), body), 201, CreateAssignmentResult);
    expect(result.assessmentId).toBeUndefined();
    expect(result.questionIds).toEqual([]);
    expect(result.attachmentIds).toHaveLength(1);
    const item = expectOk('GET', `${chemistry}/${result.contentId}`, await call(sandbox, instructor, 'GET', `${chemistry}/${result.contentId}`), 200, Content);
    expect(item).toMatchObject({ parentId: reports.id, body: '<p>Report the calorimetry.</p>', contentHandler: { id: 'resource/x-bb-assignment', gradeColumnId: result.gradeColumnId } });
  });

  it('needs a parent folder: Classic keeps no assignments at the top level', async () => {
    expectError('POST', create(chemistry), await call(sandbox, instructor, 'POST', create(chemistry), { title: 'Loose assignment' }), 400, /parentId/);
  });
});
