import { copyFile, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllyClient, type AllyProgress } from '../../electron/core/ally/ally-client';
import type { PollSchedule } from '../../electron/core/ally/polling';
import { AllyFileRefusedError } from '../../electron/core/ally/upload-file';
import { ApiError } from '../../electron/core/http';
import { configureLogger, type LogLine } from '../../shared/logger';
import { DEMO_ALLY_CLIENT } from '../../sandbox/core/context';
import { writePdf } from '../../sandbox/modules/ally/pdf-writer';
import type { RunningSandbox } from '../../sandbox/server';
import { withSandbox } from '../support/sandbox';

/**
 * The Ally client against the in-process sandbox over loopback, through the one HttpClient:
 * upload (202, polled to a report; 303 for known bytes), batch, formats generated and saved,
 * cancel, the 50 MB limit and a wrong secret.
 */
const ORIGINAL = 'https://learn.example.edu/bbcswebdav/xid-1_1?signature=abc';
const FAST_POLL: Partial<PollSchedule> = { initialDelayMs: 20, factor: 1.25, maxDelayMs: 40, jitter: 0 };

let sandbox: RunningSandbox;
let dir: string;
let ally: AllyClient;
const logged: LogLine[] = [];

const client = (on: RunningSandbox, secret: string = DEMO_ALLY_CLIENT.secret, poll: Partial<PollSchedule> = FAST_POLL): AllyClient =>
  new AllyClient({ baseUrl: on.allyUrl, credentials: { clientId: DEMO_ALLY_CLIENT.clientId, secret }, poll });

/** A real PDF written by the sandbox's own writer: untagged, with a title and language. */
async function handout(name: string, title: string): Promise<string> {
  const path = join(dir, name);
  const text = `The students read the chapter on ${title} and then they discuss it in the seminar with the instructor. This is the plan for the week.`;
  const bytes = writePdf({ title, lang: 'en', blocks: [{ kind: 'heading', level: 1, text: title }, { kind: 'paragraph', text }] }, { tagged: false });
  await writeFile(path, bytes);
  return path;
}

async function requestCount(on: RunningSandbox): Promise<number> {
  const res = await on.controlFetch(`/__sandbox/stats`);
  return ((await res.json()) as { total: number }).total;
}

