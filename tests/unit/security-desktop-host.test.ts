import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contract, type IpcResult } from '../../shared/ipc/contract';
import { configureLogger } from '../../shared/logger';

/**
 * The Electron security checklist, on the real electron/main.ts with `electron` faked
 * (tests/support/fake-electron.ts): every window's webPreferences, every web contents' guards
 * (including contents created after start), downloads, permissions, the only origin loaded, and
 * IPC from an unexpected sender refused on EVERY channel of the contract.
 */
const userData = vi.hoisted(() => ({ path: '' }));
const fake = await vi.hoisted(async () => (await import('../support/fake-electron')).createFakeElectron(userData));
vi.mock('electron', () => fake.module);

const APP_PAGE = 'app://rollbook/index.html';
/** The refusal's name, or 'ok' when the call was answered. */
const refusal = async (answer: Promise<IpcResult<unknown>>): Promise<string> => {
  const result = await answer;
  return result.ok ? 'ok' : result.error.name;
};
const CHANNELS = Object.keys(contract);

beforeAll(async () => {
  configureLogger({ level: 'error' });
  userData.path = await mkdtemp(join(tmpdir(), 'rollbook-sec-main-'));
  await import('../../electron/main');
  await vi.waitFor(() => expect(fake.windows).toHaveLength(1), { timeout: 15_000 });
}, 30_000);

afterAll(async () => {
  for (const listener of fake.app.listeners.get('window-all-closed') ?? []) listener();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await rm(userData.path, { recursive: true, force: true });
  configureLogger({ level: 'info' });
});

