import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RunningSandbox } from '../../../sandbox/server';
import { DEMO_APP } from '../../../sandbox/core/context';
import { DEMO_PASSWORD } from '../../../sandbox/modules/institution';
import { ErrorBody, OAuthErrorBody, pagedEnvelope } from '../../../shared/api/common';
import { TokenInfo, TokenResponse } from '../../../shared/api/oauth';
import { expectValid } from '../../support/contract';
import { basicAuthHeader, call, systemToken, userTokenViaLogin, withSandbox } from '../../support/sandbox';

/**
 * Contract of Learn's OAuth 2.0 in the sandbox (seed 000 "OAuth" and "Authentication"; statuses
 * 200, 400, 401): the token endpoint's three grants, the authorization code endpoint's pages and
 * redirects, and Get Token Info. Everything goes over HTTP, as the app's client will.
 */

const TOKEN = '/learn/api/public/v1/oauth2/token';
const AUTHORIZE = '/learn/api/public/v1/oauth2/authorizationcode';
const TOKEN_INFO = '/learn/api/public/v1/oauth2/tokeninfo';
const MEETINGS = '/learn/api/public/v1/courses/courseId:PSYC-101-F26/meetings';
const LOOPBACK = 'http://127.0.0.1:53682/rollbook/site-1/callback';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

interface Res {
  status: number;
  headers: Headers;
  json: unknown;
  text: string;
}

async function request(target: RunningSandbox, method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<Res> {
  const res = await fetch(`${target.origin}${path}`, { method, redirect: 'manual', ...init });
  const text = await res.text();
  const json: unknown = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : undefined;
  return { status: res.status, headers: res.headers, json, text };
}

/** POST the token endpoint: form body, optional query, Basic auth unless `auth` says otherwise. */
function tokenRequest(params: Record<string, string>, options: { query?: Record<string, string>; auth?: string | null; target?: RunningSandbox } = {}): Promise<Res> {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const auth = options.auth === undefined ? basicAuthHeader() : options.auth;
  if (auth !== null) headers.Authorization = auth;
  const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  return request(options.target ?? sandbox, 'POST', `${TOKEN}${query}`, { headers, body: new URLSearchParams(params).toString() });
}

function expectToken(res: Res): TokenResponse {
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return expectValid('POST', TOKEN, res, TokenResponse);
}

function expectOAuthError(res: Res, status: number, error: string): OAuthErrorBody {
  expect(res.status, res.text).toBe(status);
  const body = expectValid('POST', TOKEN, res, OAuthErrorBody);
  expect(body.error).toBe(error);
  expect(body.error_description?.length ?? 0).toBeGreaterThan(10);
  return body;
}

// --- The browser half of the three-legged flow, step by step ---

const pkce = (): { verifier: string; challenge: string } => {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

interface Page extends Res {
  cookie: string;
  fields: Record<string, string>;
  alert?: string;
}

function asPage(res: Res, cookie: string): Page {
  const fields = Object.fromEntries([...res.text.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1] as string, m[2] as string]));
  const alert = /role="alert"[^>]*>([^<]*)</.exec(res.text)?.[1];
  return { ...res, cookie, fields, ...(alert !== undefined ? { alert } : {}) };
}

function authorizeQuery(overrides: Record<string, string | null> = {}): string {
  const params: Record<string, string | null> = { client_id: DEMO_APP.key, response_type: 'code', redirect_uri: LOOPBACK, scope: 'read write', state: 'st-42', ...overrides };
  const kept = Object.entries(params).filter((e): e is [string, string] => e[1] !== null);
  return new URLSearchParams(kept).toString();
}

