import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllyClient } from '../../electron/core/ally';
import { fetchAllowingGetBody } from '../../electron/core/ally/get-with-body';
import { networkFetch } from '../../electron/core/http/network-fetch';
import { allyHandlers } from '../../electron/core/app/ally-handlers';
import { HttpClient } from '../../electron/core/http';
import { contract } from '../../shared/ipc/contract';
import { configureLogger, type LogLine } from '../../shared/logger';
import type { AllyCourseFile } from '../../shared/ipc/ally-channels';
import { DEMO_ALLY_CLIENT } from '../../sandbox/core/context';
import { writePdf } from '../../sandbox/modules/ally/pdf-writer';
import type { RunningSandbox } from '../../sandbox/server';
import { withSandbox } from '../support/sandbox';
import { learnAs, PSYC } from './learn-support';

/**
 * Ally's hashes are opaque (seed 002: "returned at upload"): the hash Ally returns when Rollbook
 * sends a file is kept in the data folder per file revision and used after a restart for the
 * report and the formats; a file Rollbook never sent is looked up under the vendor samples' form
 * (base64 of `name:SHA-1:type`). Two handler sets on one data folder stand for two launches.
 */
const FAST_POLL = { initialDelayMs: 20, factor: 1.25, maxDelayMs: 40, jitter: 0 };

let sandbox: RunningSandbox;
let dir: string;
const logged: LogLine[] = [];

interface Launch {
  handlers: ReturnType<typeof allyHandlers>;
  /** Every Ally request of this launch: its URL and, for the batch, its body. */
  requests: { url: string; body: string }[];
}

/** One launch of the app: a new Ally client and handler set on `dataDir`. */
function launch(dataDir: string | undefined): Launch {
  const requests: Launch['requests'] = [];
  const transport = fetchAllowingGetBody(networkFetch());
  const http = new HttpClient({
    service: 'Ally',
    fetch: (input, init) => {
      requests.push({ url: String(input instanceof Request ? input.url : input), body: typeof init?.body === 'string' ? init.body : '' });
      return transport(input, init);
    },
  });
  const { learn } = learnAs(sandbox, 'instructor');
  const ally = new AllyClient({ baseUrl: sandbox.allyUrl, credentials: DEMO_ALLY_CLIENT, poll: FAST_POLL, http });
  return { handlers: allyHandlers({ learn: () => learn, ally, ...(dataDir ? { dataDir } : {}) }), requests };
}

async function courseFiles(app: Launch, courseId: string): Promise<AllyCourseFile[]> {
  const { files: listed } = await app.handlers['ally.listFiles']({ courseId });
  const out: AllyCourseFile[] = [];
  for (let i = 0; i < listed.length; i += 25) {
    const request = contract['ally.readReports'].request.parse({ courseId, files: listed.slice(i, i + 25) });
    out.push(...contract['ally.readReports'].response.parse(await app.handlers['ally.readReports'](request)).files);
  }
  return out;
}

const named = (files: AllyCourseFile[], name: string): AllyCourseFile => {
  const file = files.find((f) => f.fileName === name);
  if (!file) throw new Error(`${name} is not listed`);
  return file;
};

const stats = async (): Promise<Record<string, number>> =>
  ((await (await sandbox.controlFetch(`/__sandbox/stats`)).json()) as { byRoute: Record<string, number> }).byRoute;
const learnReads = async (): Promise<number> => (await stats())['GET /learn/bbcswebdav/:fileRef'] ?? 0;
const allyUploads = async (): Promise<number> => (await stats())['POST /ally/api/v2/clients/:clientId/content'] ?? 0;

/** A real PDF, different for each `title`. */
function pdf(title: string): Buffer {
  const text = `The students read the chapter on ${title} before the seminar and bring two questions about it for the discussion.`;
  return writePdf({ title, lang: 'en', blocks: [{ kind: 'heading', level: 1, text: title }, { kind: 'paragraph', text }] }, { tagged: false });
}

/** Ally checks `bytes` sent under `name` by someone else (the institution's LMS integration, say), not Rollbook. */
async function sentToAllyElsewhere(name: string, bytes: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  const other = new AllyClient({ baseUrl: sandbox.allyUrl, credentials: DEMO_ALLY_CLIENT, poll: FAST_POLL });
  return (await other.upload(path)).hash;
}

/** Puts `bytes` in the course as a file item named `name`. */
async function inLearn(name: string, bytes: Buffer): Promise<void> {
  const { learn } = learnAs(sandbox, 'instructor');
  const upload = await learn.content.upload({ fileName: name, data: new Uint8Array(bytes), mimeType: 'application/pdf' });
  await learn.content.createContent(PSYC, { title: name.replace(/\.pdf$/, ''), contentHandler: { id: 'resource/x-bb-file', file: { uploadId: upload.id, fileName: name } } });
}

const sha1 = (bytes: Uint8Array): string => createHash('sha1').update(bytes).digest('hex').toUpperCase();

