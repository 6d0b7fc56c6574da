import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RENDERER_CSP } from '../../electron/host/csp';
import { openRollbook, rendererDirOption } from '../support/browser';
import { createMeetingAndTakeRoll, openCourse, signInToDemo, useDemoHost, waitForMeetings } from '../support/roll-call-ui';
import { checkScreen } from '../support/screen-check';

/**
 * The renderer's Content Security Policy in Chromium (browser mode, demo, the real sandbox):
 * - the normal flows raise no `securitypolicyviolation`: sign in, courses, meetings, roll call,
 *   sync, then every course tab and every top tab that exists (screens other features are still
 *   building are walked as they are);
 * - an injected inline script, an inline style, eval and its cousins are refused;
 * - workers: the app's own worker files start, blob: and data: workers do not.
 */
interface Recorded {
  violations: string[];
}

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<Recorded> {
  const recorded: Recorded = { violations: [] };
  await page.exposeFunction('reportViolation', (v: string) => recorded.violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return recorded;
}

/** Waits until the page has no IPC call in flight (each screen loads through IPC). */
async function settle(page: Page, inflight: Set<unknown>): Promise<void> {
  await expect.poll(() => inflight.size, { timeout: 20_000 }).toBe(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Screen loads only: the roll call's photos load in the background for as long as the roster is long. */
function trackIpc(page: Page): Set<unknown> {
  const inflight = new Set<unknown>();
  page.on('request', (r) => void (r.url().includes('/ipc/') && !r.url().includes('/ipc/learn.photo') && inflight.add(r)));
  page.on('requestfinished', (r) => void inflight.delete(r));
  page.on('requestfailed', (r) => void inflight.delete(r));
  return inflight;
}

describe('the renderer CSP in Chromium', () => {
  const demo = useDemoHost();

  it('is sent with the page and its assets, and is the strict policy', async () => {
    const page = await demo.browser.newPage();
    await openRollbook(page, demo.host);
    const response = await page.reload();
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toBe(RENDERER_CSP);
    for (const directive of ["default-src 'none'", "script-src 'self'", "style-src 'self'", "worker-src 'self'", "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
    await page.close();
  });

  it('raises no violation in the normal flows: sign in, courses, roll call, sync, every tab', async () => {
    const page = await demo.browser.newPage();
    const recorded = await watchViolations(page);
    const inflight = trackIpc(page);
    // The app's own files (the page, scripts, fonts, its icon) all load: none answers an error.
    const missing: string[] = [];
    page.on('response', (r) => void (r.url().startsWith(demo.host.url) && !r.url().includes('/ipc/') && r.status() >= 400 && missing.push(`${r.status()} ${r.url()}`)));

    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    await createMeetingAndTakeRoll(page, { title: 'CSP walk', date: '2026-11-23', start: '11:00', end: '12:00' });
    await page.getByTestId('student-row').first().focus();
    await page.keyboard.press('a');
    await page.getByTestId('sync-now').click();
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 30_000 }).toBe('0 changes waiting');
    await settle(page, inflight);
    // Students' photos show from blob: URLs (img-src): at least one decoded before the check.
    const photoDecoded = () => page.getByTestId('student-photo').evaluateAll((imgs) => imgs.some((i) => i instanceof HTMLImageElement && i.complete && i.naturalWidth > 0));
    await expect.poll(photoDecoded, { timeout: 20_000 }).toBe(true);
    expect(recorded.violations).toEqual([]);

    // Back to the course (roll call is a step inside it), then every section of the course,
    // whatever sections exist when this runs.
    await page.getByRole('navigation', { name: 'Rollbook' }).getByRole('button', { name: 'Courses' }).click();
    await openCourse(page, 'PSYC-101-F26');
    await waitForMeetings(page);
    const courseTabs = page.getByRole('navigation', { name: /sections$/ }).getByRole('button');
    const sections = await courseTabs.allTextContents();
    expect(sections.length).toBeGreaterThanOrEqual(2);
    for (const name of sections) {
      await courseTabs.filter({ hasText: name }).first().click();
      await expect.poll(() => courseTabs.filter({ hasText: name }).first().getAttribute('aria-current')).toBe('page');
      await settle(page, inflight);
      expect(recorded.violations, `course tab ${name}`).toEqual([]);
      await checkScreen(page, `course-${name}`);
    }

    // And every top tab (Courses, Calendar, Announcements, ...).
    const topTabs = page.getByRole('navigation', { name: 'Rollbook' }).getByRole('button');
    const tops = await topTabs.allTextContents();
    expect(tops.length).toBeGreaterThanOrEqual(1);
    for (const name of tops) {
      await topTabs.filter({ hasText: name }).first().click();
      await expect.poll(() => topTabs.filter({ hasText: name }).first().getAttribute('aria-current')).toBe('page');
      await settle(page, inflight);
      expect(recorded.violations, `top tab ${name}`).toEqual([]);
      // The course list has its check in roll-call-online.
      if (name !== 'Courses') await checkScreen(page, name);
    }
    expect(await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href)).toMatch(/\/favicon\.svg$/);
    expect(missing).toEqual([]);
    await page.close();
  }, 180_000);

  it('refuses injected inline script, inline style, eval, Function and string timers', async () => {
    const page = await demo.browser.newPage();
    const recorded = await watchViolations(page);
    await openRollbook(page, demo.host);
    await page.getByTestId('mode').waitFor({ timeout: 15_000 });
    // page.evaluate's own code is exempt from CSP (it comes over the DevTools protocol), so the
    // attempts run in a timer callback: by then they are ordinary page code, under the policy.
    const ran = await page.evaluate(
      () =>
        new Promise<Record<string, boolean>>((resolve) => {
          setTimeout(() => {
            const w = window as unknown as Record<string, unknown>;
            const attempt = (f: () => unknown): boolean => {
              try {
                return f() === true;
              } catch {
                return false;
              }
            };
            const script = document.createElement('script');
            script.textContent = 'window.__inlineRan = true';
            document.body.appendChild(script);
            const handler = document.createElement('img');
            handler.setAttribute('onerror', 'window.__handlerRan = true');
            handler.src = '/no-such-image.png';
            document.body.appendChild(handler);
            const styled = document.createElement('div');
            styled.innerHTML = '<p style="color: rgb(255, 0, 0)">x</p>';
            document.body.appendChild(styled);
            const sheet = document.createElement('style');
            sheet.textContent = 'body { --injected: 1 }';
            document.head.appendChild(sheet);
            const results = {
              eval: attempt(() => (0, eval)('true')),
              // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the point: the CSP must refuse it
              Function: attempt(() => (new Function('return true') as () => boolean)()),
              stringTimer: false,
              inlineScript: false,
              inlineHandler: false,
              inlineStyle: false,
              styleElement: false,
            };
            (setTimeout as unknown as (code: string, ms: number) => void)('window.__timerRan = true', 0);
            setTimeout(() => {
              results.stringTimer = w.__timerRan === true;
              results.inlineScript = w.__inlineRan === true;
              results.inlineHandler = w.__handlerRan === true;
              results.inlineStyle = getComputedStyle(styled.firstElementChild as Element).color === 'rgb(255, 0, 0)';
              results.styleElement = getComputedStyle(document.body).getPropertyValue('--injected').trim() === '1';
              resolve(results);
            }, 300);
          }, 0);
        }),
    );
    expect(ran).toEqual({ eval: false, Function: false, stringTimer: false, inlineScript: false, inlineHandler: false, inlineStyle: false, styleElement: false });
    await expect.poll(() => recorded.violations.map((v) => v.split(' ')[0]).sort(), { timeout: 10_000 }).toEqual(expect.arrayContaining(['script-src-elem', 'script-src-attr', 'style-src-attr', 'style-src-elem']));
    expect(recorded.violations.some((v) => v.startsWith('script-src') && v.includes('eval'))).toBe(true);
    await page.close();
  });

  it('lets the app’s own worker files start, and refuses blob:, data: and remote workers', async () => {
    const rendererDir = rendererDirOption().rendererDir ?? join(process.cwd(), 'dist/renderer');
    const workerFile = readdirSync(join(rendererDir, 'assets')).find((f) => /^csv-worker-.*\.js$/.test(f));
    expect(workerFile, 'the built renderer has the CSV worker').toBeDefined();
    const page = await demo.browser.newPage();
    const recorded = await watchViolations(page);
    await openRollbook(page, demo.host);
    await page.getByTestId('mode').waitFor({ timeout: 15_000 });
    const outcome = await page.evaluate(
      (own) =>
        new Promise<Record<string, string>>((resolve) => {
          setTimeout(() => {
            const results: Record<string, string> = {};
            const tryWorker = (name: string, make: () => Worker): Promise<void> =>
              new Promise((done) => {
                let worker: Worker;
                try {
                  worker = make();
                } catch (e) {
                  results[name] = `refused: ${(e as Error).name}`;
                  return done();
                }
                worker.onerror = () => {
                  results[name] = 'refused: error event';
                  worker.terminate();
                  done();
                };
                // A worker that starts and is alive answers nothing but raises no error either.
                setTimeout(() => {
                  results[name] ??= 'started';
                  worker.terminate();
                  done();
                }, 1500);
              });
            void (async () => {
              await tryWorker('own', () => new Worker(`/assets/${own}`, { type: 'module' }));
              await tryWorker('blob', () => new Worker(URL.createObjectURL(new Blob(['postMessage(1)'], { type: 'text/javascript' }))));
              await tryWorker('data', () => new Worker('data:text/javascript,postMessage(1)'));
              await tryWorker('remote', () => new Worker('https://evil.example/worker.js'));
              resolve(results);
            })();
          }, 0);
        }),
      workerFile,
    );
    expect(outcome.own).toBe('started');
    for (const name of ['blob', 'data', 'remote']) expect(outcome[name], name).toMatch(/^refused/);
    await expect.poll(() => recorded.violations.filter((v) => v.startsWith('worker-src')).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(recorded.violations.some((v) => v.startsWith('worker-src') && v.includes('/assets/'))).toBe(false);
    await page.close();
  });
});
