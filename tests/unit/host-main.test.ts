import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The desktop host (electron/main.ts) with Electron's objects faked: what main.ts asks of app,
 * BrowserWindow, ipcMain, protocol, session, shell and safeStorage is recorded, and the test then
 * plays Electron (a navigation, a window.open, a permission request, an IPC call) against the
 * handlers main.ts registered. The core behind it is real, demo sandbox included.
 */
type Listener = (...args: unknown[]) => unknown;

const electron = vi.hoisted(() => {
  const appListeners = new Map<string, Listener>();
  const ipcHandlers = new Map<string, Listener>();
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();
  const windows: FakeWindow[] = [];
  const permission: { request?: Listener; check?: Listener } = {};
  const dataDir = { path: '' };

  class FakeWebContents {
    readonly listeners = new Map<string, Listener>();
    openHandler: Listener | undefined;
    url = '';
    readonly loaded: string[] = [];
    readonly sent: { channel: string; payload: unknown }[] = [];
    on(event: string, listener: Listener): this {
      this.listeners.set(event, listener);
      return this;
    }
    setWindowOpenHandler(handler: Listener): void {
      this.openHandler = handler;
    }
    getURL(): string {
      return this.url;
    }
    send(channel: string, payload: unknown): void {
      this.sent.push({ channel, payload });
    }
  }

  class FakeWindow {
    readonly webContents = new FakeWebContents();
    constructor(readonly options: { webPreferences?: Record<string, unknown> }) {
      windows.push(this);
    }
    static getAllWindows(): FakeWindow[] {
      return windows;
    }
    once(): this {
      return this;
    }
    // The window's place is written on close (app-lifecycle.ts).
    on(): this {
      return this;
    }
    getNormalBounds(): { x: number; y: number; width: number; height: number } {
      return { x: 100, y: 100, width: 1200, height: 800 };
    }
    isMaximized(): boolean {
      return false;
    }
    show(): void {}
    isDestroyed(): boolean {
      return false;
    }
    loadURL(url: string): Promise<void> {
      this.webContents.loaded.push(url);
      this.webContents.url = url;
      return Promise.resolve();
    }
  }

  // This computer's proxy settings as Chromium resolves them: a PAC result per URL ("" when the lookup failed).
  const proxy: { answer: (url: string) => string; asked: string[] } = { answer: () => 'DIRECT', asked: [] };
  const module = {
    app: {
      on: (event: string, listener: Listener) => appListeners.set(event, listener),
      whenReady: () => Promise.resolve(),
      getVersion: () => '0.1.0',
      getPath: () => dataDir.path,
      quit: () => undefined,
      isPackaged: false,
      // The one instance of the user's: granted (a second launch is app-lifecycle's own test).
      requestSingleInstanceLock: () => true,
      setAboutPanelOptions: () => undefined,
    },
    screen: { getAllDisplays: () => [{ id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }] },
    BrowserWindow: FakeWindow,
    ipcMain: { handle: (channel: string, handler: Listener) => ipcHandlers.set(channel, handler) },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown) => ((module.protocol as { privileged?: unknown }).privileged = schemes),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) => protocolHandlers.set(scheme, handler),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: Listener) => (permission.request = handler),
        setPermissionCheckHandler: (handler: Listener) => (permission.check = handler),
        // will-download (security-desktop-host.test.ts plays it).
        on: () => undefined,
        // As Electron's: never rejects; the answer is PAC's form.
        resolveProxy: (url: string) => {
          proxy.asked.push(url);
          return Promise.resolve(proxy.answer(url));
        },
      },
    },
    shell: { openExternal: () => Promise.resolve() },
    safeStorage: {
      getSelectedStorageBackend: () => 'gnome_libsecret',
      isAsyncEncryptionAvailable: () => Promise.resolve(true),
      encryptStringAsync: (text: string) => Promise.resolve(Buffer.from(`sealed:${text}`)),
      decryptStringAsync: (data: Buffer) => Promise.resolve({ result: data.toString().replace(/^sealed:/, ''), shouldReEncrypt: false }),
    },
  };
  return { module, appListeners, ipcHandlers, protocolHandlers, windows, permission, dataDir, proxy };
});

vi.mock('electron', () => electron.module);

const APP_PAGE = 'app://rollbook/index.html';
const invoke = (senderUrl: string | null, channel: unknown, payload: unknown = {}): Promise<{ ok: boolean; value?: unknown; error?: { name: string; message?: string } }> => {
  const handler = electron.ipcHandlers.get('rollbook:invoke');
  if (!handler) throw new Error('main.ts registered no IPC handler');
  return handler({ senderFrame: senderUrl === null ? null : { url: senderUrl } }, channel, payload) as Promise<{ ok: boolean; value?: unknown; error?: { name: string; message?: string } }>;
};
const window = () => {
  const w = electron.windows[0];
  if (!w) throw new Error('main.ts opened no window');
  return w;
};

beforeAll(async () => {
  electron.dataDir.path = await mkdtemp(join(tmpdir(), 'rollbook-main-'));
  await import('../../electron/main');
  await vi.waitFor(() => expect(electron.windows).toHaveLength(1), { timeout: 15_000 });
}, 30_000);

afterAll(async () => {
  // Closing the last window ends the app and stops the demo sandbox.
  electron.appListeners.get('window-all-closed')?.();
  await new Promise((resolve) => setTimeout(resolve, 50));
  await rm(electron.dataDir.path, { recursive: true, force: true });
});

