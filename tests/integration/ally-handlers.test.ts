import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllyClient } from '../../electron/core/ally';
import { ALLY_NOT_SET_UP, allyHandlers } from '../../electron/core/app/ally-handlers';
import { contract } from '../../shared/ipc/contract';
import { ALLY_REPORTS_PER_CALL, type AllyCourseFile } from '../../shared/ipc/ally-channels';
import { DEMO_ALLY_CLIENT } from '../../sandbox/core/context';
import { demoFileContent } from '../../sandbox/modules/ally';
import { writePdf } from '../../sandbox/modules/ally/pdf-writer';
import type { RunningSandbox } from '../../sandbox/server';
import { withSandbox } from '../support/sandbox';
import { learnAs, PSYC, HIST } from './learn-support';

/**
 * The ally.* handlers against the in-process sandbox over loopback: Learn lists the course's
 * files, the core reads and hashes them, Ally answers their reports in one batch; formats are
 * requested, polled and downloaded; a file Ally has never seen is sent and checked. Every answer
 * is checked against the IPC contract, as the dispatcher would.
 */
let sandbox: RunningSandbox;
let handlers: ReturnType<typeof allyHandlers>;

const FAST_POLL = { initialDelayMs: 20, factor: 1.25, maxDelayMs: 40, jitter: 0 };
const sha1 = (bytes: Uint8Array): string => createHash('sha1').update(bytes).digest('hex').toUpperCase();
/** What an Ally hash in the vendor samples' form says: `<name>:<SHA-1>:<type>`. */
const decoded = (hash: string | null): string => Buffer.from(hash ?? '', 'base64').toString('utf8');
const reads = async (): Promise<number> => {
  const stats = (await (await sandbox.controlFetch(`/__sandbox/stats`)).json()) as { byRoute: Record<string, number> };
  return stats.byRoute['GET /learn/bbcswebdav/:fileRef'] ?? 0;
};
/** What the screen does: list the files, then read their reports a call at a time. */
async function courseFiles(courseId: string): Promise<AllyCourseFile[]> {
  const { files: listed } = contract['ally.listFiles'].response.parse(await handlers['ally.listFiles']({ courseId }));
  const out: AllyCourseFile[] = [];
  for (let i = 0; i < listed.length; i += ALLY_REPORTS_PER_CALL) {
    const request = contract['ally.readReports'].request.parse({ courseId, files: listed.slice(i, i + ALLY_REPORTS_PER_CALL) });
    out.push(...contract['ally.readReports'].response.parse(await handlers['ally.readReports'](request)).files);
  }
  return out;
}
const named = (files: AllyCourseFile[], name: string): AllyCourseFile => {
  const file = files.find((f) => f.fileName === name);
  if (!file) throw new Error(`${name} is not listed: ${files.map((f) => f.fileName).join(', ')}`);
  return file;
};

beforeAll(async () => {
  sandbox = await withSandbox();
  const { learn } = learnAs(sandbox, 'instructor');
  const ally = new AllyClient({ baseUrl: sandbox.allyUrl, credentials: DEMO_ALLY_CLIENT, poll: FAST_POLL });
  handlers = allyHandlers({ learn: () => learn, ally });
});
afterAll(() => sandbox.close());

describe('ally.courseFiles', () => {
  it('lists every demo file of the course with the report Ally holds for its bytes', async () => {
    const files = await courseFiles(PSYC);
    const syllabus = named(files, 'Syllabus PSYC 101 Fall 2026.pdf');
    const scanned = named(files, 'Week 2 - Research Methods (scanned).pdf');
    const demo = demoFileContent('Week 2 - Research Methods (scanned).pdf');
    expect(scanned).toMatchObject({ state: 'checked', hash: demo?.hash, folderPath: expect.arrayContaining(['Week 2']) as unknown });
    expect(scanned.information?.feedback?.score).toBeLessThan(syllabus.information?.feedback?.score ?? 0);
    expect(scanned.information?.feedback?.report.results.Scanned?.score).toBeLessThan(1);
    // The PNG is checked too; formats are offered for documents only.
    expect(named(files, 'Brain anatomy diagram.png').state).toBe('checked');
    expect(syllabus.information?.formats?.availableFormats).toContain('Html');
  });

  it('reads each file once: a second overview uses the remembered hashes', async () => {
    await courseFiles(HIST);
    const before = await reads();
    const again = await courseFiles(HIST);
    expect(await reads()).toBe(before);
    expect(named(again, 'Primary sources 1492-1600.pdf').state).toBe('checked');
  });

  it('says what IT must provide when the site has no Ally credentials', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const none = allyHandlers({ learn: () => learn, ally: undefined });
    expect(await none['ally.setup']({})).toEqual({ configured: false, message: ALLY_NOT_SET_UP.message, words: ALLY_NOT_SET_UP.words });
    expect(ALLY_NOT_SET_UP.message).toMatch(/client id/);
    await expect(none['ally.listFiles']({ courseId: PSYC })).rejects.toThrow(/Ally is not set up/);
    expect(await handlers['ally.setup']({})).toEqual({ configured: true });
  });
});

