import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../electron/core/ipc/dispatcher';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { ok } from '../support/ipc-answer';

/**
 * The language of the instructor's Learn account comes with the user Rollbook reads at sign-in
 * (GET users/me, through the real client against the sandbox): no request more, and only a
 * language Rollbook speaks.
 */
const USER_ROUTE = 'GET /learn/api/public/v1/users/:userId';

describe('the language of the Learn account', () => {
  let host: RunningWebHost;
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rollbook-learn-language-'));
    host = await startWebHost({ port: 0, demo: true, dataDir, rendererDir: dataDir });
  });
  afterEach(async () => {
    await host.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function setLocale(locale: Record<string, string>): Promise<void> {
    const res = await host.sandbox!.controlFetch('/__sandbox/user-locale', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userId: 'userName:instructor', locale }) });
    expect(res.status).toBe(200);
  }
  const usersAsked = async (): Promise<number> => ((await (await host.sandbox!.controlFetch('/__sandbox/stats')).json()) as { byRoute: Record<string, number> }).byRoute[USER_ROUTE] ?? 0;

  it('is told with the signed-in user, read in the one request that names the user', async () => {
    await setLocale({ id: 'es_ES', calendar: 'Gregorian' });
    const status = await ok(call(host.dispatch, 'auth.signInDemo', {}));
    expect(status.user?.learnLanguage).toBe('es');
    expect(await usersAsked()).toBe(1);
    expect((await ok(call(host.dispatch, 'auth.status', {}))).user?.learnLanguage).toBe('es');
  });

  it('is not told when Learn has none ({}) or one Rollbook does not speak', async () => {
    await setLocale({});
    expect((await ok(call(host.dispatch, 'auth.signInDemo', {}))).user).not.toHaveProperty('learnLanguage');
    await ok(call(host.dispatch, 'auth.signOut', {}));
    await setLocale({ id: 'pt_BR' });
    expect((await ok(call(host.dispatch, 'auth.signInDemo', {}))).user).not.toHaveProperty('learnLanguage');
  });
});