describe('every window Rollbook opens', () => {
  it('is sandboxed, isolated, without Node, with web security and no insecure content', () => {
    expect(fake.windows.length).toBeGreaterThan(0);
    for (const w of fake.windows) {
      expect(w.options.webPreferences).toMatchObject({
        sandbox: true,
        contextIsolation: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        experimentalFeatures: false,
        webviewTag: false,
      });
      expect(String(w.options.webPreferences?.preload)).toMatch(/preload\.cjs$/);
    }
  });

  it('loads only app://rollbook, and the protocol serves no other host', async () => {
    expect(fake.windows.flatMap((w) => w.webContents.loaded)).toEqual([APP_PAGE]);
    const serve = fake.protocolHandlers.get('app');
    for (const url of ['app://evil/index.html', 'app://rollbook.evil/index.html']) expect((await serve?.(new Request(url)))?.status, url).toBe(404);
  });

  it('denies every permission request and check by default', () => {
    const answers: boolean[] = [];
    for (const p of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal', 'midi', 'hid']) fake.permission.request?.({}, p, (granted: boolean) => answers.push(granted));
    expect(answers).toEqual(Array(7).fill(false));
    expect(fake.permission.check?.({}, 'clipboard-read', 'app://rollbook')).toBe(false);
  });
});

describe('every web contents, the window’s and any created later', () => {
  const contents = () => {
    const later = new fake.FakeWindow({}).webContents;
    fake.windows.pop();
    return [fake.windows[0]!.webContents, later];
  };

  it('cannot navigate, redirect or navigate a frame away from the app', () => {
    for (const wc of contents()) {
      for (const url of ['https://evil.example/', 'file:///etc/passwd', 'http://127.0.0.1:1/', 'app://rollbook.evil/', 'javascript:alert(1)', 'data:text/html,x']) {
        expect(wc.emitPreventable('will-navigate', {}, url), url).toBe(true);
        expect(wc.emitPreventable('will-redirect', {}, url), url).toBe(true);
        expect(wc.emitPreventable('will-frame-navigate', { url }), url).toBe(true);
      }
      expect(wc.emitPreventable('will-navigate', {}, 'app://rollbook/course/1')).toBe(false);
      expect(wc.emitPreventable('will-frame-navigate', { url: 'app://rollbook/index.html' })).toBe(false);
    }
  });

  it('opens no window and attaches no <webview>', () => {
    for (const wc of contents()) {
      expect(wc.openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
      expect(wc.openHandler?.({ url: APP_PAGE })).toEqual({ action: 'deny' });
      expect(wc.emitPreventable('will-attach-webview', {}, { nodeIntegration: true }, { src: 'https://evil.example/' })).toBe(true);
    }
  });
});

describe('downloads', () => {
  const download = (url: string): boolean => fake.session.emitPreventable('will-download', {}, { getURL: () => url }, fake.windows[0]!.webContents);

  it('are allowed only as blob downloads from the app’s own page (ui/save-file.ts) or its own files', () => {
    expect(download('blob:app://rollbook/6f1c2e0a-7a9e-4a53-9d8b-0c1f2e3d4a5b')).toBe(false);
    expect(download('app://rollbook/assets/help.pdf')).toBe(false);
    for (const url of ['https://evil.example/setup.exe', 'blob:https://evil.example/6f1c2e0a', 'blob:null/6f1c2e0a', 'blob:app://rollbook.evil/x', 'file:///etc/passwd', 'data:application/octet-stream,MZ', 'http://127.0.0.1:9/x.csv']) {
      expect(download(url), url).toBe(true);
    }
  });
});

describe('IPC from an unexpected sender, on every channel of the contract', () => {
  it('covers the whole contract', () => {
    expect(CHANNELS.length).toBeGreaterThan(10);
    expect(CHANNELS).toEqual(expect.arrayContaining(['app.info', 'auth.signIn', 'sync.push']));
  });

  it.each(CHANNELS)('%s refuses other origins, subframes and frameless calls, and answers nothing', async (channel) => {
    const senders = [
      { url: 'https://evil.example/' },
      { url: 'app://rollbook.evil/index.html' },
      { url: 'file:///index.html' },
      { url: 'devtools://devtools/bundled/inspector.html' },
      { url: APP_PAGE, parent: { url: APP_PAGE } },
      null,
    ];
    for (const frame of senders) {
      const answer = await fake.invoke(frame, channel, {});
      expect(answer, JSON.stringify(frame)).toEqual({ ok: false, error: { name: 'Forbidden', message: expect.stringMatching(/only from Rollbook/) } });
    }
  });

  it.each(CHANNELS)('%s refuses, from the app’s own page, a request that fails its schema', async (channel) => {
    for (const bad of [42, 'text', [1], { unexpectedField: true }]) {
      expect(await refusal(fake.invoke({ url: APP_PAGE }, channel, bad)), `${channel} ${JSON.stringify(bad)}`).toBe('InvalidRequest');
    }
  });

  it('refuses a channel name that is not a string or not in the contract', async () => {
    expect(await refusal(fake.invoke({ url: APP_PAGE }, { toString: () => 'app.info' }))).toBe('Forbidden');
    expect(await refusal(fake.invoke({ url: APP_PAGE }, '__proto__'))).toBe('UnknownChannel');
    expect(await refusal(fake.invoke({ url: APP_PAGE }, 'constructor'))).toBe('UnknownChannel');
  });
});

describe('the preload', () => {
  it('exposes window.rollbook with invoke and on, and nothing else', async () => {
    await import('../../electron/preload');
    expect(Object.keys(fake.exposed)).toEqual(['rollbook']);
    const api = fake.exposed.rollbook as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on']);
    expect(Object.values(api).every((v) => typeof v === 'function')).toBe(true);
  });

  it('refuses channels and events outside the contract before anything reaches the main side', async () => {
    const api = fake.exposed.rollbook as { invoke(c: string, r: unknown): Promise<IpcResult<unknown>>; on(e: string, l: () => void): () => void };
    const before = fake.rendererInvokes.length;
    expect(await refusal(api.invoke('learn.everything', {}))).toBe('UnknownChannel');
    expect(await refusal(api.invoke('__proto__', {}))).toBe('UnknownChannel');
    expect(fake.rendererInvokes.length).toBe(before);
    expect(() => api.on('not.an.event', () => undefined)).toThrow(/Unknown event/);
    expect(() => api.on('toString', () => undefined)).toThrow(/Unknown event/);
    await api.invoke('app.info', {});
    expect(fake.rendererInvokes.at(-1)).toEqual({ channel: 'rollbook:invoke', args: ['app.info', {}] });
  });
});
