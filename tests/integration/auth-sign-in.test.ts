import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { DEMO_APP } from '../../sandbox/core/context';
import { SignInRequiredError } from '../../electron/core/auth/access-token';
import { LearnSession } from '../../electron/core/auth/learn-session';
import { readSignInRecord } from '../../electron/core/auth/sign-in-record';
import type { SessionState } from '../../electron/core/auth/session-state';
import { configureLogger, type LogLine } from '../../shared/logger';
import { withSandbox } from '../support/sandbox';
import { connectError, control, fakeBrowser, learnGet, sessionRig, tokenPosts, type SessionRig } from './auth-support';

/**
 * The whole life of a sign-in against the sandbox, in order, as a user lives it: sign in through
 * the browser, refresh ahead of expiry, recover from a 401, and lose the session when the refresh
 * token is revoked (a rotated one replayed) without losing anything else.
 */
describe('signing in to Learn and keeping the session', () => {
  let sandbox: RunningSandbox;
  let rig: SessionRig;
  const browser = fakeBrowser();
  const logs: LogLine[] = [];
  const states: SessionState['status'][] = [];
  const ended: string[] = [];
  let firstToken = '';
  /** Every token, code and secret the tests saw, to check the log for afterwards. */
  const secretsSeen: string[] = [DEMO_APP.secret];
  const seen = <T extends string | undefined>(value: T): T => {
    if (value) secretsSeen.push(value);
    return value;
  };

  beforeAll(async () => {
    configureLogger({ sink: (line) => logs.push(line), level: 'debug' });
    sandbox = await withSandbox();
    rig = await sessionRig(sandbox, browser.openExternal);
    rig.session.events.on('state', (state) => states.push(state.status));
    rig.session.onSignInRequired(({ message }) => ended.push(message));
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('signs in through the system browser and closes the loopback listener', async () => {
    const state = await rig.session.signIn();

    const instructor = sandbox.context().directory.user('userName:instructor');
    expect(state).toMatchObject({ status: 'signed-in', userId: instructor.uuid, scopes: ['read', 'write', 'delete', 'offline'] });
    expect(states).toEqual(['signing-in', 'signed-in']);
    firstToken = seen(await rig.session.accessToken());
    expect(await learnGet(sandbox, firstToken)).toBe(200);
    expect(await tokenPosts(sandbox)).toBe(1);

    const trip = await browser.last();
    seen(trip.callback?.searchParams.get('code') ?? undefined);
    const asked = trip.authorization.searchParams;
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('scope')).toBe('read write delete offline');
    expect(asked.get('redirect_uri')).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/rollbook/${rig.site.id}/callback$`));
    // The browser ends on a page without the code in its address, telling the user to close the tab.
    expect(trip.callbackStatus).toBe(303);
    expect(trip.done?.search).toBe('');
    expect(trip.donePage).toContain('You can close this tab');
    expect(await connectError(Number(trip.callback?.port))).toBe('ECONNREFUSED');
  });

  it('keeps the refresh token in the vault, with the redirect URI Learn wants on refresh', async () => {
    const record = await readSignInRecord(rig.vault, rig.site.id);
    seen(record?.refreshToken);
    const trip = await browser.last();
    expect(record?.redirectUri).toBe(trip.authorization.searchParams.get('redirect_uri'));
    expect(record?.refreshToken.length).toBeGreaterThan(20);
  });

  it('reuses the access token until 60 seconds before it expires, then refreshes it', async () => {
    rig.clock.advance((3600 - 61) * 1000);
    expect(await rig.session.accessToken()).toBe(firstToken);
    expect(await tokenPosts(sandbox)).toBe(1);

    const before = await readSignInRecord(rig.vault, rig.site.id);
    rig.clock.advance(2000);
    const refreshed = seen(await rig.session.accessToken());
    expect(refreshed).not.toBe(firstToken);
    expect(await tokenPosts(sandbox)).toBe(2);
    expect(await learnGet(sandbox, refreshed)).toBe(200);
    // Learn rotates refresh tokens: the new one is the one kept.
    const after = await readSignInRecord(rig.vault, rig.site.id);
    seen(after?.refreshToken);
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
  });

  it('refreshes once after a 401, shared by every caller that saw it', async () => {
    const rejected = await rig.session.accessToken();
    await control(sandbox, 'tokens/expire');
    expect(await learnGet(sandbox, rejected)).toBe(401);
    const posts = await tokenPosts(sandbox);

    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => rig.session.refreshAfterUnauthorized(rejected)));

    expect(new Set(tokens).size).toBe(1);
    seen(tokens[0]);
    expect(tokens[0]).not.toBe(rejected);
    expect(await tokenPosts(sandbox)).toBe(posts + 1);
    expect(await learnGet(sandbox, tokens[0]!)).toBe(200);
  });

  it('asks the user to sign in again when the refresh token is revoked, and deletes nothing else', async () => {
    // Something else the user keeps in the data folder (the renderer's outbox lives in IndexedDB;
    // this file stands for any of it) and another site's secrets in the same vault.
    const queued = join(rig.dataDir, 'queued-work.json');
    await writeFile(queued, '{"pending":[{"op":"mark-absent"}]}');
    await rig.vault.set('other-site', 'refresh-token', 'other-refresh');
    await rig.vault.set('other-site', 'application-secret', 'other-secret');

    // A copy of the refresh token leaks; Rollbook refreshes (rotating it); the copy is replayed.
    const leaked = await readSignInRecord(rig.vault, rig.site.id);
    seen(leaked?.refreshToken);
    rig.clock.advance(3600 * 1000);
    await rig.session.accessToken();
    const replay = await fetch(`${sandbox.learnUrl}/api/public/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${DEMO_APP.key}:${DEMO_APP.secret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: leaked!.refreshToken, redirect_uri: leaked!.redirectUri }).toString(),
    });
    expect(replay.status).toBe(400);

    rig.clock.advance(3600 * 1000);
    const failure = await rig.session.accessToken().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SignInRequiredError);
    expect((failure as Error).message).toMatch(/sign in again/i);
    expect((failure as Error).message).toMatch(/changes waiting to sync are kept/i);
    expect(rig.session.state).toMatchObject({ status: 'sign-in-required' });
    expect(ended).toHaveLength(1);

    // Later calls say the same without asking Learn again.
    const posts = await tokenPosts(sandbox);
    await expect(rig.session.accessToken()).rejects.toBeInstanceOf(SignInRequiredError);
    expect(await tokenPosts(sandbox)).toBe(posts);
    expect(ended).toHaveLength(1);

    // Only the dead refresh token is gone.
    expect(await rig.vault.get(rig.site.id, 'refresh-token')).toBeUndefined();
    expect(await rig.vault.get(rig.site.id, 'application-secret')).toBe(DEMO_APP.secret);
    expect(await rig.vault.get('other-site', 'refresh-token')).toBe('other-refresh');
    expect(await rig.vault.get('other-site', 'application-secret')).toBe('other-secret');
    expect(await readFile(queued, 'utf8')).toBe('{"pending":[{"op":"mark-absent"}]}');
  });

  it('signs in again after the session ended', async () => {
    const state = await rig.session.signIn();
    expect(state.status).toBe('signed-in');
    expect(await learnGet(sandbox, seen(await rig.session.accessToken()))).toBe(200);
    seen((await readSignInRecord(rig.vault, rig.site.id))?.refreshToken);
  });

  it('stays signed in across a restart of the app', async () => {
    const restarted = new LearnSession({ site: rig.site, applicationKey: DEMO_APP.key, vault: rig.vault, openExternal: browser.openExternal, now: () => rig.clock.now });
    const instructor = sandbox.context().directory.user('userName:instructor');
    expect(await restarted.restore()).toMatchObject({ status: 'signed-in', userId: instructor.uuid, accessTokenExpiresAt: undefined });
    const posts = await tokenPosts(sandbox);
    const token = seen(await restarted.accessToken());
    expect(await tokenPosts(sandbox)).toBe(posts + 1);
    expect(await learnGet(sandbox, token)).toBe(200);
    // The restarted session now holds the rotated refresh token; the first one's copy is stale.
    rig.session = restarted;
  });

  it('signs out when asked: the refresh token goes, the application secret stays, nothing is announced as lost', async () => {
    const endedBefore = ended.length;
    await rig.session.signOut();
    expect(rig.session.state).toEqual({ status: 'signed-out' });
    expect(await rig.vault.get(rig.site.id, 'refresh-token')).toBeUndefined();
    expect(await rig.vault.get(rig.site.id, 'application-secret')).toBe(DEMO_APP.secret);
    await expect(rig.session.accessToken()).rejects.toThrow(/not signed in/);
    expect(ended).toHaveLength(endedBefore);
  });

  it('never wrote a token, code or secret to the log', () => {
    const text = JSON.stringify(logs);
    expect(logs.length).toBeGreaterThan(5);
    expect(secretsSeen.length).toBeGreaterThan(6);
    for (const secret of secretsSeen) expect(text).not.toContain(secret);
  });
});
