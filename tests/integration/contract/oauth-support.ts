import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/server';
import { DEMO_APP } from '../../../sandbox/core/context';
import { DEMO_PASSWORD } from '../../../sandbox/modules/institution';
import { OAuthErrorBody } from '../../../shared/api/common';
import { TokenInfo, TokenResponse } from '../../../shared/api/oauth';
import { expectValid } from '../../support/contract';
import { basicAuthHeader, withSandbox } from '../../support/sandbox';

/**
 * Helpers of the OAuth contract tests (oauth-basic, oauth-pages, oauth-code): Learn's OAuth 2.0 in
 * the sandbox (seed 000 "OAuth" and "Authentication"; statuses 200, 400, 401), driven over HTTP,
 * as the app's client will. Each test file calls useOAuthSandbox() once and gets its own sandbox.
 */

export const TOKEN = '/learn/api/public/v1/oauth2/token';
export const AUTHORIZE = '/learn/api/public/v1/oauth2/authorizationcode';
export const TOKEN_INFO = '/learn/api/public/v1/oauth2/tokeninfo';
export const MEETINGS = '/learn/api/public/v1/courses/courseId:PSYC-101-F26/meetings';
export const LOOPBACK = 'http://127.0.0.1:53682/rollbook/site-1/callback';

let running: RunningSandbox | undefined;

/** Registers the hooks that start a sandbox before the file's tests and close it after them. */
export function useOAuthSandbox(): void {
  beforeAll(async () => {
    running = await withSandbox({ tokenErrorBody: 'oauth' });
  });
  afterAll(async () => {
    await currentSandbox().close();
    running = undefined;
  });
}

/** The sandbox started by useOAuthSandbox(); only inside tests (and hooks after its beforeAll). */
export function currentSandbox(): RunningSandbox {
  if (!running) throw new Error('No OAuth sandbox is running: call useOAuthSandbox() at the top level of the test file.');
  return running;
}

export interface Res {
  status: number;
  headers: Headers;
  json: unknown;
  text: string;
}

export async function request(target: RunningSandbox, method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<Res> {
  // The control API wants this run's token (sandbox/control.ts).
  const headers = path.startsWith('/__sandbox/') ? { ...init.headers, 'X-Sandbox-Control': target.controlToken } : init.headers;
  const res = await fetch(`${target.origin}${path}`, { method, redirect: 'manual', ...init, ...(headers ? { headers } : {}) });
  const text = await res.text();
  const json: unknown = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : undefined;
  return { status: res.status, headers: res.headers, json, text };
}

/** POST the token endpoint: form body, optional query, Basic auth unless `auth` says otherwise. */
export function tokenRequest(params: Record<string, string>, options: { query?: Record<string, string>; auth?: string | null; target?: RunningSandbox } = {}): Promise<Res> {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const auth = options.auth === undefined ? basicAuthHeader() : options.auth;
  if (auth !== null) headers.Authorization = auth;
  const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  return request(options.target ?? currentSandbox(), 'POST', `${TOKEN}${query}`, { headers, body: new URLSearchParams(params).toString() });
}

export function expectToken(res: Res): TokenResponse {
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return expectValid('POST', TOKEN, res, TokenResponse);
}

export function expectOAuthError(res: Res, status: number, error: string): OAuthErrorBody {
  expect(res.status, res.text).toBe(status);
  const body = expectValid('POST', TOKEN, res, OAuthErrorBody);
  expect(body.error).toBe(error);
  expect(body.error_description?.length ?? 0).toBeGreaterThan(10);
  return body;
}

/** Get Token Info's 200: the token is live; returns {application_id, scope}. */
export function expectTokenInfo(res: Res): TokenInfo {
  expect(res.status, res.text).toBe(200);
  return expectValid('GET', TOKEN_INFO, res, TokenInfo);
}

/** Get Token Info's 400 with the RFC 6749/6750 error name (`invalid_token` for a dead token). */
export function expectTokenInfoError(res: Res, error: string): OAuthErrorBody {
  expect(res.status, res.text).toBe(400);
  const body = expectValid('GET', TOKEN_INFO, res, OAuthErrorBody);
  expect(body.error).toBe(error);
  return body;
}

/** A control-API call (/__sandbox/...: clock, token expiry); not a Learn operation, so only its status is checked. */
export async function control(target: RunningSandbox, path: string, body?: unknown): Promise<void> {
  const res = await request(target, 'POST', path, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) });
  expect(res.status, `${path}: ${res.text}`).toBe(200);
}

// --- The browser half of the three-legged flow, step by step ---

export const pkce = (): { verifier: string; challenge: string } => {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export interface Page extends Res {
  cookie: string;
  fields: Record<string, string>;
  alert?: string;
}

/** An HTML page of the authorization endpoint: its status and that it is HTML. */
export function expectPage(page: Page, status: number): Page {
  expect(page.status, page.text).toBe(status);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  return page;
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

export async function openLogin(overrides: Record<string, string | null> = {}): Promise<Page> {
  const res = await request(currentSandbox(), 'GET', `${AUTHORIZE}?${authorizeQuery(overrides)}`);
  return asPage(res, (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
}

export async function submit(page: Page, fields: Record<string, string>, cookie = page.cookie): Promise<Page> {
  const res = await request(currentSandbox(), 'POST', AUTHORIZE, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body: new URLSearchParams({ ...page.fields, ...fields }).toString(),
  });
  return asPage(res, cookie);
}

/** Login page -> password -> consent page. */
export async function signIn(overrides: Record<string, string | null> = {}, userName = 'instructor'): Promise<Page> {
  const login = await openLogin(overrides);
  expect(login.status, login.text).toBe(200);
  expectPage(login, 200);
  const consent = await submit(login, { username: userName, password: DEMO_PASSWORD });
  expect(consent.status).toBe(200);
  expectPage(consent, 200);
  expect(consent.fields.step).toBe('consent');
  return consent;
}

/** Where the 302 sends the browser, as a URL. */
export function location(res: Res): URL {
  expect(res.status, res.text).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

/** A code for the instructor via the pages (Allow), with the verifier when PKCE is used. */
export async function authorize(scope = 'read write', usePkce = true): Promise<{ code: string; verifier?: string }> {
  const challenge = usePkce ? pkce() : undefined;
  const consent = await signIn({ scope, ...(challenge ? { code_challenge: challenge.challenge, code_challenge_method: 'S256' } : {}) });
  const back = location(await submit(consent, { decision: 'allow' }));
  const code = back.searchParams.get('code') ?? '';
  expect(code).not.toBe('');
  return { code, ...(challenge ? { verifier: challenge.verifier } : {}) };
}

export const exchange = (code: string, verifier?: string, redirectUri = LOOPBACK): Promise<Res> =>
  tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...(verifier ? { code_verifier: verifier } : {}) });

export async function tokenInfo(accessToken: string | null, target: RunningSandbox = currentSandbox()): Promise<Res> {
  return request(target, 'GET', `${TOKEN_INFO}${accessToken === null ? '' : `?access_token=${encodeURIComponent(accessToken)}`}`);
}

export const instructorUuid = (): string => currentSandbox().context().directory.user('userName:instructor').uuid ?? '';
