import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AllyClient } from '../../electron/core/ally';
import { allyHandlers } from '../../electron/core/app/ally-handlers';
import { contract } from '../../shared/ipc/contract';
import type { AllyCourseFile } from '../../shared/ipc/ally-channels';
import { DEMO_ALLY_CLIENT } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import { withSandbox } from '../support/sandbox';
import { BIOL, CHEM, collect, learnAs, PSYC, routeCount, setFaults } from './learn-support';

/**
 * Where the Ally overview finds a course's files: an Ultra document's in its body (Learn lists
 * no attachments for it), a Classic item's in its attachments; and one item Learn will not list
 * never sinks the others. The real handlers against the sandbox over loopback.
 */
let sandbox: RunningSandbox;
let handlers: ReturnType<typeof allyHandlers>;

const ATTACHMENT_LISTS = 'GET /learn/api/public/v1/courses/:courseId/contents/:contentId/attachments';
const CONTENT_LISTS = 'GET /learn/api/public/v1/courses/:courseId/contents';

async function overview(courseId: string): Promise<AllyCourseFile[]> {
  const { files: listed } = contract['ally.listFiles'].response.parse(await handlers['ally.listFiles']({ courseId }));
  if (listed.length === 0) return [];
  const request = contract['ally.readReports'].request.parse({ courseId, files: listed });
  return contract['ally.readReports'].response.parse(await handlers['ally.readReports'](request)).files;
}

beforeAll(async () => {
  sandbox = await withSandbox();
  const { learn } = learnAs(sandbox, 'instructor', { retry: { baseDelayMs: 5, maxDelayMs: 20 } });
  handlers = allyHandlers({ learn: () => learn, ally: new AllyClient({ baseUrl: sandbox.allyUrl, credentials: DEMO_ALLY_CLIENT }) });
});
afterEach(() => setFaults(sandbox, { serverErrorRate: 0, pathPattern: null }));
afterAll(() => sandbox.close());

describe('the files of an Ultra course', () => {
  it('lists the lecture’s four files with one attachment list per file item and none per document', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const items = await collect(learn.content.listContents(PSYC, { recursive: true }));
    const fileItems = items.filter((i) => i.contentHandler?.id === 'resource/x-bb-file').length;
    expect(items.filter((i) => i.contentHandler?.id === 'resource/x-bb-document').length).toBeGreaterThan(50);

    const lists = await routeCount(sandbox, ATTACHMENT_LISTS);
    const contentPages = await routeCount(sandbox, CONTENT_LISTS);
    const { files } = await handlers['ally.listFiles']({ courseId: PSYC });
    expect(files.map((f) => f.fileName).sort()).toEqual(['Brain anatomy diagram.png', 'Syllabus PSYC 101 Fall 2026.pdf', 'Week 1 - What is Psychology.pdf', 'Week 2 - Research Methods (scanned).pdf']);
    expect((await routeCount(sandbox, ATTACHMENT_LISTS)) - lists).toBe(fileItems);
    expect((await routeCount(sandbox, CONTENT_LISTS)) - contentPages).toBe(2); // 119 items: two pages
    // When students can reach each file comes with the same reads: its item, then each folder above it.
    const week1 = files.find((f) => f.fileName === 'Week 1 - What is Psychology.pdf');
    expect(week1?.release?.map((s) => [s.title, s.available])).toEqual([[week1?.itemTitle, 'Yes'], ['Week 1', 'Yes']]);
    expect(week1?.release?.[0]?.contentId).toBe(week1?.contentId);
  });

  it('finds a file an Ultra document links from its body, and says in plain words why Rollbook cannot check it', async () => {
    const files = await overview(BIOL);
    const worksheet = files.find((f) => f.fileName === 'Microscopy lab worksheet.pdf');
    expect(worksheet).toMatchObject({ itemTitle: 'Lab pair worksheets', folderPath: ['Lab pairs'], mimeType: 'application/pdf', state: 'unreadable' });
    expect(worksheet?.note).toMatch(/inside the text of a page/);
    expect(worksheet?.note).toMatch(/Open the page in Learn/);
    // The course's file items are still read and reported.
    expect(files.find((f) => f.fileName === 'Mitosis study guide.pdf')?.state).toBe('checked');
  });

  it('refuses to send a file from a page’s text to Ally, with the same plain reason', async () => {
    const { files } = await handlers['ally.listFiles']({ courseId: BIOL });
    const worksheet = files.find((f) => f.fileName === 'Microscopy lab worksheet.pdf');
    if (!worksheet) throw new Error('the worksheet is not listed');
    await expect(handlers['ally.sendFile']({ courseId: BIOL, contentId: worksheet.contentId, attachmentId: worksheet.attachmentId })).rejects.toThrow(/inside the text of a page/);
  });
});

describe('the files of a Classic course', () => {
  it('lists each document’s attachments, and an item Learn will not list shows its own problem without sinking the others', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const items = await collect(learn.content.listContents(CHEM, { recursive: true }));
    const safety = items.find((i) => i.title === 'Safety contract');
    if (!safety) throw new Error('no Safety contract in CHEM-105');
    const before = await overview(CHEM);
    expect(before.map((f) => f.fileName).sort()).toEqual(['Lab safety rules.html', 'Titration worksheet.pdf']);

    await setFaults(sandbox, { serverErrorRate: 1, serverErrorStatuses: [500], pathPattern: `contents/${safety.id}/attachments` });
    const files = await overview(CHEM);
    expect(files.filter((f) => f.state === 'checked').map((f) => f.fileName).sort()).toEqual(['Lab safety rules.html', 'Titration worksheet.pdf']);
    const refused = files.find((f) => f.contentId === safety.id);
    expect(refused).toMatchObject({ itemTitle: 'Safety contract', state: 'unreadable' });
    expect(refused?.note).toMatch(/Learn would not list the files of “Safety contract”/);
  });
});
