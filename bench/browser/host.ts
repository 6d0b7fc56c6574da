import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startWebHost, type RunningWebHost } from '../../electron/web-host';
import type { RunningSandbox } from '../../sandbox/server';

/**
 * Browser mode for the benchmarks: the real web host (core + demo sandbox) serving the renderer
 * built for this run, its files in a temporary data folder (never the user's own), on a free port.
 */
export function benchRendererDir(): string {
  const dir = process.env.ROLLBOOK_BENCH_RENDERER_DIR;
  if (!dir) throw new Error('no renderer build: run through bench/run.ts, or set ROLLBOOK_BENCH_RENDERER_DIR');
  return dir;
}

export interface BenchHost {
  host: RunningWebHost;
  sandbox: RunningSandbox;
  close(): Promise<void>;
}

export async function startBenchHost(): Promise<BenchHost> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rollbook-bench-data-'));
  const host = await startWebHost({ port: 0, demo: true, rendererDir: benchRendererDir(), dataDir });
  const sandbox = host.sandbox;
  if (!sandbox) throw new Error('demo mode has a sandbox');
  return {
    host,
    sandbox,
    async close() {
      await host.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens the app from a launch link and signs in to the demo as its instructor; waits for a course in My courses. */
export async function signIn(page: Page, launchUrl: string, course: string): Promise<void> {
  await page.goto(launchUrl);
  await page.getByRole('button', { name: 'Sign in to the demo' }).click();
  await page.getByRole('button', { name: new RegExp(course) }).waitFor({ timeout: 30_000 });
}

/** Opens a course's meeting from My courses, waiting until every student is listed. */
export async function openRollCall(page: Page, course: string, meeting: string, students: number): Promise<void> {
  await page.getByRole('button', { name: new RegExp(course) }).click();
  await page.getByRole('button', { name: `Take roll: ${meeting}` }).click({ timeout: 60_000 });
  // The count as the screen writes it (`Intl`: 1,000), in English, the bench's language.
  await page.getByTestId('counts').filter({ hasText: `${students.toLocaleString('en')} not marked` }).waitFor({ timeout: 60_000 });
}

/** Cuts the network and waits for the app to say so: roll is then taken on this device alone. */
export async function goOffline(page: Page): Promise<void> {
  await page.context().setOffline(true);
  await page.getByTestId('connectivity').filter({ hasText: 'Offline' }).waitFor({ timeout: 15_000 });
}

/** The JS heap in use after a full garbage collection (Chromium DevTools protocol). */
export async function heapUsedMB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize / 2 ** 20;
  } finally {
    await cdp.detach();
  }
}

/** Status keys pressed in a realistic mix: mostly Present, now and then Absent, Late or Excused. */
export const STATUS_KEYS = ['p', 'p', 'p', 'a', 'p', 'p', 'l', 'p', 'p', 'e'] as const;
