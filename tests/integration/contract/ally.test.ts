import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ALLY_CLIENT } from '../../../sandbox/core/context';
import { demoFileContent } from '../../../sandbox/modules/ally';
import type { DocModel } from '../../../sandbox/modules/ally/document-model';
import { writePdf } from '../../../sandbox/modules/ally/pdf-writer';
import type { RunningSandbox } from '../../../sandbox/server';
import { AllyErrorBody, BatchContentInformation, ContentInformation, FormatGenerationStatus, ProcessingStatus } from '../../../shared/api/ally';
import { expectValid } from '../../support/contract';
import { withSandbox } from '../../support/sandbox';

/**
 * Contract of the Ally sandbox (seed 002): every response's status and body (parsed with the
 * app's schemas in shared/api/ally.ts), over real HTTP. Ally is not in Learn's Swagger file, so
 * expectValid checks the schema only.
 */
const CONTENT = '/ally/api/v2/clients/1/content';
const SYLLABUS = 'Syllabus PSYC 101 Fall 2026.pdf';
const ENGLISH = 'The students read the chapter on memory and then they discuss it in the seminar with the instructor. This is the plan for the week and it is on the syllabus.';

interface Res {
  status: number;
  headers: Headers;
  json: unknown;
  text: string;
  bytes: Buffer;
}

let sandbox: RunningSandbox;
beforeAll(async () => {
  // Each stage lasts 500 ms on the sandbox clock: long enough that "pending" holds between two
  // requests on a busy machine; tests move the clock 1000 ms to finish a stage pair.
  sandbox = await withSandbox({ allyProcessingMs: 500 });
});
afterAll(() => sandbox.close());

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
const demoHash = (name: string): string => demoFileContent(name)?.hash ?? '';

function pdf(title: string | undefined, options: { tagged: boolean; scanned?: boolean; lang?: string }): Buffer {
  const model: DocModel = {
    title,
    lang: options.lang,
    blocks: [
      { kind: 'heading', level: 1, text: title ?? 'Untitled handout' },
      { kind: 'paragraph', text: ENGLISH },
      { kind: 'heading', level: 2, text: 'Reading' },
      { kind: 'paragraph', text: ENGLISH },
    ],
  };
  return writePdf(model, options);
}

/** A JWT for the sandbox's Ally client, issued "now" on the sandbox clock. */
async function jwt(on: RunningSandbox = sandbox, claims: Record<string, unknown> = {}, options: { secret?: string; alg?: string } = {}): Promise<string> {
  const iat = Math.floor(on.context().clock.now() / 1000);
  return new SignJWT({ clientId: DEMO_ALLY_CLIENT.clientId, iat, ...claims })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(options.secret ?? DEMO_ALLY_CLIENT.secret));
}

async function toRes(res: Response): Promise<Res> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  const json: unknown = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : undefined;
  return { status: res.status, headers: res.headers, json, text, bytes };
}

async function send(path: string, init: { method?: string; token?: string | null; body?: BodyInit; headers?: Record<string, string> } = {}, on = sandbox): Promise<Res> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  const token = init.token === undefined ? await jwt(on) : init.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  return toRes(await fetch(`${on.origin}${path}`, { method: init.method ?? 'GET', headers, ...(init.body !== undefined ? { body: init.body } : {}), redirect: 'manual' }));
}

async function upload(bytes: Buffer, name: string, type = 'application/octet-stream', on = sandbox, token?: string): Promise<Res> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return send(CONTENT, { method: 'POST', body: form, ...(token ? { token } : {}) }, on);
}

/** A request through node:http: a GET with a body (the batch), or a chunked upload, which fetch will not send. */
async function raw(path: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean }): Promise<Res> {
  const token = await jwt();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, ...(options.headers ?? {}) };
    if (options.body !== undefined && !options.chunked) headers['Content-Length'] = String(Buffer.byteLength(options.body));
    const req = httpRequest(`${sandbox.origin}${path}`, { method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString('utf8');
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
        resolve({ status: res.statusCode ?? 0, headers: h, json: text && (res.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : undefined, text, bytes });
      });
    });
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const batch = (body: string | undefined, query = '', contentType: string | undefined = 'application/json'): Promise<Res> =>
  raw(`${CONTENT}/batch${query}`, { ...(body !== undefined ? { body } : {}), headers: contentType ? { 'Content-Type': contentType } : {} });

