import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllyClient } from '../../electron/core/ally/ally-client';
import { ApiError } from '../../electron/core/http';
import { configureLogger } from '../../shared/logger';

/**
 * What the sandbox never does, from a stand-in Ally on loopback: a status Rollbook does not know,
 * a 303 pointing to another host, and a download that stalls or breaks off half-way. The client
 * still goes through the one HttpClient over real HTTP; only the server is a stand-in.
 */
const HASH = 'a'.repeat(64);
let server: Server;
let base: string;
let dir: string;
const held: ServerResponse[] = [];

beforeAll(async () => {
  configureLogger({ sink: () => undefined });
  dir = await mkdtemp(join(tmpdir(), 'rollbook-ally-answers-'));
  server = createServer((req, res) => {
    const path = req.url ?? '';
    if (req.method === 'POST') {
      res.writeHead(303, { Location: `https://elsewhere.example.com/api/v2/clients/1/content/${HASH}` }).end();
    } else if (path.endsWith('/status')) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ hash: HASH, status: 'queued', statusUrl: '/s' }));
    } else if (path.endsWith('/formats/Html')) {
      // Half a document, then nothing more: the client must not take it for a file.
      res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Length': '100000' });
      res.write('<!DOCTYPE html><html><head><title>Half</title>');
      held.push(res);
    } else if (path.endsWith('/formats/Epub')) {
      res.writeHead(200, { 'Content-Type': 'application/epub+zip', 'Content-Length': '100000' });
      res.write('PK\x03\x04 and the connection drops', () => res.destroy());
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ally`;
});
afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const ally = (): AllyClient => new AllyClient({ baseUrl: base, credentials: { clientId: 1, secret: 'stand-in secret' }, poll: { initialDelayMs: 10 } });

describe('answers Rollbook cannot take', () => {
  it('keeps a stage it does not know as Ally named it (enums are read open), to wait through as unfinished', async () => {
    expect(await ally().status(HASH)).toMatchObject({ hash: HASH, status: 'queued' });
  });

  it('does not follow a 303 that points outside Ally, so the token goes nowhere else', async () => {
    const path = join(dir, 'Week 1.html');
    await writeFile(path, '<!DOCTYPE html><html lang="en"><title>Week 1</title></html>');
    const error = await ally().upload(path).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'invalid-response' });
    expect((error as Error).message).toMatch(/Ally's 303 points outside its address \(https:\/\/elsewhere\.example\.com\/api/);
  });
});

describe('downloads that do not finish', () => {
  it('cancelled half-way: an aborted ApiError, the earlier file kept, no partial file left', async () => {
    const out = await mkdtemp(join(dir, 'cancel-'));
    const destination = join(out, 'Week 1.html');
    await writeFile(destination, 'the earlier copy');
    const controller = new AbortController();
    const download = ally().formats.download(HASH, 'Html', destination, { signal: controller.signal });
    // The download has begun (its temporary file exists); then the user cancels.
    await waitFor(async () => (await readdir(out)).some((name) => name.endsWith('.part')));
    controller.abort();
    const error = await download.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'aborted', message: `Cancelled: download the Html version of ${HASH}. Nothing was saved.` });
    expect(await readFile(destination, 'utf8')).toBe('the earlier copy');
    expect(await readdir(out)).toEqual(['Week 1.html']);
  });

  it('broken off by the server: a network ApiError and nothing saved', async () => {
    const out = await mkdtemp(join(dir, 'drop-'));
    const destination = join(out, 'Week 1.epub');
    const error = await ally().formats.download(HASH, 'Epub', destination).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network' });
    expect((error as Error).message).toMatch(/the connection to Ally broke off\. Nothing was saved/);
    expect(await readdir(out)).toEqual([]);
  });
});

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
}
