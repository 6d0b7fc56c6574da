import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { SignInRequiredError } from '../../electron/core/auth/access-token';
import { SignInError } from '../../electron/core/auth/sign-in-error';
import { readSignInRecord } from '../../electron/core/auth/sign-in-record';
import { withSandbox } from '../support/sandbox';
import { control, fakeBrowser, learnGet, sessionRig, tokenPosts, type SessionRig } from './auth-support';

/**
 * Sign-in and refresh with the sandbox's fault injection on. A token endpoint that is down does
 * not end the session; a refresh is never sent twice on its own (a POST that rotates the refresh
 * token cannot be repeated blindly).
 */
describe('the session while Learn misbehaves', () => {
  let sandbox: RunningSandbox;
  let rig: SessionRig;
  const ended: string[] = [];
  const injected = async (): Promise<{ serverError: number; dropped: number }> =>
    ((await (await sandbox.controlFetch(`/__sandbox/faults`)).json()) as { injected: { serverError: number; dropped: number } }).injected;

  beforeAll(async () => {
    sandbox = await withSandbox();
    rig = await sessionRig(sandbox, fakeBrowser().openExternal);
    rig.session.onSignInRequired(({ message }) => ended.push(message));
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('signs in with every Learn request slowed down', async () => {
    await control(sandbox, 'faults', { latencyMs: 150 });
    const started = Date.now();
    expect((await rig.session.signIn()).status).toBe('signed-in');
    // Login page, login, consent, token: at least four slowed requests.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * 150);
    await control(sandbox, 'faults', { latencyMs: 0 });
  });

  it('keeps the session when the token endpoint answers 503, and refreshes once it is back', async () => {
    const kept = await readSignInRecord(rig.vault, rig.site.id);
    await control(sandbox, 'faults', { serverErrorRate: 1, serverErrorStatuses: [503], pathPattern: 'oauth2/token$' });
    rig.clock.advance(3600 * 1000);

    const error = await rig.session.accessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInError);
    expect(error).not.toBeInstanceOf(SignInRequiredError);
    expect((error as SignInError).problem).toBe('learn-unavailable');
    expect((await injected()).serverError).toBe(1);
    expect(rig.session.state.status).toBe('signed-in');
    expect(ended).toEqual([]);
    expect(await readSignInRecord(rig.vault, rig.site.id)).toEqual(kept);

    await control(sandbox, 'faults', { serverErrorRate: 0 });
    expect(await learnGet(sandbox, await rig.session.accessToken())).toBe(200);
  });

  it('does not repeat a refresh whose answer was lost, and then asks the user to sign in again', async () => {
    await control(sandbox, 'faults', { dropAfterApplyRate: 1, pathPattern: 'oauth2/token$' });
    const posts = await tokenPosts(sandbox);
    rig.clock.advance(3600 * 1000);

    const lost = await rig.session.accessToken().catch((e: unknown) => e);
    expect((lost as SignInError).problem).toBe('learn-unreachable');
    expect((await injected()).dropped).toBe(1);
    expect(await tokenPosts(sandbox)).toBe(posts + 1);
    expect(rig.session.state.status).toBe('signed-in');

    // Learn rotated the refresh token in the answer that was lost; the kept one is now a replay,
    // which Learn treats as theft and revokes. The user signs in again; nothing else is lost.
    await control(sandbox, 'faults', { dropAfterApplyRate: 0 });
    await expect(rig.session.accessToken()).rejects.toBeInstanceOf(SignInRequiredError);
    expect(ended).toHaveLength(1);
    expect(await rig.vault.get(rig.site.id, 'application-secret')).toBeDefined();
  });
});
