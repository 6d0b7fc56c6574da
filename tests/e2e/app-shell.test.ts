import { describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { useDemoHost } from '../support/roll-call-ui';
import { openRollbook } from '../support/browser';
import { openSession } from '../support/browser-session';
import { checkScreen } from '../support/screen-check';

/** A GET with a forged Host header (fetch cannot set Host), as a DNS-rebinding page would send. */
function getWithHost(url: string, hostHeader: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { Host: hostHeader } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

// Browser mode end to end: the built renderer, served by the web host, reaching the core and
// the in-process sandbox through the IPC contract, under the real CSP.
describe('browser mode in demo mode', () => {
  const demo = useDemoHost();

  it('opens on the demo institution with the sandbox answering, without CSP violations', async () => {
    const page = await demo.browser.newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    await openRollbook(page, demo.host);
    await expect.poll(() => page.getByTestId('mode').textContent()).toBe('Demo mode');
    await expect.poll(() => page.getByTestId('sandbox-health').textContent(), { timeout: 10_000 }).toContain('6 demo courses are ready');
    await expect.poll(() => page.getByTestId('learn-site').textContent()).toBe(demo.host.sandbox?.learnUrl);
    expect(violations).toEqual([]);
    await page.close();
  });

  it('opens only from its launch link: the address alone shows how to open it, the link opens the app and leaves no key in the address bar', async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    await page.goto(demo.host.url);
    await page.getByRole('heading', { name: 'Rollbook is running, but this window was not opened from its launch link' }).waitFor();
    await expect.poll(() => page.getByTestId('mode').count()).toBe(0);
    await checkScreen(page, 'launch-directions');

    await openRollbook(page, demo.host);
    await expect.poll(() => page.getByTestId('mode').textContent()).toBe('Demo mode');
    expect(page.url()).toBe(demo.host.url);
    // A reload keeps it open: the cookie and the kept key come along.
    await page.reload();
    await expect.poll(() => page.getByTestId('mode').textContent()).toBe('Demo mode');

    // Another browser (another person's, or a page in another profile) has neither.
    const stranger = await (await demo.browser.newContext()).newPage();
    await stranger.goto(demo.host.url);
    await stranger.getByRole('heading', { name: /not opened from its launch link/ }).waitFor();
    await stranger.context().close();
    await context.close();
  });

  it('opens from a launch link clicked in another site’s page: its SameSite=Strict cookie still goes with the app’s calls', async () => {
    const context = await demo.browser.newContext();
    const page = await context.newPage();
    // A page of another site (a chat or mail page in the browser) holding the link.
    await page.route('http://elsewhere.example/', (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Mail</title><a href="${demo.host.launchUrl()}">Open Rollbook</a>` }),
    );
    await page.goto('http://elsewhere.example/');
    await page.getByRole('link', { name: 'Open Rollbook' }).click();
    await expect.poll(() => page.getByTestId('mode').textContent()).toBe('Demo mode');
    expect(page.url()).toBe(demo.host.url);
    await page.getByRole('button', { name: 'Sign in to the demo' }).waitFor();
    await expect.poll(() => page.getByTestId('sandbox-health').textContent(), { timeout: 10_000 }).toContain('demo courses are ready');
    await context.close();
  });

  it('refuses inline script and eval under the renderer CSP', async () => {
    const page = await demo.browser.newPage();
    await openRollbook(page, demo.host);
    await page.getByTestId('mode').waitFor();
    // page.evaluate's own code is exempt from CSP (DevTools protocol), so the checks run in a
    // timer callback: by then they are ordinary page code, under the page's policy.
    const result = await page.evaluate(
      () =>
        new Promise<{ inline: boolean; evalRan: boolean }>((resolve) => {
          setTimeout(() => {
            const s = document.createElement('script');
            s.textContent = 'window.__inlineRan = true';
            document.body.appendChild(s);
            let evalRan = false;
            try {
              evalRan = (0, eval)('true') as boolean;
            } catch {
              evalRan = false;
            }
            setTimeout(() => resolve({ inline: (window as unknown as { __inlineRan?: boolean }).__inlineRan === true, evalRan }), 50);
          }, 0);
        }),
    );
    expect(result.inline).toBe(false);
    expect(result.evalRan).toBe(false);
    await page.close();
  });

  it('refuses IPC calls without the launch cookie and key, with a wrong Host, or from another origin', async () => {
    const session = await openSession(demo.host);
    expect(await getWithHost(demo.host.url, `attacker.example:${demo.host.port}`)).toBe(421);
    expect(await getWithHost(demo.host.url, `127.0.0.1:${demo.host.port}`)).toBe(401);
    const ipc = `${demo.host.url}ipc/app.info`;
    const bare = await fetch(ipc, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: session.origin }, body: '{}' });
    expect(bare.status).toBe(403);
    const otherOrigin = await fetch(ipc, { method: 'POST', headers: { ...session.headers(), Origin: 'http://evil.example' }, body: '{}' });
    expect(otherOrigin.status).toBe(403);
    const good = await fetch(ipc, { method: 'POST', headers: session.headers(), body: '{}' });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ ok: true, value: { name: 'Rollbook', mode: 'demo', host: 'browser' } });
    const badRequest = await fetch(ipc, { method: 'POST', headers: session.headers(), body: '{"extra":1}' });
    expect(await badRequest.json()).toMatchObject({ ok: false, error: { name: 'InvalidRequest' } });
  });
});
