import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../tests/support/browser';
import { DEMO_COURSES } from '../../sandbox/modules/institution';
import { benchRendererDir } from '../browser/host';
import { median, round, summarize } from '../stats';
import type { BenchSection } from './types';

/**
 * Start-up: browser mode from process start (`node --import tsx`, as `npm start` runs it where
 * Electron is absent) to My courses interactive in an already running Chromium: the host
 * listening, the page loaded, the demo sign-in, the course list from Learn, its first course
 * button ready to take a click. Median of 5, each a new process, data folder and browser profile
 * (a first launch: nothing saved on the device).
 */
const RUNS = 5;
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Launch {
  listeningMs: number;
  signInShownMs: number;
  interactiveMs: number;
}

async function launchOnce(browser: Browser): Promise<Launch> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rollbook-bench-start-'));
  const context = await browser.newContext();
  const page = await context.newPage();
  let child: ChildProcess | undefined;
  try {
    const t0 = performance.now();
    child = spawn(process.execPath, ['--import', 'tsx', 'bench/browser/web-host-entry.ts'], {
      cwd: root,
      env: { ...process.env, ROLLBOOK_BENCH_RENDERER_DIR: benchRendererDir(), ROLLBOOK_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await hostUrl(child);
    const listeningMs = performance.now() - t0;
    await page.goto(url);
    const signInButton = page.getByRole('button', { name: 'Sign in to the demo' });
    await signInButton.click({ timeout: 30_000 });
    const signInShownMs = performance.now() - t0; // the click happens as soon as the button is ready
    // Interactive: visible, enabled, stable and receiving events (a trial click checks all without clicking).
    await page.getByRole('button', { name: new RegExp(DEMO_COURSES.lecture) }).click({ trial: true, timeout: 30_000 });
    return { listeningMs, signInShownMs, interactiveMs: performance.now() - t0 };
  } finally {
    await context.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function hostUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`the host did not start within 60 s: ${err.slice(-300)}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /ROLLBOOK_URL (\S+)/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the host exited (${code ?? 'signal'}) before listening: ${err.slice(-300)}`));
    });
  });
}

export const startupSection: BenchSection = async (log) => {
  const browser = await launchChromium();
  try {
    const runs: Launch[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await launchOnce(browser);
      runs.push(run);
      log(`startup: run ${i + 1}/${RUNS}: listening at ${Math.round(run.listeningMs)} ms, course list interactive at ${Math.round(run.interactiveMs)} ms`);
    }
    const interactive = runs.map((r) => r.interactiveMs);
    const listening = median(runs.map((r) => r.listeningMs));
    return {
      figures: [
        {
          label: 'start-up: process start to course list interactive (median of 5)',
          value: round(median(interactive), 0),
          unit: 'ms',
          baseline: { label: 'process start to host listening', value: round(listening, 0), unit: 'ms' },
          ratio: median(interactive) / listening,
        },
      ],
      json: {
        runs: RUNS,
        medianMs: round(median(interactive), 0),
        interactiveMs: summarize(interactive),
        listeningMedianMs: round(listening, 0),
        signInShownMedianMs: round(median(runs.map((r) => r.signInShownMs)), 0),
        each: runs.map((r) => ({ listeningMs: round(r.listeningMs, 0), signInShownMs: round(r.signInShownMs, 0), interactiveMs: round(r.interactiveMs, 0) })),
        measures: 'node --import tsx host entry spawned -> page loaded in a running Chromium -> demo sign-in -> My courses button actionable; fresh data folder and browser profile each run',
      },
    };
  } finally {
    await browser.close();
  }
};
