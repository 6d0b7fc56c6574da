import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../sandbox/core/context';
import { DEMO_PASSWORD } from '../../sandbox/modules/institution';
import type { RunningSandbox } from '../../sandbox/server';
import { TokenInfo, TokenResponse } from '../../shared/api/oauth';
import { launchChromium } from '../support/browser';
import { basicAuthHeader, withSandbox } from '../support/sandbox';

/**
 * The sandbox's sign-in pages in a real Chromium, as a user meets them in demo mode: the app's
 * loopback listener is the redirect target, the user signs in and allows, the app exchanges the code.
 */

let sandbox: RunningSandbox;
let browser: Browser;
let listener: Server;
let callbackUrl = '';
/** Query strings of the callbacks the loopback listener received, in order. */
const callbacks: URLSearchParams[] = [];

beforeAll(async () => {
  sandbox = await withSandbox();
  listener = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // Chromium also asks for /favicon.ico: only the callback path counts.
    if (url.pathname !== '/rollbook/callback') {
      res.writeHead(404).end();
      return;
    }
    callbacks.push(url.searchParams);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><title>Signed in</title><p>You can close this window.</p></html>');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/rollbook/callback`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  await sandbox?.close();
});

function authorizeUrl(state: string, challenge: string): string {
  const query = new URLSearchParams({
    client_id: DEMO_APP.key,
    response_type: 'code',
    redirect_uri: callbackUrl,
    scope: 'read write offline',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${sandbox.learnUrl}/api/public/v1/oauth2/authorizationcode?${query.toString()}`;
}

async function openSignIn(page: Page, state: string, challenge: string): Promise<void> {
  await page.goto(authorizeUrl(state, challenge));
  expect(await page.title()).toMatch(/^Sign in/);
}

describe('Sandbox sign-in in Chromium', () => {
  it('signs in, allows, and hands the app a code it can exchange', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const state = randomBytes(12).toString('base64url');
    const page = await browser.newPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });

    await openSignIn(page, state, challenge);
    await page.getByLabel('Username').fill('instructor');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Allow ${DEMO_APP.name} to use your Learn account?`);
    await expect.poll(() => page.getByRole('listitem').allTextContents()).toHaveLength(3);
    await page.getByRole('button', { name: 'Allow' }).click();

    await page.waitForURL((url) => url.toString().startsWith(callbackUrl));
    await expect.poll(() => page.textContent('p')).toBe('You can close this window.');
    expect(cspViolations).toEqual([]);
    await page.close();

    expect(callbacks).toHaveLength(1);
    const received = callbacks[0];
    expect(received?.get('state')).toBe(state);
    const code = received?.get('code') ?? '';
    expect(code).not.toBe('');

    const res = await fetch(`${sandbox.learnUrl}/api/public/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: basicAuthHeader(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: callbackUrl, code_verifier: verifier }).toString(),
    });
    expect(res.status).toBe(200);
    const token = TokenResponse.parse(await res.json());
    expect(token.refresh_token).toBeTruthy();
    expect(token.user_id).toBe(sandbox.context().directory.user('userName:instructor').uuid);

    const info = await fetch(`${sandbox.learnUrl}/api/public/v1/oauth2/tokeninfo?access_token=${encodeURIComponent(token.access_token)}`);
    expect(info.status).toBe(200);
    expect(TokenInfo.parse(await info.json())).toEqual({ application_id: DEMO_APP.applicationId, scope: token.scope });
  });

  it('shows the error on the page after a wrong password', async () => {
    const page = await browser.newPage();
    const before = callbacks.length;
    await openSignIn(page, 'wrong-password', createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'));
    await page.getByLabel('Username').fill('instructor');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The username or password is incorrect. Check both and try again.');
    await expect.poll(() => page.getByLabel('Username').inputValue()).toBe('instructor');
    await expect.poll(() => page.getByLabel('Password').inputValue()).toBe('');
    expect(callbacks.length).toBe(before);
    await page.close();
  });
});