async function openLogin(overrides: Record<string, string | null> = {}): Promise<Page> {
  const res = await request(sandbox, 'GET', `${AUTHORIZE}?${authorizeQuery(overrides)}`);
  return asPage(res, (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
}

async function submit(page: Page, fields: Record<string, string>, cookie = page.cookie): Promise<Page> {
  const res = await request(sandbox, 'POST', AUTHORIZE, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body: new URLSearchParams({ ...page.fields, ...fields }).toString(),
  });
  return asPage(res, cookie);
}

/** Login page -> password -> consent page. */
async function signIn(overrides: Record<string, string | null> = {}, userName = 'instructor'): Promise<Page> {
  const login = await openLogin(overrides);
  expect(login.status, login.text).toBe(200);
  const consent = await submit(login, { username: userName, password: DEMO_PASSWORD });
  expect(consent.status).toBe(200);
  expect(consent.fields.step).toBe('consent');
  return consent;
}

/** Where the 302 sends the browser, as a URL. */
function location(res: Res): URL {
  expect(res.status, res.text).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

/** A code for the instructor via the pages (Allow), with the verifier when PKCE is used. */
async function authorize(scope = 'read write', usePkce = true): Promise<{ code: string; verifier?: string }> {
  const challenge = usePkce ? pkce() : undefined;
  const consent = await signIn({ scope, ...(challenge ? { code_challenge: challenge.challenge, code_challenge_method: 'S256' } : {}) });
  const back = location(await submit(consent, { decision: 'allow' }));
  const code = back.searchParams.get('code') ?? '';
  expect(code).not.toBe('');
  return { code, ...(challenge ? { verifier: challenge.verifier } : {}) };
}

const exchange = (code: string, verifier?: string, redirectUri = LOOPBACK): Promise<Res> =>
  tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...(verifier ? { code_verifier: verifier } : {}) });

async function tokenInfo(accessToken: string | null, target = sandbox): Promise<Res> {
  return request(target, 'GET', `${TOKEN_INFO}${accessToken === null ? '' : `?access_token=${encodeURIComponent(accessToken)}`}`);
}

const instructorUuid = (): string => sandbox.context().directory.user('userName:instructor').uuid ?? '';