describe('desktop host (Electron faked)', () => {
  it('gives every window the secure webPreferences', () => {
    for (const w of electron.windows) {
      expect(w.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true, allowRunningInsecureContent: false, webviewTag: false });
    }
  });

  it('loads only the app:// origin, registered as a privileged scheme', async () => {
    expect(window().webContents.loaded).toEqual([APP_PAGE]);
    expect(electron.module.protocol).toMatchObject({ privileged: [{ scheme: 'app', privileges: { standard: true, secure: true } }] });
    const serve = electron.protocolHandlers.get('app');
    expect((await serve?.(new Request('app://elsewhere/index.html')))?.status).toBe(404);
  });

  it('prevents navigation and redirects to another origin, allows its own', () => {
    const navigate = (event: string, url: string): boolean => {
      let prevented = false;
      window().webContents.listeners.get(event)?.({ preventDefault: () => (prevented = true) }, url);
      return prevented;
    };
    expect(navigate('will-navigate', 'https://evil.example/')).toBe(true);
    expect(navigate('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(navigate('will-redirect', 'http://127.0.0.1:1/')).toBe(true);
    expect(navigate('will-navigate', 'app://rollbook/roll-call')).toBe(false);
  });

  it('denies window.open, in the window and in any web contents created later', () => {
    expect(window().webContents.openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    const later = new electron.module.BrowserWindow({}).webContents;
    electron.windows.pop();
    electron.appListeners.get('web-contents-created')?.({}, later);
    expect(later.openHandler?.({ url: 'app://rollbook/x' })).toEqual({ action: 'deny' });
    let attached = true;
    window().webContents.listeners.get('will-attach-webview')?.({ preventDefault: () => (attached = false) });
    expect(attached).toBe(false);
  });

  it('denies every permission request and check', () => {
    const answers: boolean[] = [];
    for (const p of ['media', 'notifications', 'geolocation']) electron.permission.request?.({}, p, (granted: boolean) => answers.push(granted));
    expect(answers).toEqual([false, false, false]);
    expect(electron.permission.check?.({}, 'media')).toBe(false);
  });

  it('refuses IPC from any sender but its own page, and answers its own page', async () => {
    for (const sender of ['https://evil.example/', 'app://rollbook.evil/index.html', 'file:///index.html', null]) {
      const refused = await invoke(sender, 'app.info');
      expect(refused, String(sender)).toMatchObject({ ok: false, error: { name: 'Forbidden' } });
    }
    expect(await invoke(APP_PAGE, 'app.info')).toMatchObject({ ok: true, value: { host: 'desktop', mode: 'demo' } });
    expect(await invoke(APP_PAGE, 'learn.roster', { courseId: 1 })).toMatchObject({ ok: false, error: { name: 'InvalidRequest' } });
  });

  it('signs in to the demo and tells the window on rollbook:event:auth.changed, keeping the token sealed', async () => {
    const status = await invoke(APP_PAGE, 'auth.signInDemo');
    expect(status).toMatchObject({ ok: true, value: { state: 'signed-in', user: { userName: 'instructor' } } });
    const sent = window().webContents.sent.filter((s) => s.channel === 'rollbook:event:auth.changed');
    expect(sent.at(-1)?.payload).toMatchObject({ state: 'signed-in', mode: 'demo' });
    // The demo sandbox is this computer: never routed through a proxy, so its settings were not even asked.
    expect(electron.proxy.asked).toEqual([]);
    // The store's key, as the page asks for it: the one secret of the demo's on disk (its sandbox's secret and sign-in go with the run).
    const identity = status.ok ? (status.value as { identity?: { key: string } }).identity?.key : undefined;
    expect(await invoke(APP_PAGE, 'store.key', { identity })).toMatchObject({ ok: true });
    const vault = JSON.parse(await readFile(join(electron.dataDir.path, 'rollbook-secrets.json'), 'utf8')) as Record<string, Record<string, string>>;
    const sealed = Object.values(vault).flatMap((entry) => Object.values(entry).map((secret) => Buffer.from(secret, 'base64').toString()));
    // Only ciphertext (the fake safeStorage's "sealed:" form) reaches the disk.
    expect(Object.values(vault).map((entry) => Object.keys(entry))).toEqual([['store-key']]);
    expect(sealed).toHaveLength(1);
    expect(sealed[0]).toMatch(/^sealed:/);
  }, 20_000);

  it("routes a Learn site by this computer's proxy settings, and says in words what they lack", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const signIn = (learnUrl: string) => invoke(APP_PAGE, 'auth.signIn', { learnUrl, applicationKey: 'key', applicationSecret: 'secret' });
    const cases: [string, RegExp][] = [
      // A proxy that is not there: named, with where its address came from.
      [`PROXY 127.0.0.1:${port}; DIRECT`, new RegExp(`The proxy server http://127\\.0\\.0\\.1:${port} \\(from this computer's proxy settings\\) did not accept the connection`)],
      // undici has no SOCKS: the settings offer nothing else, so no direct connection behind their back.
      ['SOCKS5 socks.school.invalid:1080', /through a SOCKS proxy \(socks5:\/\/socks\.school\.invalid:1080\), which Rollbook cannot use/],
      // The lookup failed (Electron answers "").
      ['', /could not work out from this computer's proxy settings how to reach Learn/],
    ];
    for (const [answer, words] of cases) {
      electron.proxy.answer = () => answer;
      electron.proxy.asked.length = 0;
      const refused = await signIn('learn.school.invalid');
      expect(refused, answer).toMatchObject({ ok: false, error: { name: 'LearnNotFound' } });
      expect(refused.error?.message).toMatch(words);
      expect(electron.proxy.asked[0]).toBe('https://learn.school.invalid/learn/api/public/v1/system/version');
    }
    electron.proxy.answer = () => 'DIRECT';
  });
});
