import { chromium } from 'playwright-core';
import type { RunningSandbox } from '../../sandbox/server';
import { CHROMIUM_ARGS, CHROMIUM_PATH, openRollbook, type LaunchableHost } from './browser';

/**
 * The Learn requests of one launch of Rollbook, counted at the sandbox (`GET /__sandbox/stats`):
 * a browser profile opened on `profileDir` (kept between launches, so IndexedDB and the browser's
 * state carry over as they do between two starts of the app), signed in to the demo if the site
 * chooser asks, until Today shows `course` and the sandbox has heard nothing for `quietMs`.
 * Used by the E2E test of a launch's requests and by the bench.
 */
export interface LaunchCount {
  /** Requests to Learn's REST API (token requests aside), and by route. */
  learn: number;
  byRoute: Record<string, number>;
}

type Stats = { total: number; byRoute: Record<string, number> };

async function stats(sandbox: RunningSandbox): Promise<Stats> {
  return (await (await sandbox.controlFetch(`/__sandbox/stats`)).json()) as Stats;
}

/** Learn API routes only: the sign-in's OAuth exchanges and the control API are not what the quota counts. */
function learnRoutes(before: Stats, after: Stats): Record<string, number> {
  const routes: Record<string, number> = {};
  for (const [route, n] of Object.entries(after.byRoute)) {
    const delta = n - (before.byRoute[route] ?? 0);
    if (delta > 0 && route.includes('/learn/api/public/') && !route.includes('/oauth2/')) routes[route] = delta;
  }
  return routes;
}

/** Waits until the sandbox's counter stays still for `quietMs` (the launch's reads have settled). */
async function settled(sandbox: RunningSandbox, quietMs: number, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = (await stats(sandbox)).total;
  let stillSince = Date.now();
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const total = (await stats(sandbox)).total;
    if (total !== last) {
      last = total;
      stillSince = Date.now();
    } else if (Date.now() - stillSince >= quietMs) return;
  }
  throw new Error(`Learn was still being asked after ${timeoutMs} ms`);
}

/** The Learn requests `act` makes, once the sandbox has heard nothing for `quietMs` after it. */
export async function learnRequests(host: { sandbox?: RunningSandbox | undefined }, act: () => Promise<void>, quietMs = 1_500): Promise<LaunchCount> {
  const sandbox = host.sandbox;
  if (!sandbox) throw new Error('counted at the demo sandbox');
  const before = await stats(sandbox);
  await act();
  await settled(sandbox, quietMs);
  const byRoute = learnRoutes(before, await stats(sandbox));
  return { learn: Object.values(byRoute).reduce((a, b) => a + b, 0), byRoute };
}

export async function countLaunch(host: LaunchableHost & { sandbox?: RunningSandbox | undefined }, profileDir: string, course: string, quietMs = 3_000): Promise<LaunchCount> {
  const sandbox = host.sandbox;
  if (!sandbox) throw new Error('the launch is counted at the demo sandbox');
  const context = await chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const before = await stats(sandbox);
    const page = context.pages()[0] ?? (await context.newPage());
    await openRollbook(page, host);
    const signIn = page.getByRole('button', { name: 'Sign in to the demo' });
    const today = page.getByRole('heading', { name: 'Today', level: 2 });
    await Promise.race([signIn.waitFor({ timeout: 30_000 }), today.waitFor({ timeout: 30_000 })]);
    if (await signIn.isVisible()) await signIn.click();
    await page.getByText(course).first().waitFor({ timeout: 60_000 });
    await settled(sandbox, quietMs);
    const byRoute = learnRoutes(before, await stats(sandbox));
    return { learn: Object.values(byRoute).reduce((a, b) => a + b, 0), byRoute };
  } finally {
    await context.close();
  }
}
