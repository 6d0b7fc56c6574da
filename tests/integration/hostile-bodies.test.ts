import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllyConnection, createAllyHttpClient } from '../../electron/core/ally/ally-connection';
import { AllyFormats } from '../../electron/core/ally/ally-formats';
import { DEFAULT_POLL_SCHEDULE } from '../../electron/core/ally/polling';
import { readLearnVersion } from '../../electron/core/auth/find-learn';
import { learnSite } from '../../electron/core/auth/learn-site';
import { SignInError } from '../../electron/core/auth/sign-in-error';
import { TokenEndpoint } from '../../electron/core/auth/token-endpoint';
import { ApiError, HttpClient } from '../../electron/core/http';
import { ALLY_MAX_TRANSFER_BYTES } from '../../shared/ipc/ally-channels';

/**
 * Hostile bodies: a server (Learn or Ally, or whatever answers in their place) that sends 200 MB,
 * never stops, or stalls mid-answer. The real client against a loopback server that sends them:
 * each is cut off while it streams, told in the instructor's words, and the server sees the
 * connection let go long before it has sent everything.
 */
const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');
let server: Server;
let origin: string;
/** Bytes each route managed to send before the client let go. */
const sent = new Map<string, number>();

/** Writes `total` bytes (Infinity: forever), `gapMs` apart, honouring backpressure; stops when the client goes. */
function pour(res: ServerResponse, route: string, total: number, gapMs = 0, chunk: Buffer = CHUNK): void {
  let written = 0;
  let open = true;
  res.on('close', () => (open = false));
  const next = (): void => {
    while (open && written < total) {
      const piece = chunk.subarray(0, Math.min(chunk.length, total - written));
      written += piece.length;
      sent.set(route, written);
      if (gapMs > 0) {
        res.write(piece);
        setTimeout(next, gapMs);
        return;
      }
      if (!res.write(piece)) {
        res.once('drain', next);
        return;
      }
    }
    if (open) res.end();
  };
  next();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const route = new URL(req.url ?? '/', 'http://x').pathname;
    if (route === '/learn/huge.json') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"results":["');
      return pour(res, route, 200 * MB);
    }
    if (route === '/learn/declared-huge.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(200 * MB) });
      return pour(res, route, 200 * MB);
    }
    if (route === '/learn/stalls.json') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"results":[');
      return; // and nothing more, ever
    }
    if (route === '/huge-site/learn/api/public/v1/system/version') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return pour(res, route, 200 * MB);
    }
    if (route.startsWith('/huge-token/') && route.endsWith('/oauth2/token')) {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"access_token":"');
      return pour(res, route, 200 * MB);
    }
    if (route === '/learn/error-huge') {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      return pour(res, route, 200 * MB);
    }
    if (route.endsWith('/formats/Html') && route.includes('/huge/')) {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return pour(res, route, 200 * MB);
    }
    if (route.endsWith('/formats/Html') && route.includes('/endless/')) {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return pour(res, route, Infinity, 50, Buffer.alloc(1024, 'b'));
    }
    if (route.endsWith('/formats/Html') && route.includes('/stalls/')) {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write('<html>');
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const failureOf = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe('Learn answers read within bounds', () => {
  it('cuts a 200 MB JSON answer off at 16 MB, saying so, without reading it whole', async () => {
    const learn = new HttpClient({ service: 'Learn' });
    const started = Date.now();
    const error = await failureOf(learn.json({ method: 'GET', url: `${origin}/learn/huge.json`, operation: 'list the members of PSYC-101' }));
    expect(error.message).toBe('Could not list the members of PSYC-101: Learn sent more than 16 MB, more than Rollbook reads here.');
    expect(sent.get('/learn/huge.json')).toBeLessThan(40 * MB);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refuses an answer whose Content-Length is over the bound before reading it', async () => {
    const learn = new HttpClient({ service: 'Learn' });
    const error = await failureOf(learn.json({ method: 'GET', url: `${origin}/learn/declared-huge.json`, operation: 'list the members of PSYC-101' }));
    expect(error.message).toContain('Learn sent more than 16 MB');
    expect(sent.get('/learn/declared-huge.json') ?? 0).toBeLessThan(40 * MB);
  });

  it('reads only the start of a huge error answer', async () => {
    const learn = new HttpClient({ service: 'Learn', retry: { maxAttempts: 1 } });
    const error = await failureOf(learn.json({ method: 'GET', url: `${origin}/learn/error-huge`, operation: 'list the members of PSYC-101' }));
    expect(error.status).toBe(500);
    expect(sent.get('/learn/error-huge')).toBeLessThan(40 * MB);
  });

  it('reads only the start of a huge answer to the site check', async () => {
    expect(await readLearnVersion(`${origin}/huge-site/learn`)).toBeUndefined();
    expect(sent.get('/huge-site/learn/api/public/v1/system/version')).toBeLessThan(40 * MB);
  });

  it('reads only the start of a huge answer from the token endpoint', async () => {
    const tokens = new TokenEndpoint(learnSite(`${origin}/huge-token/learn`));
    const error = await tokens.clientCredentials({ applicationKey: 'key', applicationSecret: 'secret' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SignInError);
    const route = [...sent.keys()].find((r) => r.startsWith('/huge-token/'));
    expect(sent.get(route!)).toBeLessThan(40 * MB);
  });

  it('gives up on an answer that stalls halfway, in words', async () => {
    const learn = new HttpClient({ service: 'Learn', timeoutMs: 5_000, idleTimeoutMs: 400, retry: { maxAttempts: 1 } });
    const started = Date.now();
    const error = await failureOf(learn.json({ method: 'GET', url: `${origin}/learn/stalls.json`, operation: 'list the members of PSYC-101' }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('Could not list the members of PSYC-101: Learn stopped sending for 0.4 s in the middle of its answer. Check your network connection and try again.');
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describe('Ally downloads written within bounds', () => {
  let folder: string;
  beforeAll(async () => (folder = await mkdtemp(join(tmpdir(), 'rollbook-hostile-'))));
  afterAll(() => rm(folder, { recursive: true, force: true }));

  const formats = (options: ConstructorParameters<typeof HttpClient>[0] | undefined = undefined): AllyFormats => {
    const http = options ? new HttpClient(options) : createAllyHttpClient();
    return new AllyFormats(new AllyConnection({ baseUrl: `${origin}/ally`, credentials: { clientId: 7, secret: 'not-a-real-secret' }, http }), DEFAULT_POLL_SCHEDULE);
  };

  it('stops a 200 MB download at 50 MB while writing it, and saves nothing', async () => {
    const destination = join(folder, 'huge.html');
    const error = await failureOf(formats().download('huge', 'Html', destination, { fileName: 'Syllabus.pdf', maxBytes: ALLY_MAX_TRANSFER_BYTES }));
    expect(error.message).toBe('Could not download the Html version of Syllabus.pdf: Ally sent more than 50 MB, more than Rollbook reads here.');
    const route = [...sent.keys()].find((r) => r.includes('/huge/'));
    expect(sent.get(route!)).toBeLessThan(80 * MB);
    expect(await readdir(folder)).toEqual([]);
  });

  it('cuts off a download that never ends, and one that stalls, with a plain message', async () => {
    const ally = formats({ service: 'Ally', idleTimeoutMs: 400, bodyTimeoutMs: 1_500 });
    const started = Date.now();
    const endless = await failureOf(ally.download('endless', 'Html', join(folder, 'endless.html'), { fileName: 'Syllabus.pdf' }));
    expect(endless.message).toBe('Could not download the Html version of Syllabus.pdf: Ally took longer than 1.5 s to send its answer. Check your network connection and try again.');
    expect(Date.now() - started).toBeLessThan(5_000);
    const stalled = await failureOf(ally.download('stalls', 'Html', join(folder, 'stalls.html'), { fileName: 'Syllabus.pdf' }));
    expect(stalled.message).toContain('Ally stopped sending for 0.4 s');
    expect(await readdir(folder)).toEqual([]);
  });
});
