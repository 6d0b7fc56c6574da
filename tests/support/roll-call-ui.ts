import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import type { RunningSandbox } from '../../sandbox/server';
import { isKnownStatus, type AttendanceRecord, type AttendanceStatus, type LearnStatus } from '../../shared/api/attendance';
import type { LearnClient } from '../../electron/core/learn/learn-client';
import { collect, learnAs, PSYC } from '../integration/learn-support';
import { delta } from '../integration/sync-support';
import { launchChromium, openRollbook, rendererDirOption } from './browser';

/**
 * The browser-mode E2E tests' shared setup and UI steps: a demo web host with its sandbox and one
 * Chromium per test file, and the steps a user takes to reach a roll call.
 */
export interface DemoHost {
  readonly host: RunningWebHost;
  readonly browser: Browser;
  /** The host's in-process sandbox (demo mode always has one). */
  readonly sandbox: RunningSandbox;
}

/**
 * Registers beforeAll/afterAll that start a demo web host and Chromium, and close them after.
 * `demoUser` picks who "Sign in to the demo" signs in as (default the instructor).
 */
export function useDemoHost(options: { demoUser?: string } = {}): DemoHost {
  let host: RunningWebHost | undefined;
  let browser: Browser | undefined;
  // Its own data folder (vault, launch control): never the user's own Rollbook folder.
  const dataDir = mkdtempSync(join(tmpdir(), 'rollbook-e2e-data-'));
  beforeAll(async () => {
    host = await startWebHost({ port: 0, demo: true, dataDir, ...rendererDirOption(), ...(options.demoUser ? { demoUser: options.demoUser } : {}) });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get host() {
      if (!host) throw new Error('the demo host starts in beforeAll');
      return host;
    },
    get browser() {
      if (!browser) throw new Error('Chromium starts in beforeAll');
      return browser;
    },
    get sandbox() {
      const sandbox = host?.sandbox;
      if (!sandbox) throw new Error('demo mode has a sandbox');
      return sandbox;
    },
  };
}

export type SandboxStats = { byRoute: Record<string, number> };

/** The sandbox's request counts by route (`GET /__sandbox/stats`). */
export async function sandboxStats(host: RunningWebHost): Promise<SandboxStats> {
  if (!host.sandbox) throw new Error('demo mode has a sandbox');
  return (await (await host.sandbox.controlFetch(`/__sandbox/stats`)).json()) as SandboxStats;
}

/** Attendance's write routes (meetings and their records), as the sandbox counts them. */
export const ATTENDANCE_WRITE = /^(POST|PATCH|PUT|DELETE) \/learn\/api\/public\/v1\/courses\/:courseId\/meetings/;

/** The attendance writes Learn received between two counts, by route: none sent twice, none left behind. */
export function attendanceWritesBetween(before: SandboxStats, after: SandboxStats): Record<string, number> {
  return Object.fromEntries(Object.entries(delta(before, after)).filter(([route]) => ATTENDANCE_WRITE.test(route)));
}

/** Opens the app and signs in to the demo as its instructor. */
export async function signInToDemo(page: Page, host: RunningWebHost): Promise<void> {
  await openRollbook(page, host);
  await page.getByRole('button', { name: 'Sign in to the demo' }).click();
}

/**
 * Signs out through the sign-out dialog: `choice` is the dialog's button ("Sign out" when nothing
 * waits, "Sign out anyway" or "Sync first" when changes wait).
 */
/** Below 40rem (640 px) the account (Switch site, Sign out) sits behind the person's initials: opens it there. */
export async function openAccount(page: Page): Promise<void> {
  if ((page.viewportSize()?.width ?? 1280) <= 640) await page.getByTestId('account-menu').locator('summary').click();
}

export async function signOut(page: Page, choice: 'Sign out' | 'Sign out anyway' | 'Sync first' = 'Sign out'): Promise<void> {
  await openAccount(page);
  await page.getByRole('banner').getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('dialog', { name: 'Sign out?' }).getByRole('button', { name: choice, exact: true }).click();
}

/** Opens a course from Today's course cards (or My courses) by (part of) its name, e.g. `PSYC-101-F26`. */
export async function openCourse(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
}

/**
 * Waits until the open course lists its meetings (the demo lecture has many) and has read Learn's
 * meetings and roster for this device: the list can show the device's copy first (Today's read).
 */
export async function waitForMeetings(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('button', { name: /^Take roll: / }).count(), { timeout: 20_000 }).toBeGreaterThan(5);
  await expect.poll(() => page.getByTestId('meetings').getAttribute('aria-busy'), { timeout: 20_000 }).toBeNull();
}

export interface NewMeeting {
  title: string;
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM` */
  start: string;
  /** `HH:MM` */
  end: string;
}

/** Opens the open course's "New meeting" dialog, fills it and creates the meeting (the dialog closes). */
export async function createMeeting(page: Page, meeting: NewMeeting): Promise<void> {
  await page.getByRole('button', { name: 'New meeting' }).click();
  const dialog = page.getByRole('dialog', { name: 'New meeting' });
  await dialog.getByLabel('Title').fill(meeting.title);
  await dialog.getByLabel('Date', { exact: true }).fill(meeting.date);
  await dialog.getByLabel('Starts').fill(meeting.start);
  await dialog.getByLabel('Ends').fill(meeting.end);
  await dialog.getByRole('button', { name: 'Create meeting' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Opens the roll call of the meeting with this title and waits for its student rows. `poll` is
 * the wait's expect.poll options (by default up to 20 s, for a roster still coming from Learn).
 */
export async function takeRoll(page: Page, title: string, poll: { timeout?: number } = { timeout: 20_000 }): Promise<void> {
  await page.getByRole('button', { name: `Take roll: ${title}` }).click();
  await expect.poll(() => page.getByTestId('student-row').count(), poll).toBeGreaterThan(5);
}

/**
 * The roll call's counts line (`counts`) for these statuses, one per student on the roster (null:
 * not marked). An exact line, so an empty roster ("0 present, ... 0 not marked") never passes for
 * a loaded roll.
 */
export function countsLine(statuses: readonly (LearnStatus | null)[]): string {
  const n = (s: AttendanceStatus | null): number => statuses.filter((x) => x === s).length;
  const other = statuses.filter((x) => x !== null && !isKnownStatus(x)).length;
  return `${n('Present')} present, ${n('Absent')} absent, ${n('Late')} late, ${n('Excused')} excused${other > 0 ? `, ${other} other` : ''}, ${n(null)} not marked`;
}

/** Creates a meeting in the open course and opens its roll call. */
export async function createMeetingAndTakeRoll(page: Page, meeting: NewMeeting): Promise<void> {
  await createMeeting(page, meeting);
  await takeRoll(page, meeting.title);
}

/**
 * What Learn holds for the roll taken in the UI: asserts there is exactly one meeting with this
 * title in PSYC-101-F26 (no duplicate from a replayed create) and returns its records.
 */
export async function learnRollOf(sandbox: RunningSandbox, title: string): Promise<AttendanceRecord[]> {
  return learnRollIn(learnAs(sandbox, 'instructor').learn, title);
}

/** learnRollOf through a given Learn client (the desktop tier's sandbox runs in the app's own process). */
export async function learnRollIn(learn: LearnClient, title: string): Promise<AttendanceRecord[]> {
  const meetings = (await collect(learn.attendance.listMeetings(PSYC))).filter((m) => m.title === title);
  expect(meetings).toHaveLength(1);
  const meeting = meetings[0];
  if (!meeting) throw new Error('unreachable');
  return collect(learn.attendance.listRecords(PSYC, meeting.id));
}
