import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../electron/core/ipc/dispatcher';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';

/**
 * The key that seals an identity's store at rest (docs/decisions/local-data-sealed-at-rest.md),
 * through browser mode's real dispatch after the real demo sign-in: handed over only for the
 * identity signed in, kept in the 0600 secrets file of the 0700 data folder (the same key after a
 * restart, so waiting changes open again), and gone once forgotten.
 */
let dataDir: string;
let host: RunningWebHost;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rollbook-store-key-'));
  host = await startWebHost({ port: 0, demo: true, dataDir, rendererDir: dataDir });
});

afterAll(async () => {
  await host.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function ok<T>(result: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>): Promise<T> {
  const r = await result;
  if (!r.ok) throw new Error(`call failed: ${r.error.message}`);
  return r.value;
}

describe('the store key', () => {
  it('is refused to a page while nobody is signed in, and for any identity but the one signed in', async () => {
    const before = await call(host.dispatch, 'store.key', { identity: 'demo-0123456789abcdef01234567' });
    expect(before).toMatchObject({ ok: false, error: { message: expect.stringMatching(/only while you are signed in/) } });

    const status = await ok(call(host.dispatch, 'auth.signInDemo', {}));
    const identity = status.identity!.key;
    const file = join(dataDir, 'rollbook-secrets.json');
    // Made and kept as the sign-in named the identity, before any page asks: the store then opens
    // without waiting on a file write queued behind Learn's first answers.
    const kept = async (): Promise<string | undefined> => (JSON.parse(await readFile(file, 'utf8')) as Record<string, Record<string, string>>)[`store:${identity}`]?.['store-key'];
    await expect.poll(kept, { timeout: 5_000 }).toBeDefined();
    const made = await kept();
    const other = await call(host.dispatch, 'store.key', { identity: `${identity.slice(0, -1)}${identity.endsWith('0') ? '1' : '0'}` });
    expect(other.ok).toBe(false);

    const { key } = await ok(call(host.dispatch, 'store.key', { identity }));
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(key).toBe(made);
    // Asked again (a reload, a second window): the same key, or the store would not open.
    expect((await ok(call(host.dispatch, 'store.key', { identity }))).key).toBe(key);
    // Kept only for its owner: the secrets file is 0600 in a 0700 folder, and holds it.
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect(await readFile(file, 'utf8')).toContain(key);
  });

  it('is the same after the host restarts, and a new one once forgotten', async () => {
    const identity = (await ok(call(host.dispatch, 'auth.status', {}))).identity!.key;
    const { key } = await ok(call(host.dispatch, 'store.key', { identity }));
    await host.close();
    host = await startWebHost({ port: 0, demo: true, dataDir, rendererDir: dataDir });
    await ok(call(host.dispatch, 'auth.signInDemo', {}));
    expect((await ok(call(host.dispatch, 'store.key', { identity }))).key).toBe(key);

    await ok(call(host.dispatch, 'store.forgetKey', { identity }));
    expect(await readFile(join(dataDir, 'rollbook-secrets.json'), 'utf8')).not.toContain(key);
    const fresh = (await ok(call(host.dispatch, 'store.key', { identity }))).key;
    expect(fresh).not.toBe(key);
  });

  it('is on disk once a host stopped right after a first sign-in: close() lets the write it began finish', async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), 'rollbook-store-key-close-'));
    try {
      const quick = await startWebHost({ port: 0, demo: true, dataDir: elsewhere, rendererDir: elsewhere });
      const identity = (await ok(call(quick.dispatch, 'auth.signInDemo', {}))).identity!.key;
      await quick.close();
      const kept = JSON.parse(await readFile(join(elsewhere, 'rollbook-secrets.json'), 'utf8')) as Record<string, Record<string, string>>;
      expect(Buffer.from(kept[`store:${identity}`]?.['store-key'] ?? '', 'base64')).toHaveLength(32);
    } finally {
      // Nothing is written into the folder while it is removed.
      await rm(elsewhere, { recursive: true });
    }
  });
});