beforeAll(async () => {
  configureLogger({ sink: (line) => logged.push(line), level: 'debug' });
  sandbox = await withSandbox();
  dir = await mkdtemp(join(tmpdir(), 'rollbook-ally-hashes-'));
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe("Ally's hash for a file Rollbook sent", () => {
  it('is kept across a restart, and the report and formats are fetched with it', async () => {
    const dataDir = await mkdtemp(join(dir, 'data-'));
    const bytes = pdf('Cognitive load');
    // Ally knows these bytes under another name, so the hash it holds is not the one a lookup by the Learn name would guess.
    const allysHash = await sentToAllyElsewhere('Cognitive load (draft).pdf', bytes);
    await inLearn('Week 5 reading.pdf', bytes);

    const first = launch(dataDir);
    const before = named(await courseFiles(first, PSYC), 'Week 5 reading.pdf');
    expect(before).toMatchObject({ state: 'unknown', hash: null });
    const sent = await first.handlers['ally.sendFile']({ courseId: PSYC, contentId: before.contentId, attachmentId: before.attachmentId });
    // Ally answered 303 (bytes it had processed): its hash, under the first name it saw.
    expect(sent).toMatchObject({ state: 'checked', hash: allysHash });
    expect(sent.information?.metadata.name).toBe('Cognitive load (draft).pdf');

    const second = launch(dataDir);
    const readsBefore = await learnReads();
    const after = named(await courseFiles(second, PSYC), 'Week 5 reading.pdf');
    expect(after).toMatchObject({ state: 'checked', hash: allysHash, bytes: bytes.length });
    expect(after.information?.feedback?.report.results.Tagged?.score).toBe(0);
    // Every hash was kept (sent, or found on the first launch): nothing was read from Learn again.
    expect(await learnReads()).toBe(readsBefore);
    const batch = second.requests.find((r) => r.url.includes('/content/batch'));
    expect(JSON.parse(batch?.body ?? '{}')).toMatchObject({ references: expect.arrayContaining([{ hash: allysHash }]) as unknown });

    const ref = { courseId: PSYC, contentId: after.contentId, attachmentId: after.attachmentId, hash: after.hash ?? '' };
    expect(await second.handlers['ally.requestFormat']({ ...ref, format: 'Html' })).toEqual({ format: 'Html', stage: 'pending' });
    await expect.poll(async () => (await second.handlers['ally.formatStatus']({ hash: ref.hash, format: 'Html' })).stage, { timeout: 10_000, interval: 20 }).toBe('success');
    const html = await second.handlers['ally.downloadFormat']({ hash: ref.hash, format: 'Html', fileName: after.fileName });
    expect(Buffer.from(html.base64, 'base64').toString('utf8')).toMatch(/<h1>Cognitive load<\/h1>/);
    // The hash is one path segment, percent-encoded (base64 may hold `/`, `+` and `=`).
    const formatPaths = second.requests.map((r) => new URL(r.url).pathname).filter((p) => p.includes('/formats/'));
    expect(formatPaths.length).toBeGreaterThanOrEqual(3);
    expect(formatPaths.every((p) => p.startsWith(`/ally/api/v2/clients/1/content/${encodeURIComponent(allysHash)}/formats/Html`))).toBe(true);
  });

  it('reads a file Ally does not know once per revision, across a restart', async () => {
    const dataDir = await mkdtemp(join(dir, 'data-'));
    await inLearn('Week 9 reading.pdf', pdf('Working memory'));
    const first = launch(dataDir);
    const readsBefore = await learnReads();
    expect(named(await courseFiles(first, PSYC), 'Week 9 reading.pdf')).toMatchObject({ state: 'unknown', hash: null });
    const readsFirst = (await learnReads()) - readsBefore;
    expect(readsFirst).toBeGreaterThan(0);

    // Restarted: the files whose lookup hashes were kept are asked of Ally again, not read from Learn again.
    const second = launch(dataDir);
    const readsAgain = await learnReads();
    expect(named(await courseFiles(second, PSYC), 'Week 9 reading.pdf')).toMatchObject({ state: 'unknown', hash: null });
    expect(await learnReads()).toBe(readsAgain);
  });

  it('survives a damaged file: the log says so and the app starts without the kept hashes', async () => {
    const dataDir = await mkdtemp(join(dir, 'data-'));
    const bytes = pdf('Damaged memory');
    await sentToAllyElsewhere('Damaged memory (old).pdf', bytes);
    await inLearn('Week 6 reading.pdf', bytes);
    const first = launch(dataDir);
    const listed = named(await courseFiles(first, PSYC), 'Week 6 reading.pdf');
    await first.handlers['ally.sendFile']({ courseId: PSYC, contentId: listed.contentId, attachmentId: listed.attachmentId });
    const [file] = (await readdir(dataDir)).filter((name) => name.startsWith('ally-hashes-'));
    expect(file).toBeDefined();
    await writeFile(join(dataDir, file ?? ''), '{"version": 1, "files": {"half-writt');

    logged.length = 0;
    const again = named(await courseFiles(launch(dataDir), PSYC), 'Week 6 reading.pdf');
    // Without the kept hash the file is offered for sending again (Ally will answer with its hash).
    expect(again).toMatchObject({ state: 'unknown', hash: null });
    expect(logged.some((line) => line.level === 'warn' && /damaged/.test(line.message))).toBe(true);
  });
});

describe('a file Rollbook never sent', () => {
  it("is found under the vendor samples' hash form, with Ally's report and no upload", async () => {
    const bytes = pdf('Sleep and memory');
    const allysHash = await sentToAllyElsewhere('Sleep and memory.pdf', bytes);
    expect(Buffer.from(allysHash, 'base64').toString('utf8')).toMatch(new RegExp(`^Sleep(\\+| )and(\\+| )memory\\.pdf:${sha1(bytes)}:application/pdf$`));
    await inLearn('Sleep and memory.pdf', bytes);

    const uploads = await allyUploads();
    const found = named(await courseFiles(launch(undefined), PSYC), 'Sleep and memory.pdf');
    expect(found).toMatchObject({ state: 'checked', hash: allysHash, bytes: bytes.length });
    expect(found.information?.feedback?.report.results.Title?.score).toBe(1);
    expect(await allyUploads()).toBe(uploads);
  });
});
