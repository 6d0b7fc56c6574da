import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureLogger, consoleSink, type LogLine } from '../../shared/logger';

/**
 * The desktop host's refused calls cannot fill the log either (browser mode's are
 * tests/integration/refused-call-log.test.ts): a frame that is not Rollbook's window, or the
 * window itself asking for channels that do not exist, sends 2,000 refused calls with 4 KB names,
 * and the log gets a burst of short lines and one count of the rest, not 2,000 lines.
 */
const userData = vi.hoisted(() => ({ path: '' }));
const fake = await vi.hoisted(async () => (await import('../support/fake-electron')).createFakeElectron(userData));
vi.mock('electron', () => fake.module);

const APP_PAGE = 'app://rollbook/index.html';

beforeAll(async () => {
  configureLogger({ level: 'error' });
  userData.path = await mkdtemp(join(tmpdir(), 'rollbook-desktop-refusals-'));
  await import('../../electron/main');
  await vi.waitFor(() => expect(fake.windows).toHaveLength(1), { timeout: 15_000 });
}, 30_000);

afterAll(async () => {
  for (const listener of fake.app.listeners.get('window-all-closed') ?? []) listener();
  await rm(userData.path, { recursive: true, force: true });
  configureLogger({ level: 'info' });
});

/** Runs `send` while capturing the log lines that contain `marker`. */
async function linesWhile(marker: string, send: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const capture = (line: LogLine): void => {
    const text = `${line.message}${line.fields ? ' ' + JSON.stringify(line.fields) : ''}`;
    if (text.includes(marker)) lines.push(text);
  };
  configureLogger({ sink: capture, level: 'info' });
  try {
    await send();
    // The count of the rest is written when the app quits, if the minute has not ended first.
    for (const listener of fake.app.listeners.get('will-quit') ?? []) listener({});
    return lines;
  } finally {
    configureLogger({ sink: consoleSink, level: 'error' });
  }
}

describe('refused desktop IPC calls in the log', () => {
  it('2,000 calls from a frame that is not Rollbook’s write a few short lines and say how many more there were', async () => {
    const lines = await linesWhile('unexpected sender', async () => {
      for (let i = 0; i < 2000; i++) {
        const answer = await fake.invoke({ url: `https://${'a'.repeat(4000)}${i}.example/` }, 'app.info', {});
        expect(answer.ok).toBe(false);
      }
    });
    expect(lines.length).toBeLessThanOrEqual(11);
    expect(lines.reduce((sum, line) => sum + line.length, 0)).toBeLessThan(8 * 1024);
    expect(lines.at(-1)).toMatch(/: 1990 more in the last 60 s, not logged one by one/);
  });

  it('2,000 calls from the window to channels that do not exist do the same', async () => {
    const lines = await linesWhile('unknown channel', async () => {
      for (let i = 0; i < 2000; i++) {
        const answer = await fake.invoke({ url: APP_PAGE }, `x${i}-${'A'.repeat(4096)}`, {});
        expect(answer.ok).toBe(false);
      }
    });
    expect(lines.length).toBeLessThanOrEqual(11);
    expect(lines.reduce((sum, line) => sum + line.length, 0)).toBeLessThan(8 * 1024);
    expect(lines.at(-1)).toMatch(/: 1990 more in the last 60 s, not logged one by one/);
  });
});
