import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureLogger } from '../../shared/logger';
import { createFakeElectron, type FakeElectron } from '../support/fake-electron';

/**
 * The installed app around its window, on the real electron/main.ts with `electron` faked
 * (tests/support/fake-electron.ts, which keeps Electron's single-instance lock per data folder):
 * the title, icon and about panel; one Rollbook per user; the window's size and place kept
 * between launches. Each launch is a fresh load of main.ts, as each start is a fresh process.
 */
const userData = { path: '' };
const launched: FakeElectron[] = [];

async function launch(): Promise<FakeElectron> {
  const fake = createFakeElectron(userData);
  launched.push(fake);
  vi.resetModules();
  vi.doMock('electron', () => fake.module);
  await import('../../electron/main');
  return fake;
}

/** The process ends: the window closes (its state is written), and the lock goes with the process. */
async function quit(fake: FakeElectron): Promise<void> {
  const quits = fake.lifecycle.quits;
  for (const window of [...fake.windows]) window.close();
  await vi.waitFor(() => expect(fake.lifecycle.quits).toBeGreaterThan(quits));
  fake.module.app.releaseSingleInstanceLock();
}

beforeAll(async () => {
  configureLogger({ level: 'error' });
  userData.path = await mkdtemp(join(tmpdir(), 'rollbook-lifecycle-'));
});

afterAll(async () => {
  for (const fake of launched) for (const window of [...fake.windows]) window.close();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await rm(userData.path, { recursive: true, force: true });
  configureLogger({ level: 'info' });
});

describe('the installed app', () => {
  it('opens one window titled Rollbook, with its icon, at its default size, and an about panel with the version', async () => {
    const first = await launch();
    await vi.waitFor(() => expect(first.windows).toHaveLength(1), { timeout: 15_000 });
    const [window] = first.windows;
    expect(window!.options).toMatchObject({ title: 'Rollbook', width: 1200, height: 800 });
    if (process.platform === 'linux') expect(String((window!.options as { icon?: string }).icon)).toMatch(/renderer[\\/]icon\.png$/);
    expect(first.lifecycle.aboutPanel).toMatchObject({ applicationName: 'Rollbook', applicationVersion: '0.1.0' });
    // Run from source (not packaged), the app does not update itself, and offers no restart.
    expect(await first.invoke({ url: 'app://rollbook/index.html' }, 'app.update')).toEqual({ ok: true, value: { state: 'off' } });
    expect(await first.invoke({ url: 'app://rollbook/index.html' }, 'app.restartToUpdate')).toEqual({ ok: true, value: { restarting: false } });

    // A second launch while it runs: the first window comes forward, the second quits without a window.
    window!.minimize();
    const second = await launch();
    expect(second.lifecycle.quits).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(second.windows).toHaveLength(0);
    expect(second.ipcHandlers.size).toBe(0);
    expect(window).toMatchObject({ minimized: false, visible: true, focused: true });

    // Moved and resized, then closed: the next launch opens it there.
    window!.setBounds({ x: 300, y: 150, width: 1000, height: 700 });
    await quit(first);
    expect(JSON.parse(await readFile(join(userData.path, 'window-state.json'), 'utf8'))).toEqual({ x: 300, y: 150, width: 1000, height: 700, maximized: false });
    const third = await launch();
    await vi.waitFor(() => expect(third.windows).toHaveLength(1), { timeout: 15_000 });
    expect(third.windows[0]!.options).toMatchObject({ x: 300, y: 150, width: 1000, height: 700 });
    expect(third.lifecycle.quits).toBe(0);
    await quit(third);
  }, 30_000);

  it('opens on a display that is there when the one it was closed on is gone', async () => {
    await writeFile(join(userData.path, 'window-state.json'), JSON.stringify({ x: 2200, y: 200, width: 1000, height: 700, maximized: false }));
    const fake = await launch();
    await vi.waitFor(() => expect(fake.windows).toHaveLength(1), { timeout: 15_000 });
    // The fake's one display: 1920 x 1040 of work area.
    expect(fake.windows[0]!.options).toMatchObject({ x: 460, y: 170, width: 1000, height: 700 });
    await quit(fake);
  }, 30_000);

  it('opens maximised when it was closed maximised, once its page is painted', async () => {
    await writeFile(join(userData.path, 'window-state.json'), JSON.stringify({ x: 40, y: 30, width: 1000, height: 700, maximized: true }));
    const fake = await launch();
    await vi.waitFor(() => expect(fake.windows).toHaveLength(1), { timeout: 15_000 });
    const [window] = fake.windows;
    expect(window).toMatchObject({ visible: false, maximized: false });
    window!.emitPreventable('ready-to-show');
    expect(window).toMatchObject({ visible: true, maximized: true });
    // Its unmaximised bounds are what is kept again.
    await quit(fake);
    expect(JSON.parse(await readFile(join(userData.path, 'window-state.json'), 'utf8'))).toEqual({ x: 40, y: 30, width: 1000, height: 700, maximized: true });
  }, 30_000);

  it('opens at its defaults when the kept file is damaged', async () => {
    await writeFile(join(userData.path, 'window-state.json'), '{"x": 10, "y": ');
    const fake = await launch();
    await vi.waitFor(() => expect(fake.windows).toHaveLength(1), { timeout: 15_000 });
    expect(fake.windows[0]!.options).toMatchObject({ width: 1200, height: 800 });
    expect(fake.windows[0]!.options).not.toHaveProperty('x');
    await quit(fake);
  }, 30_000);
});
