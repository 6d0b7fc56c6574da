import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import { CHROMIUM_ARGS, CHROMIUM_PATH, openRollbook, rendererDirOption } from '../support/browser';
import { openCourse, signInToDemo, takeRoll, createMeetingAndTakeRoll } from '../support/roll-call-ui';

interface RunningChromium {
  readonly process: ChildProcess;
  readonly browser: Browser;
}

/** Starts Chromium ourselves on a persistent profile so the test owns its PID and can SIGKILL it. */
async function startChromium(profileDir: string): Promise<RunningChromium> {
  const child = spawn(CHROMIUM_PATH, [...CHROMIUM_ARGS, '--headless', '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group, so the kill takes its renderers and helpers down with it.
    detached: true,
  });
  const wsUrl = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools URL: ${seen}`)), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${String(code)}): ${seen}`));
    });
  });
  child.stderr?.resume();
  const browser = await chromium.connectOverCDP(wsUrl);
  return { process: child, browser };
}

async function kill(chrome: RunningChromium): Promise<void> {
  const { process: child } = chrome;
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGKILL');
  await exited;
}

/** Opens Rollbook, signs in to the demo if the host does not remember it, and opens the course. */
async function openSignedIn(page: Page, host: RunningWebHost): Promise<void> {
  await openRollbook(page, host);
  const signInButton = page.getByRole('button', { name: 'Sign in to the demo' });
  const course = page.getByRole('button', { name: /PSYC-101-F26/ });
  await expect.poll(async () => (await signInButton.count()) + (await course.count()), { timeout: 20_000 }).toBeGreaterThan(0);
  if ((await signInButton.count()) > 0) await signInButton.click();
  await openCourse(page, 'PSYC-101-F26');
}

async function openPage(chrome: RunningChromium): Promise<Page> {
  const context = chrome.browser.contexts()[0];
  if (!context) throw new Error('a persistent Chromium has a default context');
  return context.newPage();
}

// Marks saved on the device survive the browser being killed outright. Roll is taken
// with sync refused, Chromium is SIGKILLed, started again on the same profile and the same origin
// (the web host keeps its port), and every saved mark and every waiting change is still there.
describe('roll call survives a browser crash', () => {
  let host: RunningWebHost | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'rollbook-crash-data-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'rollbook-crash-profile-'));
  const started: RunningChromium[] = [];

  beforeAll(async () => {
    host = await startWebHost({ port: 0, demo: true, dataDir, ...rendererDirOption() });
  });
  afterAll(async () => {
    for (const chrome of started) await kill(chrome);
    await host?.close();
    rmSync(profileDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  it('keeps the saved marks and their waiting changes after Chromium is killed', async () => {
    if (!host) throw new Error('the web host starts in beforeAll');
    const title = 'E2E crash roll';

    const first = await startChromium(profileDir);
    started.push(first);
    let page = await openPage(first);
    await page.route('**/ipc/sync.push', (route) => route.abort('internetdisconnected'));
    await signInToDemo(page, host);
    await openCourse(page, 'PSYC-101-F26');
    await createMeetingAndTakeRoll(page, { title, date: '2026-11-26', start: '13:00', end: '14:15' });
    await page.getByTestId('student-row').first().focus();
    await page.keyboard.press('a');
    await page.keyboard.press('l');
    await page.keyboard.press('e');
    await page.keyboard.press('a');
    await expect.poll(() => page.getByTestId('counts').textContent()).toContain('0 present, 2 absent, 1 late, 1 excused, 296 not marked');
    // Every mark is in the outbox before the crash (the meeting's create and the four marks): the
    // UI counts a change waiting once its transaction has committed.
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe('5 changes waiting');
    const readRows = (): Promise<(readonly [string, string])[]> =>
      page.getByTestId('student-row').evaluateAll((rows) =>
        rows.slice(0, 4).map((r) => [r.getAttribute('data-user-id') ?? '', r.querySelector('[data-testid="student-status"]')?.textContent?.trim() ?? ''] as const),
      );
    await expect.poll(async () => (await readRows()).map(([, s]) => s)).toEqual(['Absent', 'Late', 'Excused', 'Absent']);
    const shown = await readRows();
    const counts = (await page.getByTestId('counts').textContent()) ?? '';
    const waiting = (await page.getByTestId('waiting').textContent()) ?? '';
    // Every row has left "saving": each mark is committed with its outbox entry. Then crash.
    await expect.poll(() => page.locator('[data-saving]').count()).toBe(0);
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe(waiting);

    await kill(first);

    // Same profile, same origin.
    const second = await startChromium(profileDir);
    started.push(second);
    page = await openPage(second);
    await page.route('**/ipc/sync.push', (route) => route.abort('internetdisconnected'));
    await openSignedIn(page, host);
    await takeRoll(page, title);
    await expect.poll(() => page.getByTestId('counts').textContent()).toBe(counts);
    await expect.poll(() => readRows()).toEqual(shown);
    await expect.poll(() => page.getByTestId('waiting').textContent()).toBe(waiting);
  });

  // The screen shows a mark before it is committed, marked "saving" until it is. A kill
  // right after the presses loses at most the marks whose row still showed "saving".
  it('after a kill right after the key presses, keeps every mark whose row no longer showed "saving"', async () => {
    if (!host) throw new Error('the web host starts in beforeAll');
    const title = 'E2E crash while saving';
    const keys = ['a', 'l', 'e', 'a', 'p', 'l', 'e', 'a', 'p', 'a'];
    const ownProfile = mkdtempSync(join(tmpdir(), 'rollbook-crash-profile-'));
    try {
      const first = await startChromium(ownProfile);
      started.push(first);
      let page = await openPage(first);
      await page.route('**/ipc/sync.push', (route) => route.abort('internetdisconnected'));
      await openSignedIn(page, host);
      await createMeetingAndTakeRoll(page, { title, date: '2026-11-27', start: '13:00', end: '14:15' });
      await page.getByTestId('student-row').first().focus();
      for (const key of keys) await page.keyboard.press(key);
      // What the screen showed the moment before the kill: each row's status and whether it was saving.
      const atKill = await page
        .getByTestId('student-row')
        .evaluateAll((rows, n) => rows.slice(0, n).map((r) => ({ userId: r.getAttribute('data-user-id') ?? '', status: r.querySelector('[data-testid="student-status"]')?.textContent?.trim() ?? '', saving: r.hasAttribute('data-saving') })), keys.length);
      await kill(first);
      expect(atKill.map((r) => r.status)).toEqual(['Absent', 'Late', 'Excused', 'Absent', 'Present', 'Late', 'Excused', 'Absent', 'Present', 'Absent']);

      const second = await startChromium(ownProfile);
      started.push(second);
      page = await openPage(second);
      await page.route('**/ipc/sync.push', (route) => route.abort('internetdisconnected'));
      await openSignedIn(page, host);
      await takeRoll(page, title);
      await expect.poll(() => page.getByTestId('counts').textContent()).toMatch(/not marked$/);
      const after = new Map(
        await page.getByTestId('student-row').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-user-id') ?? '', r.querySelector('[data-testid="student-status"]')?.textContent?.trim() ?? ''] as [string, string])),
      );
      for (const row of atKill) {
        // Not saving at the kill: committed, so it is there. Saving: either committed or not marked.
        if (!row.saving) expect(after.get(row.userId), row.userId).toBe(row.status);
        else expect([row.status, '—'], row.userId).toContain(after.get(row.userId));
      }
    } finally {
      for (const chrome of started.splice(0)) await kill(chrome);
      rmSync(ownProfile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    }
  });
});