async function advance(ms: number, on = sandbox): Promise<void> {
  const res = await fetch(`${on.origin}/__sandbox/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) });
  expect(res.status).toBe(200);
}

function expectError(method: string, path: string, res: Res, status: number, message: RegExp): void {
  expect(res.status, res.text).toBe(status);
  const body = expectValid(method, path, res, AllyErrorBody);
  expect(body.status).toBe(status);
  expect(body.message).toMatch(message);
}

/** Uploads new bytes and moves the clock past processing; returns the hash. */
async function processed(bytes: Buffer, name: string, on = sandbox): Promise<string> {
  const res = await upload(bytes, name, 'application/octet-stream', on);
  expect(res.status).toBe(202);
  const status = expectValid('POST', CONTENT, res, ProcessingStatus);
  await advance(1000, on);
  return status.hash;
}

async function details(hash: string, query = '?feedback=true', on = sandbox): Promise<ContentInformation> {
  const res = await send(`${CONTENT}/${hash}${query}`, {}, on);
  expect(res.status).toBe(200);
  return expectValid('GET', `${CONTENT}/${hash}`, res, ContentInformation);
}

describe('authentication (JWT, HS256, {clientId, iat})', () => {
  const path = (): string => `${CONTENT}/${demoHash(SYLLABUS)}/status`;

  it('accepts a fresh token signed with the client secret', async () => {
    const res = await send(path());
    expect(res.status).toBe(200);
    expect(expectValid('GET', path(), res, ProcessingStatus)).toMatchObject({ hash: demoHash(SYLLABUS), status: 'success' });
  });

  it('answers 401 with a reason for every bad token', async () => {
    const now = Math.floor(sandbox.context().clock.now() / 1000);
    const cases: [string, Record<string, string> | null, RegExp][] = [
      ['missing header', null, /Authorization header is missing/],
      ['not a bearer token', { Authorization: 'Basic dXNlcjpwYXNz' }, /Bearer <JWT>/],
      ['not a JWT', { Authorization: 'Bearer not.a.jwt' }, /not a well-formed JWT/],
      ['wrong secret', { Authorization: `Bearer ${await jwt(sandbox, {}, { secret: 'someone-elses-secret' })}` }, /signature does not verify/],
      ['wrong algorithm', { Authorization: `Bearer ${await jwt(sandbox, {}, { alg: 'HS512' })}` }, /HS256/],
      ['token of another client', { Authorization: `Bearer ${await jwt(sandbox, { clientId: 2 })}` }, /issued for client 2, but the path names client 1/],
      ['no clientId', { Authorization: `Bearer ${await jwt(sandbox, { clientId: undefined })}` }, /no clientId/],
      ['iat an hour and more ago', { Authorization: `Bearer ${await jwt(sandbox, { iat: now - 7200 })}` }, /issued 72\d\d seconds ago/],
      ['iat in the future', { Authorization: `Bearer ${await jwt(sandbox, { iat: now + 3600 })}` }, /in the future/],
      ['iat in milliseconds', { Authorization: `Bearer ${await jwt(sandbox, { iat: now * 1000 })}` }, /milliseconds/],
      ['malformed policy', { Authorization: `Bearer ${await jwt(sandbox, { policy: { statements: 'all' } })}` }, /policy must be/],
    ];
    for (const [, headers, message] of cases) {
      const res = await send(path(), { token: null, headers: headers ?? {} });
      expectError('GET', path(), res, 401, message);
    }
  });

  it('answers 401 for a client id the service does not know, 400 for one that is not a number', async () => {
    const other = `/ally/api/v2/clients/7/content/${demoHash(SYLLABUS)}/status`;
    expectError('GET', other, await send(other, { token: await jwt(sandbox, { clientId: 7 }) }), 401, /client 7 is not known/);
    const word = `/ally/api/v2/clients/abc/content/${demoHash(SYLLABUS)}/status`;
    expectError('GET', word, await send(word), 400, /positive integer/);
  });

  it('limits a token with a policy to the resources and actions it grants', async () => {
    const hash = demoHash(SYLLABUS);
    const token = await jwt(sandbox, { policy: { statements: [{ resource: `content:${hash}`, actions: ['content:getStatus', 'content:getDetails'] }] } });
    const status = await send(`${CONTENT}/${hash}/status`, { token });
    expect(status.status).toBe(200);
    expectValid('GET', `${CONTENT}/${hash}/status`, status, ProcessingStatus);
    const plain = await send(`${CONTENT}/${hash}`, { token });
    expect(plain.status).toBe(200);
    expect(expectValid('GET', `${CONTENT}/${hash}`, plain, ContentInformation).feedback).toBeNull();
    expectError('GET', `${CONTENT}/${hash}`, await send(`${CONTENT}/${hash}?feedback=true`, { token }), 403, /content:getDetails:withFeedback/);
    const other = demoHash('Mitosis study guide.pdf');
    expectError('GET', `${CONTENT}/${other}/status`, await send(`${CONTENT}/${other}/status`, { token }), 403, new RegExp(`content:${other}`));
    expectError('POST', CONTENT, await upload(pdf('Policy upload', { tagged: true }), 'policy.pdf', 'application/pdf', sandbox, token), 403, /content:upload/);
  });
});

describe('upload (POST .../content, multipart part "file")', () => {
  const bytes = pdf('Contract upload', { tagged: true, lang: 'en' });

  it('takes a new file with 202 and a processing status whose statusUrl works', async () => {
    const res = await upload(bytes, 'Contract upload.pdf', 'application/pdf');
    expect(res.status).toBe(202);
    const status = expectValid('POST', CONTENT, res, ProcessingStatus);
    expect(status).toEqual({ hash: sha256(bytes), status: 'pending', statusUrl: `/api/v2/clients/1/content/${sha256(bytes)}/status`, resourceUrl: null });
    const poll = await send(`/ally${status.statusUrl}`);
    expect(poll.status).toBe(200);
    expect(expectValid('GET', `/ally${status.statusUrl}`, poll, ProcessingStatus).hash).toBe(status.hash);
  });

  it('answers 303 See Other to the feedback URL for the same bytes once processed', async () => {
    await advance(1000);
    const res = await upload(bytes, 'A different name.pdf', 'application/pdf');
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    expect(location).toBe(`${sandbox.allyUrl}/api/v2/clients/1/content/${sha256(bytes)}`);
    expect(expectValid('POST', CONTENT, res, ProcessingStatus).status).toBe('success');
    const followed = await toRes(await fetch(`${location}?feedback=true`, { headers: { Authorization: `Bearer ${await jwt()}` } }));
    expect(followed.status).toBe(200);
    const info = expectValid('GET', location, followed, ContentInformation);
    // Not reprocessed: the first upload's name and report stand.
    expect(info.metadata.name).toBe('Contract upload.pdf');
    expect(info.feedback?.report.results.Tagged?.score).toBe(1);
  });

  it('refuses bodies it cannot take, saying what to send', async () => {
    const json = await send(CONTENT, { method: 'POST', body: JSON.stringify({ file: 'x' }), headers: { 'Content-Type': 'application/json' } });
    expectError('POST', CONTENT, json, 415, /multipart\/form-data/);

    const noFile = new FormData();
    noFile.append('document', new Blob(['x']), 'x.pdf');
    expectError('POST', CONTENT, await send(CONTENT, { method: 'POST', body: noFile }), 400, /no part named 'file' \(it has: document\)/);

    const asField = new FormData();
    asField.append('file', 'just text');
    expectError('POST', CONTENT, await send(CONTENT, { method: 'POST', body: asField }), 400, /has no filename/);

    const two = new FormData();
    two.append('file', new Blob(['a']), 'a.html');
    two.append('file', new Blob(['b']), 'b.html');
    expectError('POST', CONTENT, await send(CONTENT, { method: 'POST', body: two }), 400, /one file at a time/);

    expectError('POST', CONTENT, await upload(Buffer.from('PK\x03\x04'), 'handouts.zip', 'application/zip'), 415, /handouts\.zip .* not a type Ally analyses/);
    expectError('POST', CONTENT, await upload(Buffer.alloc(0), 'empty.pdf', 'application/pdf'), 400, /empty\.pdf is empty/);

    // The FAQ: "Does the POST have to have an accurate Content-Length: header? Yes".
    const multipart = '--b\r\nContent-Disposition: form-data; name="file"; filename="a.html"\r\nContent-Type: text/html\r\n\r\n<p>Hi</p>\r\n--b--\r\n';
    const chunked = await raw(CONTENT, { method: 'POST', body: multipart, chunked: true, headers: { 'Content-Type': 'multipart/form-data; boundary=b' } });
    expectError('POST', CONTENT, chunked, 411, /Content-Length/);
    const withLength = await raw(CONTENT, { method: 'POST', body: multipart, headers: { 'Content-Type': 'multipart/form-data; boundary=b' } });
    expect(withLength.status).toBe(202);
    expectValid('POST', CONTENT, withLength, ProcessingStatus);
  });

  it('takes a file of exactly 50 MB and refuses one byte more with 413', async () => {
    const limit = 50 * 1024 * 1024;
    const atLimit = await upload(Buffer.alloc(limit, 1), 'poster.bmp', 'image/bmp');
    expect(atLimit.status).toBe(202);
    expectValid('POST', CONTENT, atLimit, ProcessingStatus);
    const over = await upload(Buffer.alloc(limit + 1, 2), 'poster-large.bmp', 'image/bmp');
    expectError('POST', CONTENT, over, 413, /poster-large\.bmp is larger than 52428800 bytes/);
  });
});

describe('processing', () => {
  let slow: RunningSandbox;
  beforeAll(async () => {
    slow = await withSandbox({ allyProcessingMs: 60_000 });
  });
  afterAll(() => slow.close());

  it('moves pending -> inprogress -> success as the clock advances, reporting nothing before', async () => {
    const bytes = pdf('Clocked handout', { tagged: true });
    const first = await upload(bytes, 'clocked.pdf', 'application/pdf', slow);
    expect(first.status).toBe(202);
    const { hash, statusUrl } = expectValid('POST', CONTENT, first, ProcessingStatus);
    const poll = async (): Promise<ProcessingStatus> => {
      const res = await send(`/ally${statusUrl}`, {}, slow);
      expect(res.status).toBe(200);
      return expectValid('GET', `/ally${statusUrl}`, res, ProcessingStatus);
    };
    expect(await poll()).toMatchObject({ status: 'pending', resourceUrl: null });
    // Uploaded again while processing: the same 202, not reprocessed.
    const again = await upload(bytes, 'clocked.pdf', 'application/pdf', slow);
    expect(again.status).toBe(202);
    expect(expectValid('POST', CONTENT, again, ProcessingStatus)).toMatchObject({ hash, status: 'pending' });
    expect((await details(hash, '?feedback=true', slow)).feedback).toBeNull();

    await advance(60_000, slow);
    expect(await poll()).toMatchObject({ status: 'inprogress', resourceUrl: null });
    await advance(60_000, slow);
    expect(await poll()).toMatchObject({ status: 'success', resourceUrl: `/api/v2/clients/1/content/${hash}` });
    expect((await details(hash, '?feedback=true', slow)).feedback?.score).toBeGreaterThan(0);
  });

  it('ends in failed for a file that cannot be analysed, still answering 200 with the reason', async () => {
    const hash = await processed(Buffer.from('This text file was saved with a .pdf name.'), 'broken.pdf');
    const res = await send(`${CONTENT}/${hash}/status`);
    expect(res.status).toBe(200);
    expect(expectValid('GET', `${CONTENT}/${hash}/status`, res, ProcessingStatus)).toMatchObject({ status: 'failed', message: expect.stringMatching(/%PDF- header/) as string });
    expect((await details(hash)).feedback).toBeNull();
    const format = `${CONTENT}/${hash}/formats/Html`;
    const res2 = await send(format, { method: 'POST', body: 'url=https%3A%2F%2Fexample.edu%2Fbroken.pdf', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expectError('POST', format, res2, 409, /could not be analysed, so it has no alternative formats\. The PDF cannot be analysed/);
  });
});

describe('content information and feedback', () => {
  let good: string;
  let untagged: string;
  let untitled: string;
  let scanned: string;
  beforeAll(async () => {
    good = await processed(pdf('Memory and learning', { tagged: true, lang: 'en-US' }), 'Memory and learning.pdf');
    untagged = await processed(pdf('Untagged notes', { tagged: false, lang: 'en-US' }), 'Untagged notes.pdf');
    untitled = await processed(pdf(undefined, { tagged: true, lang: 'en-US' }), 'No title.pdf');
    scanned = await processed(pdf('Scanned pages', { tagged: false, scanned: true }), 'Scanned pages.pdf');
  });

  it('reports from the bytes: untagged fails Tagged, untitled fails Title, a scan fails Scanned', async () => {
    const score = async (hash: string, check: string): Promise<number | null | undefined> => (await details(hash)).feedback?.report.results[check]?.score;
    expect(await score(good, 'Tagged')).toBe(1);
    expect(await score(good, 'Title')).toBe(1);
    expect(await score(good, 'Scanned')).toBe(1);
    expect(await score(untagged, 'Tagged')).toBe(0);
    expect(await score(untitled, 'Title')).toBe(0);
    expect(await score(scanned, 'Scanned')).toBe(0);
    const feedback = (await details(good)).feedback;
    expect(feedback).toMatchObject({ score: 1, visibility: 'perfect', report: { suggestions: {} } });
    const weak = (await details(untagged)).feedback;
    expect(weak?.score).toBeLessThan(1);
    expect(weak?.report.suggestions.Tagged).toBeGreaterThan(weak?.score ?? 1);
  });

  it('gives the same hash and report for the same bytes in another sandbox', async () => {
    const other = await withSandbox({ allyProcessingMs: 500 });
    try {
      const bytes = pdf('Untagged notes', { tagged: false, lang: 'en-US' });
      expect(await processed(bytes, 'Untagged notes.pdf', other)).toBe(untagged);
      expect(await details(untagged, '?feedback=true&formats=true', other)).toEqual(await details(untagged, '?feedback=true&formats=true'));
    } finally {
      await other.close();
    }
  });

  it('returns feedback and formats only when asked, metadata always', async () => {
    const plain = await details(good, '');
    expect(plain.feedback).toBeNull();
    expect(plain.formats).toBeNull();
    expect(plain.metadata).toEqual({ name: 'Memory and learning.pdf', decorative: null, description: null, fileType: 'pdf', mimeType: 'application/pdf', isVersioned: false, isSeizureInducing: false, libraryReference: null });
    const off = await details(good, '?feedback=false&formats=false');
    expect([off.feedback, off.formats]).toEqual([null, null]);
    const both = await details(good, '?feedback=true&formats=true');
    expect(both.feedback?.visibility).toBe('perfect');
    expect(both.formats).toEqual({ availableFormats: ['Pdf', 'Html', 'Epub', 'Tts', 'Braille', 'Beeline', 'Translation'], canToggleAvailability: false, available: true, visibility: true });
    expectError('GET', `${CONTENT}/${good}`, await send(`${CONTENT}/${good}?feedback=yes`), 400, /'feedback' must be true, false or omitted/);
  });

  it('knows the demo course files from the start, with their located problems', async () => {
    const primary = await details(demoHash('Primary sources 1492-1600.pdf'));
    expect(primary.metadata.name).toBe('Primary sources 1492-1600.pdf');
    expect(primary.feedback?.report.results.AlternativeText?.snippets?.[0]).toMatchObject({ page: 0 });
    const png = await details(demoHash('Brain anatomy diagram.png'), '?feedback=true&formats=true');
    expect(png.metadata).toMatchObject({ fileType: 'image', mimeType: 'image/png' });
    expect(png.formats).toMatchObject({ availableFormats: [], available: false });
  });

  it('answers 404 for a hash it does not know', async () => {
    const unknown = 'f'.repeat(64);
    expectError('GET', `${CONTENT}/${unknown}`, await send(`${CONTENT}/${unknown}?feedback=true`), 404, /No content with hash f+; upload the file first/);
    expectError('GET', `${CONTENT}/${unknown}/status`, await send(`${CONTENT}/${unknown}/status`), 404, /No content with hash/);
  });

  describe('batch (GET .../content/batch with a JSON body)', () => {
    it('answers {reports} in request order with null for unknown hashes', async () => {
      const syllabus = demoHash(SYLLABUS);
      const body = JSON.stringify({ references: [{ hash: syllabus }, { hash: 'nope' }, { hash: good }, { hash: syllabus }] });
      const res = await batch(body, '?feedback=true&formats=true');
      expect(res.status).toBe(200);
      expect(Object.keys(res.json as object)).toEqual(['reports']);
      const reports = expectValid('GET', `${CONTENT}/batch`, res, BatchContentInformation);
      expect(reports.map((r) => r?.hash ?? null)).toEqual([syllabus, null, good, syllabus]);
      expect(reports[2]?.feedback?.score).toBe(1);
      expect(reports[0]?.formats?.available).toBe(true);
      const plain = expectValid('GET', `${CONTENT}/batch`, await batch(body), BatchContentInformation);
      expect(plain[0]).toMatchObject({ feedback: null, formats: null });
    });

    it('refuses empty, oversized and malformed batches', async () => {
      const path = `${CONTENT}/batch`;
      expectError('GET', path, await batch(JSON.stringify({ references: [] })), 400, /non-empty list/);
      const many = JSON.stringify({ references: Array.from({ length: 101 }, (_, i) => ({ hash: `h${i}` })) });
      expectError('GET', path, await batch(many), 400, /101 references; the limit is 100/);
      expectError('GET', path, await batch(JSON.stringify({ references: [{ hash: good }, { id: 'x' }] })), 400, /references\[1\]\.hash/);
      expectError('GET', path, await batch('{"references": ['), 400, /not valid JSON/);
      expectError('GET', path, await batch(undefined), 400, /JSON request body is required/);
      expectError('GET', path, await batch('references=x', '', 'application/x-www-form-urlencoded'), 415, /application\/json/);
    });
  });
});

describe('alternative formats', () => {
  const hash = (): string => demoHash(SYLLABUS);
  const formats = (): string => `${CONTENT}/${hash()}/formats`;
  const form = (fields: Record<string, string>): Record<string, unknown> => ({
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const SOURCE = 'https://learn.northfield.example.edu/bbcswebdav/syllabus.pdf?signature=abc123';

  async function create(format: string, fields: Record<string, string> = { url: SOURCE }): Promise<FormatGenerationStatus> {
    const res = await send(`${formats()}/${format}`, form(fields));
    expect(res.status, res.text).toBe(200);
    return expectValid('POST', `${formats()}/${format}`, res, FormatGenerationStatus);
  }

  it('generates Html after a POST, answering 404 before and 409 while generating', async () => {
    expectError('GET', `${formats()}/Html`, await send(`${formats()}/Html`), 404, /has not been requested; POST it/);
    expectError('GET', `${formats()}/Html/status`, await send(`${formats()}/Html/status`), 404, /has not been requested/);
    const created = await create('Html');
    expect(created).toEqual({ status: 'pending', statusUrl: `/api/v2/clients/1/content/${hash()}/formats/Html/status`, downloadUrl: `/api/v2/clients/1/content/${hash()}/formats/Html` });
    expectError('GET', `${formats()}/Html`, await send(`/ally${created.downloadUrl}`), 409, /still being generated \(pending\)/);
    await advance(1000);
    const status = await send(`/ally${created.statusUrl}`);
    expect(status.status).toBe(200);
    expect(expectValid('GET', `/ally${created.statusUrl}`, status, FormatGenerationStatus).status).toBe('success');

    const html = await send(`/ally${created.downloadUrl}`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('content-disposition')).toBeNull();
    expect(html.text).toMatch(/^<!DOCTYPE html>\n<html lang="en-US">/);
    expect(html.text).toContain('<title>PSYC 101 Introduction to Psychology: Syllabus, Fall 2026</title>');
    expect(html.text).toContain('<th scope="col">Component</th>');

    const attachment = await send(`/ally${created.downloadUrl}?asAttachment=true`);
    expect(attachment.status).toBe(200);
    expect(attachment.headers.get('content-disposition')).toBe(`attachment; filename="Syllabus PSYC 101 Fall 2026.html"; filename*=UTF-8''Syllabus%20PSYC%20101%20Fall%202026.html`);
  });

  it('downloads a real EPUB, WAV, BRF, BeeLine page and tagged PDF', async () => {
    for (const format of ['Epub', 'Tts', 'Braille', 'Beeline', 'Pdf']) await create(format);
    await advance(1000);
    const get = async (format: string): Promise<Res> => {
      const res = await send(`${formats()}/${format}`);
      expect(res.status, `${format}: ${res.text.slice(0, 200)}`).toBe(200);
      return res;
    };
    const epub = await get('Epub');
    expect(epub.headers.get('content-type')).toBe('application/epub+zip');
    expect(epub.bytes.toString('latin1', 0, 2)).toBe('PK');
    expect(epub.bytes.toString('latin1', 30, 58)).toBe('mimetypeapplication/epub+zip');
    expect(epub.bytes.includes('OEBPS/content.opf')).toBe(true);
    const wav = await get('Tts');
    expect([wav.headers.get('content-type'), wav.bytes.toString('latin1', 0, 4), wav.bytes.toString('latin1', 8, 12)]).toEqual(['audio/wav', 'RIFF', 'WAVE']);
    expect((await get('Braille')).text).toMatch(/^,,PSYC #AJA ,INTRODUCTION/);
    expect((await get('Beeline')).text).toContain('<span style="color: rgb(');
    const tagged = await get('Pdf');
    expect([tagged.headers.get('content-type'), tagged.bytes.toString('latin1', 0, 5)]).toEqual(['application/pdf', '%PDF-']);
  });

  it('takes Translation with formatParam or as Translation:<lang>, marking the language', async () => {
    const viaParam = await create('Translation', { url: SOURCE, formatParam: 'fr' });
    expect(viaParam.downloadUrl).toBe(`/api/v2/clients/1/content/${hash()}/formats/Translation:fr`);
    // Asking again reports the same job; it does not restart it.
    expect((await create('Translation:fr')).downloadUrl).toBe(viaParam.downloadUrl);
    await advance(1000);
    const res = await send(`/ally${viaParam.downloadUrl}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<html lang="fr">');
    expect(res.text).toContain('The sandbox does not translate');
  });

  it('refuses bad format requests, naming the fix', async () => {
    expectError('POST', `${formats()}/Docx`, await send(`${formats()}/Docx`, form({ url: SOURCE })), 400, /Unknown format 'Docx'. The formats are Pdf, Html, Epub/);
    expectError('POST', `${formats()}/Translation`, await send(`${formats()}/Translation`, form({ url: SOURCE })), 400, /target language/);
    expectError('POST', `${formats()}/Html`, await send(`${formats()}/Html`, form({})), 400, /url is required/);
    expectError('POST', `${formats()}/Html`, await send(`${formats()}/Html`, form({ url: '/files/syllabus.pdf' })), 400, /not an absolute URL/);
    expectError('POST', `${formats()}/Html`, await send(`${formats()}/Html`, form({ url: 'ftp://files.example.edu/s.pdf' })), 400, /http or https/);
    const json = await send(`${formats()}/Html`, { method: 'POST', body: JSON.stringify({ url: SOURCE }), headers: { 'Content-Type': 'application/json' } });
    expectError('POST', `${formats()}/Html`, json, 415, /x-www-form-urlencoded/);
    const image = `${CONTENT}/${demoHash('Brain anatomy diagram.png')}/formats/Html`;
    expectError('POST', image, await send(image, form({ url: SOURCE })), 400, /images have no alternative formats/);
    const unknown = `${CONTENT}/${'0'.repeat(64)}/formats/Html`;
    expectError('POST', unknown, await send(unknown, form({ url: SOURCE })), 404, /No content with hash/);
    expectError('GET', `${formats()}/Translation`, await send(`${formats()}/Translation`), 400, /Translation:<language>/);
  });

  it('refuses formats for a file still processing (409)', async () => {
    const res = await upload(pdf('Fresh handout', { tagged: true }), 'fresh.pdf');
    const { hash: fresh } = expectValid('POST', CONTENT, res, ProcessingStatus);
    const path = `${CONTENT}/${fresh}/formats/Html`;
    expectError('POST', path, await send(path, form({ url: SOURCE })), 409, /still being processed \(pending\)/);
  });
});