describe('Request Token: client_credentials (basic flow)', () => {
  it('issues a one-hour bearer token with no user, scope or refresh token', async () => {
    const token = expectToken(await tokenRequest({ grant_type: 'client_credentials' }));
    expect(token.token_type).toBe('bearer');
    expect(token.expires_in).toBeGreaterThanOrEqual(3599);
    expect(token.expires_in).toBeLessThanOrEqual(3600);
    expect(token.refresh_token).toBeUndefined();
    expect(token.user_id).toBeUndefined();
  });

  it('returns the same live token again, with less time left', async () => {
    const first = expectToken(await tokenRequest({ grant_type: 'client_credentials' }));
    await call(sandbox, null, 'POST', '/__sandbox/clock', { advanceMs: 600_000 });
    const second = expectToken(await tokenRequest({ grant_type: 'client_credentials' }));
    expect(second.access_token).toBe(first.access_token);
    expect(first.expires_in - second.expires_in).toBeGreaterThanOrEqual(599);
    expect(first.expires_in - second.expires_in).toBeLessThanOrEqual(601);
  });

  it('issues a new token once the old one has expired', async () => {
    const first = expectToken(await tokenRequest({ grant_type: 'client_credentials' }));
    await call(sandbox, null, 'POST', '/__sandbox/clock', { advanceMs: (first.expires_in + 1) * 1000 });
    const second = expectToken(await tokenRequest({ grant_type: 'client_credentials' }));
    expect(second.access_token).not.toBe(first.access_token);
  });

  it('reads the parameters from the query string', async () => {
    const res = await request(sandbox, 'POST', `${TOKEN}?grant_type=client_credentials`, { headers: { Authorization: basicAuthHeader() } });
    expectToken(res);
  });

  it('answers 401 invalid_client for a wrong secret, an unknown key, or no credentials', async () => {
    const wrongSecret = await tokenRequest({ grant_type: 'client_credentials' }, { auth: basicAuthHeader(DEMO_APP.key, 'not-the-secret') });
    expectOAuthError(wrongSecret, 401, 'invalid_client');
    expect(wrongSecret.headers.get('www-authenticate')).toMatch(/^Basic /);
    expectOAuthError(await tokenRequest({ grant_type: 'client_credentials' }, { auth: basicAuthHeader('no-such-key', DEMO_APP.secret) }), 401, 'invalid_client');
    expectOAuthError(await tokenRequest({ grant_type: 'client_credentials' }, { auth: null }), 401, 'invalid_client');
  });

  it('answers 400 for a missing or unsupported grant_type', async () => {
    expectOAuthError(await tokenRequest({}), 400, 'invalid_request');
    const password = expectOAuthError(await tokenRequest({ grant_type: 'password', username: 'instructor', password: 'demo' }), 400, 'unsupported_grant_type');
    expect(password.error_description).toContain("'password'");
  });

  it('answers 400 invalid_request for a parameter sent twice, a JSON body, or a secret in the parameters', async () => {
    expectOAuthError(await tokenRequest({ grant_type: 'client_credentials' }, { query: { grant_type: 'client_credentials' } }), 400, 'invalid_request');
    const json = await request(sandbox, 'POST', TOKEN, {
      headers: { Authorization: basicAuthHeader(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    expectOAuthError(json, 400, 'invalid_request');
    expectOAuthError(await tokenRequest({ grant_type: 'client_credentials', client_secret: DEMO_APP.secret }), 400, 'invalid_request');
  });

  it('honours the token lifetime setting, and an expired token stops working', async () => {
    const short = await withSandbox({ tokenLifetimeSeconds: 5 });
    try {
      const token = expectToken(await tokenRequest({ grant_type: 'client_credentials' }, { target: short }));
      expect(token.expires_in).toBe(5);
      expect((await tokenInfo(token.access_token, short)).status).toBe(200);
      await call(short, null, 'POST', '/__sandbox/clock', { advanceMs: 6_000 });
      const after = await tokenInfo(token.access_token, short);
      expect(after.status).toBe(400);
      expect(expectValid('GET', TOKEN_INFO, after, OAuthErrorBody).error).toBe('invalid_token');
    } finally {
      await short.close();
    }
  });
});

describe('Authorization code endpoint: login and consent pages', () => {
  it('serves an accessible login page with a strict CSP and no external resources', async () => {
    const page = await openLogin();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.text).toContain('<html lang="en">');
    expect(page.text).toMatch(/<title>Sign in/);
    expect(page.text).toContain('<label for="username">Username</label>');
    expect(page.text).toContain('<label for="password">Password</label>');
    expect(page.text).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);
    expect(page.fields.pending).toBeTruthy();
    expect(page.fields.csrf).toBeTruthy();
    expect(page.cookie).toMatch(/^learn_oauth_browser=/);
    expect(page.headers.get('set-cookie')).toMatch(/HttpOnly/);
  });

  it('shows the login page again with a visible error after a wrong password, then signs in', async () => {
    const login = await openLogin();
    const again = await submit(login, { username: 'instructor', password: 'wrong' });
    expect(again.status).toBe(200);
    expect(again.alert).toMatch(/username or password is incorrect/);
    expect(again.fields.step).toBe('login');
    expect(again.fields.csrf).not.toBe(login.fields.csrf);
    const consent = await submit(again, { username: 'instructor', password: DEMO_PASSWORD });
    expect(consent.fields.step).toBe('consent');
  });

  it('lists what the app asks for on the consent page, and redirects the code with the state on Allow', async () => {
    const consent = await signIn({ scope: 'read write offline' });
    expect(consent.text).toContain(`Allow ${DEMO_APP.name} to use your Learn account?`);
    expect(consent.text).toContain('Maya Okafor (instructor)');
    expect(consent.text).toContain('See your courses');
    expect(consent.text).toContain('Keep this access when you are not signed in');
    expect(consent.text).not.toContain('Delete records');
    // The redirect after Allow is a form navigation: CSP form-action must let it reach the app.
    expect(consent.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:53682");
    const back = location(await submit(consent, { decision: 'allow' }));
    expect(`${back.origin}${back.pathname}`).toBe(LOOPBACK);
    expect(back.searchParams.get('state')).toBe('st-42');
    expect(back.searchParams.get('code')).toMatch(/^[\w-]{40,}$/);
  });

  it('redirects access_denied with the state on Deny', async () => {
    const back = location(await submit(await signIn(), { decision: 'deny' }));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-42');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('refuses a form with a stale CSRF token, or from a browser without the sign-in cookie', async () => {
    const login = await openLogin();
    const stale = await submit(login, { csrf: 'forged' });
    expect(stale.status).toBe(403);
    expect(stale.alert).toMatch(/out of date/);
    const otherBrowser = await submit(login, { username: 'instructor', password: DEMO_PASSWORD }, 'learn_oauth_browser=someone-else');
    expect(otherBrowser.status).toBe(403);
    expect(otherBrowser.alert).toMatch(/another browser/);
  });

  it('gives up after five wrong passwords and tells the app access_denied', async () => {
    let page = await openLogin();
    for (let i = 0; i < 4; i++) page = await submit(page, { username: 'instructor', password: `nope-${i}` });
    expect(page.alert).toBeTruthy();
    const back = location(await submit(page, { username: 'instructor', password: 'nope-5' }));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-42');
  });

  it('shows an error page, never a redirect, for a redirect_uri that is neither registered nor loopback', async () => {
    for (const uri of ['https://evil.example.com/callback', 'http://localhost:53682/callback', 'https://127.0.0.1:53682/callback']) {
      const page = await openLogin({ redirect_uri: uri });
      expect(page.status, uri).toBe(400);
      expect(page.headers.get('location')).toBeNull();
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.alert).toContain(`redirect_uri &#39;${uri}&#39;`);
    }
  });

  it('accepts the registered redirect URI and IPv6 loopback on any port', async () => {
    expect((await openLogin({ redirect_uri: 'https://rollbook.example.edu/oauth/callback' })).status).toBe(200);
    const v6 = await signIn({ redirect_uri: 'http://[::1]:61000/cb' });
    // CSP cannot spell an IPv6 literal, so the consent form may reach any host on that port over http.
    expect(v6.headers.get('content-security-policy')).toContain("form-action 'self' http://*:61000;");
    const back = location(await submit(v6, { decision: 'allow' }));
    expect(back.host).toBe('[::1]:61000');
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('shows an error page for an unknown client_id, naming the application ID mistake', async () => {
    const unknown = await openLogin({ client_id: 'nobody' });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('location')).toBeNull();
    const appId = await openLogin({ client_id: DEMO_APP.applicationId });
    expect(appId.status).toBe(400);
    expect(appId.alert).toContain('client_id must be the application key');
  });

  it('redirects other request errors to the app with the state', async () => {
    const cases: [Record<string, string | null>, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ response_type: null }, 'invalid_request'],
      [{ scope: 'read,write' }, 'invalid_scope'],
      [{ scope: 'read admin' }, 'invalid_scope'],
      [{ scope: null }, 'invalid_scope'],
      [{ code_challenge: pkce().challenge, code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: pkce().challenge, code_challenge_method: null }, 'invalid_request'],
      [{ code_challenge: 'short', code_challenge_method: 'S256' }, 'invalid_request'],
    ];
    for (const [overrides, error] of cases) {
      const back = location(await openLogin(overrides));
      expect(back.searchParams.get('error'), JSON.stringify(overrides)).toBe(error);
      expect(back.searchParams.get('error_description')).toBeTruthy();
      expect(back.searchParams.get('state')).toBe('st-42');
    }
  });
});

describe('Request Token: authorization_code (three-legged flow with PKCE)', () => {
  it('exchanges the code for a token that acts as the signed-in user', async () => {
    const { code, verifier } = await authorize('read write');
    const token = expectToken(await exchange(code, verifier));
    expect(token.expires_in).toBe(3600);
    expect(token.scope).toBe('read write');
    expect(token.user_id).toBe(instructorUuid());
    expect(token.refresh_token).toBeUndefined();
    const info = await tokenInfo(token.access_token);
    expect(info.status).toBe(200);
    expect(expectValid('GET', TOKEN_INFO, info, TokenInfo)).toEqual({ application_id: DEMO_APP.applicationId, scope: 'read write' });
    const meetings = await call(sandbox, token.access_token, 'GET', MEETINGS);
    expect(meetings.status, meetings.text).toBe(200);
    expectValid('GET', MEETINGS, meetings, pagedEnvelope(z.unknown()));
  });

  it('accepts code and redirect_uri in the query, as Learn documents', async () => {
    const { code, verifier } = await authorize();
    expectToken(await tokenRequest({ grant_type: 'authorization_code' }, { query: { code, redirect_uri: LOOPBACK, code_verifier: verifier ?? '' } }));
  });

  it('works without PKCE when the authorization request had no challenge', async () => {
    const { code } = await authorize('read', false);
    expect(expectToken(await exchange(code)).scope).toBe('read');
  });

  it('answers 400 invalid_grant for a verifier that does not match, and the code is then spent', async () => {
    const { code, verifier } = await authorize();
    const mismatch = expectOAuthError(await exchange(code, pkce().verifier), 400, 'invalid_grant');
    expect(mismatch.error_description).toContain('code_verifier does not match');
    expectOAuthError(await exchange(code, verifier), 400, 'invalid_grant');
  });

  it('answers 400 when the verifier is missing, malformed, or sent for a code without a challenge', async () => {
    const first = await authorize();
    expectOAuthError(await exchange(first.code), 400, 'invalid_request');
    const second = await authorize();
    const short = expectOAuthError(await exchange(second.code, 'abc'), 400, 'invalid_request');
    expect(short.error_description).toContain('3 characters');
    const plain = await authorize('read', false);
    expectOAuthError(await exchange(plain.code, pkce().verifier), 400, 'invalid_grant');
  });

  it('answers 400 invalid_grant for a reused code and revokes the token it bought', async () => {
    const { code, verifier } = await authorize();
    const token = expectToken(await exchange(code, verifier));
    const reused = expectOAuthError(await exchange(code, verifier), 400, 'invalid_grant');
    expect(reused.error_description).toContain('already used');
    expect((await tokenInfo(token.access_token)).status).toBe(400);
  });

  it('answers 400 invalid_grant for a redirect_uri other than the one used at authorization', async () => {
    const { code, verifier } = await authorize();
    const res = expectOAuthError(await exchange(code, verifier, 'http://127.0.0.1:53682/other'), 400, 'invalid_grant');
    expect(res.error_description).toContain('redirect_uri');
  });

  it('answers 400 invalid_grant for an expired code', async () => {
    const { code, verifier } = await authorize();
    await call(sandbox, null, 'POST', '/__sandbox/clock', { advanceMs: (sandbox.context().settings.authCodeLifetimeSeconds + 1) * 1000 });
    expect(expectOAuthError(await exchange(code, verifier), 400, 'invalid_grant').error_description).toContain('expired');
  });

  it('answers 400 for an unknown code or a missing redirect_uri, and 401 without the app secret', async () => {
    expectOAuthError(await exchange('no-such-code', pkce().verifier), 400, 'invalid_grant');
    const { code, verifier } = await authorize();
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code, code_verifier: verifier ?? '' }), 400, 'invalid_request');
    const again = await authorize();
    const res = await tokenRequest({ grant_type: 'authorization_code', code: again.code, redirect_uri: LOOPBACK, code_verifier: again.verifier ?? '' }, { auth: null });
    expectOAuthError(res, 401, 'invalid_client');
  });

  it('signs in through userTokenViaLogin, and a read-only token cannot write', async () => {
    const readOnly = await userTokenViaLogin(sandbox, 'instructor', DEMO_PASSWORD, ['read']);
    const res = await call(sandbox, readOnly, 'POST', MEETINGS, { title: 'Week 1' });
    expect(res.status).toBe(403);
    expect(expectValid('POST', MEETINGS, res, ErrorBody).message).toContain("'write' scope");
  });
});