describe('a file Ally has not seen', () => {
  it('is listed as unknown, then sent, checked and listed with its report', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const bytes = writePdf({ title: 'Extra handout', lang: 'en', blocks: [{ kind: 'heading', level: 1, text: 'Extra handout' }, { kind: 'paragraph', text: 'The students read the extra chapter and then they discuss it with the instructor in the seminar.' }] }, { tagged: false });
    const upload = await learn.content.upload({ fileName: 'Extra handout.pdf', data: new Uint8Array(bytes), mimeType: 'application/pdf' });
    const item = await learn.content.createContent(PSYC, { title: 'Extra handout', contentHandler: { id: 'resource/x-bb-file', file: { uploadId: upload.id, fileName: 'Extra handout.pdf' } } });

    const listed = named(await courseFiles(PSYC), 'Extra handout.pdf');
    // Ally has no hash for it: none is shown or used until Ally issues one.
    expect(listed).toMatchObject({ state: 'unknown', contentId: item.id, hash: null, bytes: bytes.length, information: null });

    const sent = contract['ally.sendFile'].response.parse(await handlers['ally.sendFile']({ courseId: PSYC, contentId: listed.contentId, attachmentId: listed.attachmentId }));
    expect(sent.state).toBe('checked');
    expect(decoded(sent.hash)).toMatch(new RegExp(`:${sha1(bytes)}:application/pdf$`));
    expect(sent.information?.feedback?.report.results.Tagged?.score).toBe(0);
    expect(named(await courseFiles(PSYC), 'Extra handout.pdf').state).toBe('checked');
  });

  it('names the file when a request points at one no longer in the course', async () => {
    await expect(handlers['ally.originalFile']({ courseId: PSYC, contentId: '_999999_1', attachmentId: '_1_1' })).rejects.toThrow(/no longer in the course/);
  });
});

describe('the original and its alternative formats', () => {
  it('gives the original bytes, the same Ally hashed', async () => {
    const file = named(await courseFiles(PSYC), 'Week 1 - What is Psychology.pdf');
    const original = contract['ally.originalFile'].response.parse(await handlers['ally.originalFile']({ courseId: PSYC, contentId: file.contentId, attachmentId: file.attachmentId }));
    expect(decoded(file.hash)).toBe(`${file.fileName}:${sha1(Buffer.from(original.base64, 'base64'))}:application/pdf`);
    expect(original).toMatchObject({ contentType: 'application/pdf', bytes: file.bytes });
  });

  it('requests an HTML version, follows it to success and downloads it', async () => {
    const file = named(await courseFiles(PSYC), 'Week 1 - What is Psychology.pdf');
    const hash = file.hash ?? '';
    const ref = { courseId: PSYC, contentId: file.contentId, attachmentId: file.attachmentId, hash };
    const early = await handlers['ally.downloadFormat']({ hash, format: 'Html', fileName: file.fileName }).catch((e: unknown) => e);
    expect(String(early)).toMatch(/404|not|request/i);

    const job = await handlers['ally.requestFormat']({ ...ref, format: 'Html' });
    expect(job).toEqual({ format: 'Html', stage: 'pending' });
    const stages = new Set<string>([job.stage]);
    await expect
      .poll(async () => {
        const now = await handlers['ally.formatStatus']({ hash, format: 'Html' });
        stages.add(now.stage);
        return now.stage;
      }, { timeout: 10_000, interval: 20 })
      .toBe('success');
    expect([...stages]).toContain('success');

    const html = contract['ally.downloadFormat'].response.parse(await handlers['ally.downloadFormat']({ hash, format: 'Html', fileName: file.fileName }));
    expect(html.fileName).toBe('Week 1 - What is Psychology (HTML).html');
    expect(html.contentType).toMatch(/^text\/html/);
    expect(Buffer.from(html.base64, 'base64').toString('utf8')).toMatch(/<html lang="en[^"]*">[\s\S]*<h1>Week 1: What is Psychology\?<\/h1>/);
  });

  it('asks for a translation with its language and refuses a malformed format before any request', async () => {
    const file = named(await courseFiles(PSYC), 'Week 1 - What is Psychology.pdf');
    const request = { courseId: PSYC, contentId: file.contentId, attachmentId: file.attachmentId, hash: file.hash ?? '', format: 'Translation:fr' };
    expect(contract['ally.requestFormat'].request.safeParse(request).success).toBe(true);
    expect(contract['ally.requestFormat'].request.safeParse({ ...request, format: 'Translation' }).success).toBe(false);
    expect(await handlers['ally.requestFormat'](request)).toEqual({ format: 'Translation:fr', stage: 'pending' });
  });
});