beforeAll(async () => {
  configureLogger({ sink: (line) => logged.push(line), level: 'debug' });
  // Each processing stage lasts 300 ms of real time, so polling every 20-40 ms sees every stage.
  sandbox = await withSandbox({ allyProcessingMs: 300 });
  dir = await mkdtemp(join(tmpdir(), 'rollbook-ally-client-'));
  ally = client(sandbox);
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe('uploading a file', () => {
  it('sends a new file (202), polls it pending -> inprogress -> success, and returns its report', async () => {
    const path = await handout('Week 1 handout.pdf', 'Working memory');
    const seen: AllyProgress[] = [];
    const result = await ally.upload(path, { onProgress: (p) => seen.push(p) });

    expect(result.alreadyKnown).toBe(false);
    expect(result.status.status).toBe('success');
    const stages = seen.map((p) => p.stage).filter((stage, i, all) => stage !== all[i - 1]);
    expect(stages).toEqual(['pending', 'inprogress', 'success']);
    expect(seen.every((p) => p.hash === result.hash)).toBe(true);
    const elapsed = seen.map((p) => p.elapsedMs);
    expect(elapsed).toEqual([...elapsed].sort((a, b) => a - b));
    expect(elapsed.at(-1)).toBeGreaterThanOrEqual(550);

    // An untagged PDF fails Tagged; its title and language pass.
    const feedback = result.information.feedback;
    expect(feedback?.report.results.Tagged?.score).toBe(0);
    expect(feedback?.report.results.Title?.score).toBe(1);
    expect(feedback?.report.results.LanguagePresence?.score).toBe(1);
    expect(feedback?.report.suggestions.Tagged).toBeGreaterThan(feedback?.score ?? 1);
    expect(result.information.metadata).toMatchObject({ name: 'Week 1 handout.pdf', fileType: 'pdf', mimeType: 'application/pdf' });
    expect(result.information.formats?.availableFormats).toContain('Html');
  });

  it('answers the same bytes again (303) with the same report at once, under any name', async () => {
    const path = await handout('Week 2 handout.pdf', 'Long-term memory');
    const first = await ally.upload(path);
    const copy = join(dir, 'Week 2 handout (copy).pdf');
    await copyFile(path, copy);

    const before = await requestCount(sandbox);
    const seen: AllyProgress[] = [];
    const again = await ally.upload(copy, { onProgress: (p) => seen.push(p) });
    expect(again.alreadyKnown).toBe(true);
    expect(again.hash).toBe(first.hash);
    // The same report (each answer may carry a different unknown field: compare what the app reads).
    const { hash, feedback, formats, metadata } = first.information;
    expect(again.information).toMatchObject({ hash, feedback, formats, metadata });
    // Ally keeps the first upload's name (and the hash it issued for it); nothing was polled: the upload and one read.
    expect(again.information.metadata.name).toBe('Week 2 handout.pdf');
    expect(Buffer.from(again.hash, 'base64').toString('utf8')).toMatch(/^Week(\+| )2(\+| )handout\.pdf:[0-9A-F]{40}:application\/pdf$/);
    expect(seen.map((p) => p.stage)).toEqual(['success']);
    expect((await requestCount(sandbox)) - before).toBe(2);
  });

  it("ends 'failed' with Ally's reason for a file it cannot read, with metadata and no report", async () => {
    const path = join(dir, 'Misnamed notes.pdf');
    await writeFile(path, 'These are plain-text notes saved with a .pdf name.');
    const result = await ally.upload(path);
    expect(result.status.status).toBe('failed');
    expect(result.status.message).toMatch(/not a PDF/);
    expect(result.information.feedback).toBeNull();
    expect(result.information.metadata.name).toBe('Misnamed notes.pdf');
  });

  it('refuses a 60 MB file before sending anything', async () => {
    const path = join(dir, 'Scanned textbook.pdf');
    await writeFile(path, '');
    await truncate(path, 60 * 1024 * 1024);
    const before = await requestCount(sandbox);
    const error = await ally.upload(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AllyFileRefusedError);
    expect((error as Error).message).toMatch(/^Scanned textbook\.pdf is 60\.0 MB .*at most 50 MB/);
    expect(await requestCount(sandbox)).toBe(before);
  });

  it('stops polling when cancelled: an aborted ApiError and no request after it', async () => {
    // Processing that never ends within the test: only the cancel can stop the wait.
    const slow = await withSandbox({ allyProcessingMs: 600_000 });
    try {
      const controller = new AbortController();
      let cancelledAt = 0;
      let events = 0;
      // Waits of 30 ms, then 3 s: the cancel lands in the long wait after the first status request.
      const poll = { initialDelayMs: 30, factor: 100, maxDelayMs: 5000, jitter: 0 };
      const pending = client(slow, DEMO_ALLY_CLIENT.secret, poll).upload(await handout('Week 3 handout.pdf', 'Attention'), {
        signal: controller.signal,
        onProgress: () => {
          // Event 1 is the upload's answer, event 2 the first status request's.
          if (++events !== 2) return;
          setTimeout(() => {
            cancelledAt = Date.now();
            controller.abort();
          }, 50);
        },
      });
      const error = await pending.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'aborted' });
      expect((error as Error).message).toMatch(/cancelled/i);
      // Stopped at once, not at the end of the 3 s wait.
      expect(Date.now() - cancelledAt).toBeLessThan(1000);

      const atCancel = await requestCount(slow);
      // The upload and one status request, then nothing more.
      expect(atCancel).toBe(2);
      await new Promise((r) => setTimeout(r, 300));
      expect(await requestCount(slow)).toBe(atCancel);
    } finally {
      await slow.close();
    }
  });

  it('gives up waiting after the time-out, having waited at least that long', async () => {
    const slow = await withSandbox({ allyProcessingMs: 600_000 });
    try {
      const started = Date.now();
      const error = await client(slow, DEMO_ALLY_CLIENT.secret, { ...FAST_POLL, timeoutMs: 400 })
        .upload(await handout('Week 4 handout.pdf', 'Perception'))
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'timeout' });
      expect((error as Error).message).toMatch(/^Rollbook stopped waiting for Ally's check of Week 4 handout\.pdf after \d+ s \(it was still pending\)/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await slow.close();
    }
  });

  it('reports a wrong secret as a clear 401 that names the fix and never the secret', async () => {
    const secret = 'not-the-institutions-secret';
    const before = await requestCount(sandbox);
    const error = await client(sandbox, secret).upload(await handout('Week 5 handout.pdf', 'Language')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 401, operation: 'send Week 5 handout.pdf to Ally' });
    expect((error as Error).message).toMatch(/^Could not send Week 5 handout\.pdf to Ally: Ally answered 401 \(".*signature does not verify.*"\)\. Check the Ally client id and secret your institution gave you, and this computer's clock\.$/);
    expect((error as Error).message).not.toContain(secret);
    // A refused upload is not repeated.
    expect((await requestCount(sandbox)) - before).toBe(1);
  });
});

