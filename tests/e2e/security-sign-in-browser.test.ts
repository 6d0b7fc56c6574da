import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../sandbox/modules/institution';
import type { RunningSandbox } from '../../sandbox/server';
import { configureLogger } from '../../shared/logger';
import { connectError, sessionRig, tokenPosts } from '../integration/auth-support';
import { launchChromium } from '../support/browser';
import { withSandbox } from '../support/sandbox';

/**
 * The real sign-in (LearnSession, its loopback listener, the sandbox's login and consent pages)
 * with a real Chromium as the system browser. While the instructor is on Learn's pages, a page on
 * another origin in the same browser tries to plant its own code at the listener (fetch, <img>,
 * <iframe>): every attempt is refused, the sign-in goes on, and the one code exchanged is the
 * instructor's. This also proves the listener's "made by another page" rule lets Chromium's own
 * redirect (after the consent form's POST) through.
 */
let sandbox: RunningSandbox;
let browser: Browser;
let evil: Server;
let evilOrigin = '';

beforeAll(async () => {
  configureLogger({ level: 'error' });
  sandbox = await withSandbox();
  browser = await launchChromium();
  // The attacker's page: served from another origin, it takes the target URL from its query.
  evil = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><title>Cute cats</title><script>
      const target = new URLSearchParams(location.search).get('target');
      window.attempts = { fetch: 'pending' };
      fetch(target, { mode: 'no-cors' }).then(() => (window.attempts.fetch = 'sent'), () => (window.attempts.fetch = 'failed'));
      fetch(target).then(() => (window.attempts.cors = 'answered'), () => (window.attempts.cors = 'failed'));
      const img = new Image(); img.src = target + '&via=img';
      const frame = document.createElement('iframe'); frame.src = target + '&via=iframe'; document.body.appendChild(frame);
    </script>`);
  });
  await new Promise<void>((resolve) => evil.listen(0, 'localhost', resolve));
  evilOrigin = `http://localhost:${(evil.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (evil ? evil.close(() => resolve()) : resolve()));
  await sandbox?.close();
  configureLogger({ level: 'info' });
});

describe('signing in with Chromium as the system browser', () => {
  it('refuses codes planted by another page and completes with the instructor’s own', async () => {
    let learnPage: Page | undefined;
    let attackerPage: Page | undefined;
    let redirectUri = '';
    const rig = await sessionRig(sandbox, async (url) => {
      redirectUri = new URL(url).searchParams.get('redirect_uri') ?? '';
      const state = new URL(url).searchParams.get('state') ?? '';
      // The attacker knows the port (it can scan) and even, at worst, the state.
      attackerPage = await browser.newPage();
      const planted = `${redirectUri}?code=ATTACKER-CODE&state=${encodeURIComponent(state)}`;
      await attackerPage.goto(`${evilOrigin}/?target=${encodeURIComponent(planted)}`);
      await expect.poll(() => attackerPage!.evaluate(() => (window as unknown as { attempts: Record<string, string> }).attempts), { timeout: 15_000 }).toMatchObject({ fetch: 'sent', cors: 'failed' });

      learnPage = await browser.newPage();
      await learnPage.goto(url);
      await learnPage.getByLabel('Username').fill('instructor');
      await learnPage.getByLabel('Password').fill(DEMO_PASSWORD);
      await learnPage.getByRole('button', { name: 'Sign in' }).click();
      await learnPage.getByRole('button', { name: 'Allow' }).click();
    });
    const signedIn = await rig.session.signIn();
    expect(signedIn.status).toBe('signed-in');
    // One code exchanged: the instructor's (the planted one would have failed the exchange).
    expect(await tokenPosts(sandbox)).toBe(1);
    await expect.poll(() => learnPage?.textContent('body'), { timeout: 15_000 }).toMatch(/close this (window|tab)|signed in/i);
    expect(await connectError(Number(new URL(redirectUri).port))).toBe('ECONNREFUSED');
    await attackerPage?.close();
    await learnPage?.close();
  }, 90_000);
});
