import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { DEMO_APP } from '../../sandbox/core/context';
import { SignInRequiredError } from '../../electron/core/auth/access-token';
import { FileVault } from '../../electron/core/auth/file-vault';
import { learnSite } from '../../electron/core/auth/learn-site';
import { SystemTokenProvider } from '../../electron/core/auth/system-token-provider';
import { configureLogger, type LogLine } from '../../shared/logger';
import { withSandbox } from '../support/sandbox';
import { control, learnGet, manualClock, tokenPosts, type ManualClock } from './auth-support';

/**
 * The basic flow (client_credentials) for an administrator's system-level work: the token is
 * fetched once, reused until it has expired, fetched again after a 401, and a wrong
 * secret is reported without the secret showing anywhere.
 */
describe('the basic flow (system-level token)', () => {
  const SYSTEM_READ = '/learn/api/public/v1/users/userName:instructor';
  let sandbox: RunningSandbox;
  let vault: FileVault;
  let clock: ManualClock;
  let provider: SystemTokenProvider;
  const logs: LogLine[] = [];

  beforeAll(async () => {
    configureLogger({ sink: (line) => logs.push(line), level: 'debug' });
    sandbox = await withSandbox();
  });
  beforeEach(async () => {
    await control(sandbox, 'reset');
    vault = new FileVault(await mkdtemp(join(tmpdir(), 'rollbook-basic-')));
    const site = learnSite(sandbox.learnUrl);
    await vault.set(site.id, 'application-secret', DEMO_APP.secret);
    clock = manualClock();
    provider = new SystemTokenProvider({ site, applicationKey: DEMO_APP.key, vault, now: () => clock.now });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('gets a token with the key and secret and reuses it until it has expired', async () => {
    const [first, ...others] = await Promise.all([provider.accessToken(), provider.accessToken(), provider.accessToken()]);
    expect(others).toEqual([first, first]);
    expect(await learnGet(sandbox, first, SYSTEM_READ)).toBe(200);
    expect(await tokenPosts(sandbox)).toBe(1);

    // Its last second still uses it: asking Learn early would only return the same token.
    clock.advance((3600 - 1) * 1000);
    expect(await provider.accessToken()).toBe(first);
    expect(await tokenPosts(sandbox)).toBe(1);

    // Expired on our clock; Learn's token has expired on the sandbox's clock too.
    clock.advance(2000);
    await control(sandbox, 'clock', { advanceMs: 3600 * 1000 });
    const second = await provider.accessToken();
    expect(await tokenPosts(sandbox)).toBe(2);
    expect(second).not.toBe(first);
    expect(await learnGet(sandbox, second, SYSTEM_READ)).toBe(200);
  });

  it('fetches a new token once after a 401', async () => {
    const rejected = await provider.accessToken();
    await control(sandbox, 'tokens/expire');
    expect(await learnGet(sandbox, rejected, SYSTEM_READ)).toBe(401);

    const [renewed, again] = await Promise.all([provider.refreshAfterUnauthorized(rejected), provider.refreshAfterUnauthorized(rejected)]);
    expect(again).toBe(renewed);
    expect(renewed).not.toBe(rejected);
    expect(await tokenPosts(sandbox)).toBe(2);
    expect(await learnGet(sandbox, renewed, SYSTEM_READ)).toBe(200);
  });

  it('says the key or secret was refused, and never shows the secret', async () => {
    const site = learnSite(sandbox.learnUrl);
    await vault.set(site.id, 'application-secret', 'Wrong-Secret-1234567890');
    const error = await provider.accessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInRequiredError);
    expect((error as Error).message).toMatch(/refused Rollbook's application key or secret/);
    expect(JSON.stringify(logs)).not.toContain('Wrong-Secret-1234567890');
    expect(JSON.stringify(logs)).not.toContain(DEMO_APP.secret);
  });
});