describe('Request Token: refresh_token', () => {
  it('gives a refresh token only when offline was granted', async () => {
    const { code, verifier } = await authorize('read write');
    expect(expectToken(await exchange(code, verifier)).refresh_token).toBeUndefined();
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'made-up', redirect_uri: LOOPBACK }), 400, 'invalid_grant');
  });

  it('refreshes with rotation; replaying a rotated refresh token revokes the sign-in', async () => {
    const { code, verifier } = await authorize('read write offline');
    const first = expectToken(await exchange(code, verifier));
    expect(first.scope).toBe('read write offline');
    expect(first.refresh_token).toBeTruthy();
    const refreshed = expectToken(await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '', redirect_uri: LOOPBACK }));
    expect(refreshed.access_token).not.toBe(first.access_token);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.user_id).toBe(instructorUuid());
    expect((await tokenInfo(refreshed.access_token)).status).toBe(200);

    const replay = expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '', redirect_uri: LOOPBACK }), 400, 'invalid_grant');
    expect(replay.error_description).toContain('already used');
    expect((await tokenInfo(refreshed.access_token)).status).toBe(400);
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshed.refresh_token ?? '', redirect_uri: LOOPBACK }), 400, 'invalid_grant');
  });

  it('needs the sign-in redirect_uri, and may narrow but not widen the scope', async () => {
    const { code, verifier } = await authorize('read write offline');
    const token = expectToken(await exchange(code, verifier));
    const refresh = (extra: Record<string, string>): Promise<Res> => tokenRequest({ grant_type: 'refresh_token', refresh_token: token.refresh_token ?? '', ...extra });
    expectOAuthError(await refresh({}), 400, 'invalid_request');
    expectOAuthError(await refresh({ redirect_uri: 'http://127.0.0.1:1/elsewhere' }), 400, 'invalid_grant');
    expectOAuthError(await refresh({ redirect_uri: LOOPBACK, scope: 'read delete' }), 400, 'invalid_scope');
    const narrowed = expectToken(await refresh({ redirect_uri: LOOPBACK, scope: 'read' }));
    expect(narrowed.scope).toBe('read');
    expect((await tokenInfo(narrowed.access_token)).json).toEqual({ application_id: DEMO_APP.applicationId, scope: 'read' });
  });
});

