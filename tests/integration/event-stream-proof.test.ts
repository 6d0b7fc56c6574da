import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { proofText, SESSION_LABEL, STREAM_PROOF_PATH } from '../../shared/ipc/stream-proof';
import { configureLogger } from '../../shared/logger';
import { openSession, type OpenedSession } from '../support/browser-session';

/**
 * The host's half of the event stream's question: it proves it holds a live session's key by
 * signing the page's nonce, to the page's own origin only, and knows no key once it has stopped.
 * (The page's half, against a squatter, is tests/e2e/event-stream-squatter.test.ts.)
 */
const mac = (key: string, text: string): string => createHmac('sha256', key).update(text).digest('base64url');

let host: RunningWebHost;
let dir: string;
let owner: OpenedSession;

beforeAll(async () => {
  configureLogger({ level: 'error' });
  dir = await mkdtemp(join(tmpdir(), 'rollbook-stream-proof-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Rollbook</title>');
  host = await startWebHost({ port: 0, demo: false, dataDir: dir, rendererDir: dir });
  owner = await openSession(host);
});
afterAll(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
  configureLogger({ level: 'info' });
});

async function ask(question: object, headers: Record<string, string> = { Origin: owner.origin }): Promise<{ status: number; proof?: string }> {
  const res = await fetch(`${owner.origin}${STREAM_PROOF_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(question) });
  const text = await res.text();
  return res.ok ? { status: res.status, ...(JSON.parse(text) as { proof: string }) } : { status: res.status };
}

describe('the event stream question', () => {
  it('is answered with the HMAC of the nonce under the session key, and the key never crosses the wire', async () => {
    const nonce = randomBytes(24).toString('base64url');
    const answer = await ask({ session: mac(owner.key, SESSION_LABEL), nonce });
    expect(answer.status).toBe(200);
    expect(answer.proof).toBe(mac(owner.key, proofText(nonce)));
    expect(JSON.stringify(answer)).not.toContain(owner.key);
    // Each nonce its own proof: an answer overheard once is no answer to the next question.
    const next = await ask({ session: mac(owner.key, SESSION_LABEL), nonce: randomBytes(24).toString('base64url') });
    expect(next.proof).not.toBe(answer.proof);
  });

  it("is refused for a session nobody holds, without the page's Origin, or in another shape", async () => {
    const nonce = randomBytes(24).toString('base64url');
    expect((await ask({ session: mac('a guess', SESSION_LABEL), nonce })).status).toBe(403);
    expect((await ask({ session: mac(owner.key, SESSION_LABEL), nonce }, {})).status).toBe(403);
    expect((await ask({ session: mac(owner.key, SESSION_LABEL), nonce }, { Origin: 'http://127.0.0.1:1' })).status).toBe(403);
    expect((await ask({ session: mac(owner.key, SESSION_LABEL), nonce, key: owner.key })).status).toBe(403);
  });

  it('has no answer once the host has stopped and started again on the same folder', async () => {
    const { port } = host;
    await host.close();
    host = await startWebHost({ port, demo: false, dataDir: dir, rendererDir: dir });
    const answer = await ask({ session: mac(owner.key, SESSION_LABEL), nonce: randomBytes(24).toString('base64url') });
    expect(answer.status).toBe(403);
  });
});
