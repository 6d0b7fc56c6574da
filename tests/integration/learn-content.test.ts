import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { CONTENT_HANDLERS } from '../../shared/api/content';
import { withSandbox } from '../support/sandbox';
import { CHEM, PSYC, collect, first, learnAs } from './learn-support';

/** Every content operation through the client: the tree, filters, creating, uploads and files. */

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('content', () => {
  it('reads the tree with each filter of Get Contents', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const top = await collect(learn.content.listContents(PSYC));
    const root = await learn.content.getContent(PSYC, 'root');
    expect(top.length).toBeGreaterThan(0);
    expect(top.every((item) => item.parentId === root.id)).toBe(true);

    const all = await collect(learn.content.listContents(PSYC, { recursive: true, pageSize: 25 }));
    expect(all.length).toBeGreaterThan(100); // the demo lecture's whole tree, over several pages
    const folders = await collect(learn.content.listContents(PSYC, { recursive: true, contentHandler: CONTENT_HANDLERS.folder }));
    expect(folders.length).toBeGreaterThan(0);
    expect(folders.every((f) => f.contentHandler?.id === CONTENT_HANDLERS.folder)).toBe(true);
    const week = await collect(learn.content.listContents(PSYC, { recursive: true, title: 'WEEK' }));
    expect(week.length).toBeGreaterThan(0);
    expect(week.every((f) => /week/i.test(f.title))).toBe(true);
    const reviewable = await collect(learn.content.listContents(PSYC, { recursive: true, reviewable: true, fields: ['id', 'reviewable'] }));
    expect(reviewable.every((c) => c.reviewable === true)).toBe(true);

    const cut = new Date(Date.parse(all[Math.floor(all.length / 2)]!.created!));
    const older = await collect(learn.content.listContents(PSYC, { recursive: true, created: cut, createdCompare: 'lessThan' }));
    const newer = await collect(learn.content.listContents(PSYC, { recursive: true, created: cut }));
    expect(older.length + newer.length).toBe(all.length);
    const modified = await collect(learn.content.listContents(PSYC, { recursive: true, modified: new Date(0), modifiedCompare: 'greaterOrEqual' }));
    expect(modified.length).toBe(all.filter((c) => c.modified !== undefined).length);

    const folder = folders[0]!;
    const children = await collect(learn.content.listChildren(PSYC, folder.id, { pageSize: 2 }));
    expect(children.every((c) => c.parentId === folder.id)).toBe(true);
    expect(await learn.content.getContent(PSYC, folder.id, { fields: ['title'] })).toEqual({ title: folder.title });
  });

  it('creates content, uploads a file into a file item, and makes assignments', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const settings = await learn.content.uploadSettings();
    expect(settings.maxUploadSizeInBytes).toBeGreaterThan(1_000_000);

    const folder = await learn.content.createContent(PSYC, { title: 'Week 15: Review', contentHandler: { id: CONTENT_HANDLERS.folder } });
    expect(folder).toMatchObject({ title: 'Week 15: Review', hasChildren: true });
    const bytes = new TextEncoder().encode('Review questions\n1. What is working memory?\n');
    const upload = await learn.content.upload({ fileName: 'review.txt', data: bytes, mimeType: 'text/plain' });
    const file = await learn.content.createContent(PSYC, { parentId: folder.id, title: 'Review questions', contentHandler: { id: CONTENT_HANDLERS.file, file: { uploadId: upload.id, fileName: 'review.txt' } } });
    expect(file.contentHandler?.file?.fileName).toBe('review.txt');

    const attachments = await collect(learn.content.listAttachments(PSYC, file.id));
    expect(attachments).toHaveLength(1);
    expect(await learn.content.getAttachment(PSYC, file.id, attachments[0]!.id)).toMatchObject({ id: attachments[0]!.id, fileName: 'review.txt' });
    const link = await learn.content.attachmentLink(PSYC, file.id, attachments[0]!.id);
    expect(link.searchParams.get('signature')).toBeTruthy();
    const downloaded = new Uint8Array(await (await fetch(link)).arrayBuffer());
    expect(downloaded).toEqual(bytes);

    const ultra = await learn.content.createAssignment(PSYC, { parentId: folder.id, title: 'Reflection essay', instructions: '<p>Write 500 words.</p>', score: { possible: 20 } });
    expect(ultra.assessmentId).toBeTruthy();
    expect(ultra.questionIds).toHaveLength(1);
    expect((await learn.content.getContent(PSYC, ultra.contentId)).contentHandler?.id).toBe(CONTENT_HANDLERS.ultraAssessment);

    const labFolder = await first(learn.content.listContents(CHEM, { contentHandler: CONTENT_HANDLERS.folder }));
    const sheet = await learn.content.upload({ fileName: 'titration.txt', data: new Blob(['Record each burette reading.']) });
    const classic = await learn.content.createAssignment(CHEM, { parentId: labFolder.id, title: 'Lab 4 report', fileUploadIds: [sheet.id] });
    expect(classic.assessmentId).toBeUndefined();
    expect(classic.attachmentIds).toHaveLength(1);
  });

  it('tells the user why Learn refused a write', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    await expect(learn.content.createContent(CHEM, { title: 'Loose page' })).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      message: expect.stringMatching(/^Could not create "Loose page" in courseId:CHEM-105-F26: Learn answered 400 \(".+"\)\. Learn refused the request as invalid; check the values entered\.$/) as unknown,
    });
  });
});
