import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { challengeOf, createPkcePair } from '../../electron/core/auth/pkce';
import { SignInError, type SignInProblem } from '../../electron/core/auth/sign-in-error';
import { withSandbox } from '../support/sandbox';
import { connectError, control, fakeBrowser, getWithHost, sessionRig, tokenPosts, type BrowserOptions } from './auth-support';

/**
 * What the loopback listener lets through: exactly one callback, with the right state, on the
 * right Host. Everything else makes no token request, and every ending leaves nothing listening.
 * Each failure reaches the user as a SignInError with a message in plain words.
 */
describe('the sign-in loopback listener', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await withSandbox();
  });
  beforeEach(async () => {
    await control(sandbox, 'reset');
  });
  afterAll(async () => {
    await sandbox.close();
  });

  async function signInWith(options: BrowserOptions) {
    const browser = fakeBrowser(options);
    const rig = await sessionRig(sandbox, browser.openExternal);
    const outcome = await rig.session.signIn().then(
      (state) => ({ state, error: undefined }),
      (error: unknown) => ({ state: undefined, error }),
    );
    const trip = await browser.last();
    return { rig, outcome, trip, port: Number(new URL(trip.authorization.searchParams.get('redirect_uri') ?? '').port) };
  }

  function expectProblem(error: unknown, problem: SignInProblem, words: RegExp): void {
    expect(error).toBeInstanceOf(SignInError);
    expect((error as SignInError).problem).toBe(problem);
    expect((error as SignInError).message).toMatch(words);
  }

  it('stops the sign-in when the callback carries another state, without asking for a token', async () => {
    let status = 0;
    const { rig, outcome, port } = await signInWith({
      onCallback: async (callback) => {
        callback.searchParams.set('state', `${callback.searchParams.get('state') ?? ''}x`);
        status = (await fetch(callback, { redirect: 'manual' })).status;
      },
    });
    expect(status).toBe(400);
    expectProblem(outcome.error, 'state-mismatch', /did not match the sign-in Rollbook started/);
    expect(await tokenPosts(sandbox)).toBe(0);
    expect(await connectError(port)).toBe('ECONNREFUSED');
    expect(rig.session.state.status).toBe('signed-out');
  });

  it('refuses a callback sent with another Host header and still takes the real one', async () => {
    const refused: number[] = [];
    let postsMeanwhile = -1;
    const { outcome, port } = await signInWith({
      onCallback: async (callback) => {
        for (const host of ['localhost:' + callback.port, 'evil.example', `127.0.0.1:${Number(callback.port) + 1}`, '127.0.0.1']) {
          refused.push((await getWithHost(callback, host)).status);
        }
        // Odd request targets on the right Host (absolute form, `//host/...`) are not the callback either.
        const right = `127.0.0.1:${callback.port}`;
        refused.push((await getWithHost(callback, right, `http://evil.example${callback.pathname}${callback.search}`)).status);
        refused.push((await getWithHost(callback, right, `//evil.example${callback.pathname}${callback.search}`)).status);
        postsMeanwhile = await tokenPosts(sandbox);
        expect((await getWithHost(callback, `127.0.0.1:${callback.port}`)).status).toBe(303);
      },
    });
    expect(refused).toEqual([400, 400, 400, 400, 404, 404]);
    expect(postsMeanwhile).toBe(0);
    expect(outcome.state?.status).toBe('signed-in');
    expect(await tokenPosts(sandbox)).toBe(1);
    expect(await connectError(port)).toBe('ECONNREFUSED');
  });

  it('takes exactly one callback: a second one is refused and makes no token request', async () => {
    let statuses: number[] = [];
    const { outcome, port, trip } = await signInWith({
      onCallback: async (callback) => {
        const both = await Promise.all([fetch(callback, { redirect: 'manual' }), fetch(callback, { redirect: 'manual' })]);
        statuses = both.map((r) => r.status).sort();
      },
    });
    expect(statuses).toEqual([303, 409]);
    expect(outcome.state?.status).toBe('signed-in');
    expect(await tokenPosts(sandbox)).toBe(1);
    // Once signed in, nothing listens: a third attempt cannot even connect.
    expect(await connectError(port)).toBe('ECONNREFUSED');
    await expect(fetch(trip.callback!)).rejects.toThrow();
  });

  it('closes within about a second even if the browser never asks for the done page', async () => {
    let answeredAt = 0;
    const { outcome, port } = await signInWith({
      onCallback: async (callback) => {
        expect((await fetch(callback, { redirect: 'manual' })).status).toBe(303);
        answeredAt = Date.now();
      },
    });
    const closedAfter = Date.now() - answeredAt;
    expect(outcome.state?.status).toBe('signed-in');
    expect(await connectError(port)).toBe('ECONNREFUSED');
    expect(closedAfter).toBeLessThan(2500);
  });

  it('tells the user when they chose Deny', async () => {
    const { outcome, trip, port } = await signInWith({ decision: 'deny' });
    expectProblem(outcome.error, 'denied', /choose Allow/);
    expect(trip.donePage).toContain('Rollbook was not given access');
    expect(await tokenPosts(sandbox)).toBe(0);
    expect(await connectError(port)).toBe('ECONNREFUSED');
  });

  it('tells the user when Learn finds the PKCE verifier does not match, and keeps nothing', async () => {
    const other = await createPkcePair();
    const { rig, outcome, port } = await signInWith({
      tamperAuthorization: (url) => url.searchParams.set('code_challenge', other.challenge),
    });
    expect(other.challenge).toBe(await challengeOf(other.verifier));
    expectProblem(outcome.error, 'verifier-mismatch', /security check did not match/);
    expect(await tokenPosts(sandbox)).toBe(1);
    expect(await rig.vault.get(rig.site.id, 'refresh-token')).toBeUndefined();
    expect(await connectError(port)).toBe('ECONNREFUSED');
  });

  it('says so when Learn refuses the application secret', async () => {
    const browser = fakeBrowser();
    const rig = await sessionRig(sandbox, browser.openExternal);
    await rig.vault.set(rig.site.id, 'application-secret', 'not-the-secret');
    const error = await rig.session.signIn().catch((e: unknown) => e);
    expectProblem(error, 'application-rejected', /application key or secret/);
    expect((error as Error).message).not.toContain('not-the-secret');
  });

  it('closes the listener when the sign-in is cancelled', async () => {
    const controller = new AbortController();
    let opened = '';
    const rig = await sessionRig(sandbox, (url) => {
      opened = url;
      setTimeout(() => controller.abort(), 50);
      return Promise.resolve();
    });
    const error = await rig.session.signIn(controller.signal).catch((e: unknown) => e);
    expectProblem(error, 'cancelled', /cancelled/);
    expect(await connectError(Number(new URL(new URL(opened).searchParams.get('redirect_uri') ?? '').port))).toBe('ECONNREFUSED');
    expect(rig.session.state.status).toBe('signed-out');
  });

  it('gives up and closes the listener when the user never finishes', async () => {
    let opened = '';
    const rig = await sessionRig(sandbox, (url) => ((opened = url), Promise.resolve()), { signInTimeoutMs: 300 });
    const started = Date.now();
    const error = await rig.session.signIn().catch((e: unknown) => e);
    const waited = Date.now() - started;
    expectProblem(error, 'timed-out', /took too long/);
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(10_000);
    expect(await connectError(Number(new URL(new URL(opened).searchParams.get('redirect_uri') ?? '').port))).toBe('ECONNREFUSED');
  });

  it('closes the listener when the browser cannot be opened', async () => {
    let opened = '';
    const rig = await sessionRig(sandbox, (url) => ((opened = url), Promise.reject(new Error('no browser'))));
    const error = await rig.session.signIn().catch((e: unknown) => e);
    expectProblem(error, 'browser-unavailable', /could not open your web browser/);
    expect(await connectError(Number(new URL(new URL(opened).searchParams.get('redirect_uri') ?? '').port))).toBe('ECONNREFUSED');
  });

  it('lets a second sign-in replace one still waiting in the browser', async () => {
    const browser = fakeBrowser();
    let calls = 0;
    let firstUrl = '';
    const rig = await sessionRig(sandbox, (url) => (++calls === 1 ? ((firstUrl = url), Promise.resolve()) : browser.openExternal(url)));
    const first = rig.session.signIn().catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await rig.session.signIn();
    expectProblem(await first, 'cancelled', /cancelled/);
    expect(second.status).toBe('signed-in');
    expect(rig.session.state.status).toBe('signed-in');
    expect(await connectError(Number(new URL(new URL(firstUrl).searchParams.get('redirect_uri') ?? '').port))).toBe('ECONNREFUSED');
  });
});
