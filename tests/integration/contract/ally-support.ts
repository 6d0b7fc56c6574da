import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_ALLY_CLIENT } from '../../../sandbox/core/context';
import { demoFileContent } from '../../../sandbox/modules/ally';
import type { DocModel } from '../../../sandbox/modules/ally/document-model';
import { writePdf } from '../../../sandbox/modules/ally/pdf-writer';
import type { RunningSandbox } from '../../../sandbox/server';
import { AllyErrorBody, ContentInformation, ProcessingStatus } from '../../../shared/api/ally';
import { expectValid } from '../../support/contract';
import { withSandbox } from '../../support/sandbox';

/**
 * Helpers of the Ally contract tests (seed 002: ally-auth, ally-upload, ally-feedback,
 * ally-formats): every response's status and body, parsed with the app's schemas in
 * shared/api/ally.ts, over real HTTP. Ally is not in Learn's Swagger file, so expectValid checks
 * the schema only. Each test file calls useAllySandbox() once and gets its own sandbox.
 */
export const CONTENT = '/ally/api/v2/clients/1/content';
export const SYLLABUS = 'Syllabus PSYC 101 Fall 2026.pdf';
const ENGLISH = 'The students read the chapter on memory and then they discuss it in the seminar with the instructor. This is the plan for the week and it is on the syllabus.';

export interface Res {
  status: number;
  headers: Headers;
  json: unknown;
  text: string;
  bytes: Buffer;
}

let running: RunningSandbox | undefined;

/** Registers the hooks that start the file's sandbox before its tests and close it after them. */
export function useAllySandbox(): void {
  beforeAll(async () => {
    // Each stage lasts 500 ms on the sandbox clock: long enough that "pending" holds between two
    // requests on a busy machine; tests move the clock 1000 ms to finish a stage pair.
    running = await withSandbox({ allyProcessingMs: 500 });
  });
  afterAll(async () => {
    await currentSandbox().close();
    running = undefined;
  });
}

/** The sandbox started by useAllySandbox(); only inside tests (and hooks after its beforeAll). */
export function currentSandbox(): RunningSandbox {
  if (!running) throw new Error('No Ally sandbox is running: call useAllySandbox() at the top level of the test file.');
  return running;
}

/** A content hash as one path segment (the hashes are base64: `/`, `+` and `=` are encoded). */
export const inPath = (hash: string): string => encodeURIComponent(hash);
/** SHA-1 of the bytes, upper-case hex. */
export const sha1 = (bytes: Buffer): string => createHash('sha1').update(bytes).digest('hex').toUpperCase();

/** Checks a hash is in the vendor samples' form for these bytes: base64 of `<name, as sent or form-encoded>:<SHA-1>:<type>`. */
export function expectIssuedHash(hash: string, name: string, bytes: Buffer, mimeType: string): void {
  const formEncoded = new URLSearchParams({ n: name }).toString().slice(2);
  expect([`${name}:${sha1(bytes)}:${mimeType}`, `${formEncoded}:${sha1(bytes)}:${mimeType}`]).toContain(Buffer.from(hash, 'base64').toString('utf8'));
}
export const demoHash = (name: string): string => demoFileContent(name)?.hash ?? '';

export function pdf(title: string | undefined, options: { tagged: boolean; scanned?: boolean; lang?: string }): Buffer {
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
export async function jwt(on: RunningSandbox = currentSandbox(), claims: Record<string, unknown> = {}, options: { secret?: string; alg?: string } = {}): Promise<string> {
  const iat = Math.floor(on.context().clock.now() / 1000);
  return new SignJWT({ clientId: DEMO_ALLY_CLIENT.clientId, iat, ...claims })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(options.secret ?? DEMO_ALLY_CLIENT.secret));
}

export async function toRes(res: Response): Promise<Res> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  const json: unknown = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : undefined;
  return { status: res.status, headers: res.headers, json, text, bytes };
}

export async function send(path: string, init: { method?: string; token?: string | null; body?: BodyInit; headers?: Record<string, string> } = {}, on = currentSandbox()): Promise<Res> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  const token = init.token === undefined ? await jwt(on) : init.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  return toRes(await fetch(`${on.origin}${path}`, { method: init.method ?? 'GET', headers, ...(init.body !== undefined ? { body: init.body } : {}), redirect: 'manual' }));
}

export async function upload(bytes: Buffer, name: string, type = 'application/octet-stream', on = currentSandbox(), token?: string): Promise<Res> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return send(CONTENT, { method: 'POST', body: form, ...(token ? { token } : {}) }, on);
}

/** A request through node:http: a GET with a body (the batch), or a chunked upload, which fetch will not send. */
export async function raw(path: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean }): Promise<Res> {
  const token = await jwt();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, ...(options.headers ?? {}) };
    if (options.body !== undefined && !options.chunked) headers['Content-Length'] = String(Buffer.byteLength(options.body));
    const req = httpRequest(`${currentSandbox().origin}${path}`, { method: options.method ?? 'GET', headers }, (res) => {
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

export const batch = (body: string | undefined, query = '', contentType: string | undefined = 'application/json'): Promise<Res> =>
  raw(`${CONTENT}/batch${query}`, { ...(body !== undefined ? { body } : {}), headers: contentType ? { 'Content-Type': contentType } : {} });

export async function advance(ms: number, on = currentSandbox()): Promise<void> {
  const res = await on.controlFetch(`/__sandbox/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) });
  expect(res.status).toBe(200);
}

export function expectError(method: string, path: string, res: Res, status: number, message: RegExp): void {
  expect(res.status, res.text).toBe(status);
  const body = expectValid(method, path, res, AllyErrorBody);
  expect(body.status).toBe(status);
  expect(body.message).toMatch(message);
}

/** Uploads new bytes and moves the clock past processing; returns the hash. */
export async function processed(bytes: Buffer, name: string, on = currentSandbox()): Promise<string> {
  const res = await upload(bytes, name, 'application/octet-stream', on);
  expect(res.status).toBe(202);
  const status = expectValid('POST', CONTENT, res, ProcessingStatus);
  await advance(1000, on);
  return status.hash;
}

export async function details(hash: string, query = '?feedback=true', on = currentSandbox()): Promise<ContentInformation> {
  const res = await send(`${CONTENT}/${inPath(hash)}${query}`, {}, on);
  expect(res.status).toBe(200);
  return expectValid('GET', `${CONTENT}/${inPath(hash)}`, res, ContentInformation);
}