describe('Get Token Info', () => {
  it('describes a basic-flow token', async () => {
    const res = await tokenInfo(await systemToken(sandbox));
    expect(res.status).toBe(200);
    expect(expectValid('GET', TOKEN_INFO, res, TokenInfo)).toEqual({ application_id: DEMO_APP.applicationId, scope: 'read write delete' });
  });

  it('answers 400 invalid_request without access_token and 400 invalid_token for an unknown one', async () => {
    const missing = await tokenInfo(null);
    expect(missing.status).toBe(400);
    expect(expectValid('GET', TOKEN_INFO, missing, OAuthErrorBody).error).toBe('invalid_request');
    const unknown = await tokenInfo('not-a-token');
    expect(unknown.status).toBe(400);
    expect(expectValid('GET', TOKEN_INFO, unknown, OAuthErrorBody).error).toBe('invalid_token');
  });
});

describe('Expired tokens on Learn calls', () => {
  it('answers 401 "Bearer token is invalid" once /__sandbox/tokens/expire has run', async () => {
    const token = await userTokenViaLogin(sandbox, 'instructor', DEMO_PASSWORD, ['read']);
    expect((await call(sandbox, token, 'GET', MEETINGS)).status).toBe(200);
    await call(sandbox, null, 'POST', '/__sandbox/tokens/expire');
    const res = await call(sandbox, token, 'GET', MEETINGS);
    expect(res.status).toBe(401);
    expect(expectValid('GET', MEETINGS, res, ErrorBody)).toMatchObject({ status: 401, message: 'Bearer token is invalid' });
  });
});