describe('reading reports', () => {
  it('reads several files in the order asked, with null for a file Ally does not know', async () => {
    const a = await ally.upload(await handout('Reading A.pdf', 'Sleep'));
    const b = await ally.upload(await handout('Reading B.pdf', 'Emotion'));
    const unknown = 'f'.repeat(64);
    const answers = await ally.batchInformation([b.hash, unknown, a.hash, b.hash]);
    expect(answers.map((info) => info?.metadata.name ?? null)).toEqual(['Reading B.pdf', null, 'Reading A.pdf', 'Reading B.pdf']);
    expect(answers[0]?.feedback?.score).toBe(b.information.feedback?.score);
    expect(await ally.batchInformation([])).toEqual([]);
  });

  it('splits a long list into requests of 100 and keeps the order across them', async () => {
    const known = await ally.upload(await handout('Reading D.pdf', 'Habits'));
    const hashes = Array.from({ length: 150 }, (_, i) => (i === 120 ? known.hash : i.toString(16).padStart(64, '0')));
    const before = await requestCount(sandbox);
    const answers = await ally.batchInformation(hashes, { feedback: false, formats: false });
    expect((await requestCount(sandbox)) - before).toBe(2);
    expect(answers).toHaveLength(150);
    expect(answers.findIndex((info) => info !== null)).toBe(120);
    expect(answers[120]?.metadata.name).toBe('Reading D.pdf');
  });

  it('reads metadata alone when feedback and formats are not asked for', async () => {
    const a = await ally.upload(await handout('Reading C.pdf', 'Motivation'));
    const info = await ally.contentInformation(a.hash, { feedback: false, formats: false });
    expect(info.feedback).toBeNull();
    expect(info.formats).toBeNull();
    expect(info.metadata.name).toBe('Reading C.pdf');
  });
});

describe('alternative formats', () => {
  it('generates the HTML version and saves a real HTML document with the title where the user chose', async () => {
    const { hash } = await ally.upload(await handout('Week 6 handout.pdf', 'Consolidation of memories'));
    const out = await mkdtemp(join(dir, 'save-'));
    const destination = join(out, 'Week 6 handout.html');
    const stages: string[] = [];
    const saved = await ally.formats.generateAndDownload(hash, 'Html', { originalUrl: ORIGINAL, destinationPath: destination, fileName: 'Week 6 handout.pdf', onProgress: (p) => stages.push(p.stage) });

    expect(stages.filter((s, i) => s !== stages[i - 1])).toEqual(['pending', 'inprogress', 'success']);
    const html = await readFile(destination, 'utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<title>Consolidation of memories</title>');
    expect(html).toContain('</html>');
    expect(saved).toMatchObject({ path: destination, bytes: Buffer.byteLength(html), contentType: 'text/html; charset=utf-8' });
    // Only the finished file: no temporary file left beside it.
    expect(await readdir(out)).toEqual(['Week 6 handout.html']);
  });

  it('saves the EPUB version as a ZIP (starting with PK) whose first entry is its mimetype', async () => {
    const { hash } = await ally.upload(await handout('Week 7 handout.pdf', 'Forgetting'));
    const destination = join(dir, 'Week 7 handout.epub');
    await ally.formats.generateAndDownload(hash, 'Epub', { originalUrl: ORIGINAL, destinationPath: destination });
    const bytes = await readFile(destination);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    expect(bytes.subarray(30, 58).toString('latin1')).toBe('mimetypeapplication/epub+zip');
  });

  it('asks for a translation with formatParam and saves it', async () => {
    const { hash } = await ally.upload(await handout('Week 8 handout.pdf', 'Learning'));
    const first = await ally.formats.request(hash, 'Translation:fr', { originalUrl: ORIGINAL });
    expect(first.statusUrl).toBe(`/api/v2/clients/1/content/${hash}/formats/Translation:fr/status`);
    const ready = await ally.formats.waitUntilReady(hash, 'Translation:fr', { first });
    const destination = join(dir, 'Week 8 handout.fr.html');
    await ally.formats.download(hash, 'Translation:fr', destination, { downloadUrl: ready.downloadUrl });
    expect(await readFile(destination, 'utf8')).toMatch(/<html lang="fr"/);
  });

  it('leaves an earlier file at the destination untouched when the download fails', async () => {
    const { hash } = await ally.upload(await handout('Week 9 handout.pdf', 'Reasoning'));
    const out = await mkdtemp(join(dir, 'keep-'));
    const destination = join(out, 'Week 9 handout.html');
    await writeFile(destination, 'the earlier copy');
    // Never requested: Ally answers 404 (rule 4, request before download).
    const error = await ally.formats.download(hash, 'Html', destination, { fileName: 'Week 9 handout.pdf' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', status: 404, operation: 'download the Html version of Week 9 handout.pdf' });
    expect((error as Error).message).toMatch(/^Could not download the Html version of Week 9 handout\.pdf: Ally answered 404 \("Format Html of \w+ has not been requested/);
    expect(await readFile(destination, 'utf8')).toBe('the earlier copy');
    expect(await readdir(out)).toEqual(['Week 9 handout.html']);
  });
});

describe('logging', () => {
  // Last in the file (tests run in order): every line written by the tests above.
  it('never writes the secret or a bearer token to the log', () => {
    expect(logged.length).toBeGreaterThan(0);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(DEMO_ALLY_CLIENT.secret);
    expect(text).not.toContain('not-the-institutions-secret');
    expect(text).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });
});
