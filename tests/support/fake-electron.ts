/**
 * A stand-in for the parts of `electron` that electron/main.ts uses, for tests that load the real
 * main.ts under plain Node (`vi.mock('electron', () => fake.module)`). It records what main.ts
 * registers (IPC handlers, protocol handlers, permission and download handlers, listeners) so the
 * test can then play Electron against them: a navigation, a download, an IPC call from a frame.
 *
 * Like Electron, creating a window fires `web-contents-created` for its web contents. safeStorage
 * really encrypts (AES-256-GCM under a key that lives only in this process, as a keychain's would),
 * so what reaches the disk is ciphertext a test can search for secrets.
 *
 * Use: `const fake = await vi.hoisted(async () => (await import('../support/fake-electron')).createFakeElectron(dir))`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { IpcResult } from '../../shared/ipc/contract';

type Listener = (...args: unknown[]) => unknown;
type Rectangle = { x: number; y: number; width: number; height: number };

/**
 * Electron's single-instance lock, which it keys by the data folder (userData): one holder per
 * folder in this process, as one per folder on a machine. The holder's app, so a second instance
 * can tell it through `second-instance` as Electron does.
 */
const singleInstanceLocks = new Map<string, Emitter>();

class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  /** Like Node's EventEmitter (which Electron's objects are): the listener runs at most once. */
  once(event: string, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.listeners.set(event, (this.listeners.get(event) ?? []).filter((l) => l !== wrapped));
      return listener(...args);
    };
    return this.on(event, wrapped);
  }
  /** Plays an event; returns whether any listener called preventDefault. */
  emitPreventable(event: string, ...args: unknown[]): boolean {
    let prevented = false;
    const e = { preventDefault: () => (prevented = true), ...(typeof args[0] === 'object' && args[0] !== null ? (args.shift() as object) : {}) };
    for (const listener of this.listeners.get(event) ?? []) listener(e, ...args);
    return prevented;
  }
}

export class FakeWebContents extends Emitter {
  openHandler: Listener | undefined;
  url = '';
  readonly loaded: string[] = [];
  readonly sent: { channel: string; payload: unknown }[] = [];
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

export function createFakeElectron(userData: { path: string }) {
  const app = new Emitter();
  const session = new Emitter();
  const ipcHandlers = new Map<string, Listener>();
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();
  const windows: FakeWindow[] = [];
  const permission: { request?: Listener; check?: Listener } = {};
  const opened: string[] = [];
  const exposed: Record<string, unknown> = {};
  const rendererInvokes: { channel: string; args: unknown[] }[] = [];
  /** What "the system browser" does with a URL main.ts opens (a test can walk Learn's pages). */
  const browser: { open: (url: string) => Promise<void> } = { open: () => Promise.resolve() };
  const key = randomBytes(32);
  /**
   * This computer's proxy settings as Chromium resolves them (session.resolveProxy): a PAC result,
   * entries tried in order ("DIRECT", "PROXY host:port; DIRECT", "HTTPS host:port", "SOCKS5 host:port"),
   * "" when the lookup failed. A test sets `answer`; `asked` lists the URLs looked up.
   */
  const proxy: { answer: (url: string) => string; asked: string[] } = { answer: () => 'DIRECT', asked: [] };
  /** The displays `screen` reports; a test changes them (a second screen unplugged). Primary first. */
  const displays: { id: number; bounds: Rectangle; workArea: Rectangle }[] = [
    { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 }, workArea: { x: 0, y: 0, width: 1920, height: 1040 } },
  ];
  const lifecycle = { quits: 0, aboutPanel: undefined as Record<string, unknown> | undefined };

  class FakeWindow extends Emitter {
    readonly webContents = new FakeWebContents();
    visible = false;
    minimized = false;
    maximized = false;
    focused = false;
    /** The unmaximised bounds (getNormalBounds); Electron's default size is 800 x 600. */
    bounds: Rectangle;
    constructor(readonly options: { webPreferences?: Record<string, unknown>; x?: number; y?: number; width?: number; height?: number; show?: boolean }) {
      super();
      const width = options.width ?? 800;
      const height = options.height ?? 600;
      // Without x and y Electron centres the window on the primary display.
      const area = displays[0]?.workArea ?? { x: 0, y: 0, width, height };
      this.bounds = { x: options.x ?? area.x + Math.round((area.width - width) / 2), y: options.y ?? area.y + Math.round((area.height - height) / 2), width, height };
      this.visible = options.show !== false;
      windows.push(this);
      for (const listener of app.listeners.get('web-contents-created') ?? []) listener({}, this.webContents);
    }
    static getAllWindows(): FakeWindow[] {
      return windows;
    }
    show(): void {
      this.visible = true;
      this.minimized = false;
    }
    focus(): void {
      this.focused = true;
    }
    isMinimized(): boolean {
      return this.minimized;
    }
    minimize(): void {
      this.minimized = true;
      this.focused = false;
    }
    restore(): void {
      this.minimized = false;
      this.visible = true;
    }
    isMaximized(): boolean {
      return this.maximized;
    }
    /** Like Electron's, it also shows a hidden window. */
    maximize(): void {
      this.maximized = true;
      this.visible = true;
    }
    getNormalBounds(): Rectangle {
      return { ...this.bounds };
    }
    setBounds(bounds: Partial<Rectangle>): void {
      this.bounds = { ...this.bounds, ...bounds };
    }
    /** The user closes the window: `close`, then (no listener prevented it) `closed`, then `window-all-closed` when it was the last. */
    close(): void {
      if (this.emitPreventable('close')) return;
      windows.splice(windows.indexOf(this), 1);
      this.emitPreventable('closed');
      if (windows.length === 0) for (const listener of app.listeners.get('window-all-closed') ?? []) listener();
    }
    isDestroyed(): boolean {
      return !windows.includes(this);
    }
    loadURL(url: string): Promise<void> {
      this.webContents.loaded.push(url);
      this.webContents.url = url;
      return Promise.resolve();
    }
  }

  const module = {
    app: Object.assign(app, {
      whenReady: () => Promise.resolve(),
      getVersion: () => '0.1.0',
      getName: () => 'Rollbook',
      isPackaged: false,
      getPath: () => userData.path,
      quit: () => {
        lifecycle.quits += 1;
      },
      setAboutPanelOptions: (options: Record<string, unknown>) => (lifecycle.aboutPanel = options),
      /** Electron's: true for the first instance of a data folder; false for any later one, whose launch the first hears as `second-instance`. */
      requestSingleInstanceLock: (additionalData?: unknown) => {
        const holder = singleInstanceLocks.get(userData.path);
        if (holder === undefined || holder === app) {
          singleInstanceLocks.set(userData.path, app);
          return true;
        }
        for (const listener of holder.listeners.get('second-instance') ?? []) listener({ preventDefault: () => undefined }, [...process.argv], process.cwd(), additionalData ?? {});
        return false;
      },
      hasSingleInstanceLock: () => singleInstanceLocks.get(userData.path) === app,
      releaseSingleInstanceLock: () => {
        if (singleInstanceLocks.get(userData.path) === app) singleInstanceLocks.delete(userData.path);
      },
    }),
    screen: {
      getAllDisplays: () => displays.map((display) => ({ ...display })),
      getPrimaryDisplay: () => ({ ...displays[0]! }),
    },
    BrowserWindow: FakeWindow,
    ipcMain: { handle: (channel: string, handler: Listener) => ipcHandlers.set(channel, handler) },
    protocol: {
      privileged: undefined as unknown,
      registerSchemesAsPrivileged(schemes: unknown) {
        this.privileged = schemes;
      },
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) => protocolHandlers.set(scheme, handler),
    },
    session: {
      defaultSession: Object.assign(session, {
        setPermissionRequestHandler: (handler: Listener) => (permission.request = handler),
        setPermissionCheckHandler: (handler: Listener) => (permission.check = handler),
        // As Electron's: a PAC result for the URL, and never a rejection (a failed lookup answers "").
        resolveProxy: (url: string) => {
          proxy.asked.push(url);
          return Promise.resolve(proxy.answer(url));
        },
      }),
    },
    shell: {
      // main.ts opens a redirect page in the data folder (electron/host/external-url.ts): the
      // system browser reads it and goes where it forwards, as a real one does.
      openExternal: async (url: string) => {
        opened.push(url);
        return browser.open(await forwardedTo(url));
      },
    },
    // The preload's side (electron/preload.ts): what it exposes, and what it sends.
    contextBridge: {
      exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api),
    },
    ipcRenderer: Object.assign(new Emitter(), {
      invoke: (channel: string, ...args: unknown[]) => {
        rendererInvokes.push({ channel, args });
        return Promise.resolve({ ok: true, value: {} });
      },
      removeListener: () => undefined,
    }),
    safeStorage: {
      getSelectedStorageBackend: () => 'gnome_libsecret',
      isAsyncEncryptionAvailable: () => Promise.resolve(true),
      encryptStringAsync: (text: string) => {
        const iv = randomBytes(12);
        const cipher = createCipheriv('aes-256-gcm', key, iv);
        const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
        return Promise.resolve(Buffer.concat([iv, cipher.getAuthTag(), body]));
      },
      decryptStringAsync: (data: Buffer) => {
        const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
        decipher.setAuthTag(data.subarray(12, 28));
        const result = Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
        return Promise.resolve({ result, shouldReEncrypt: false });
      },
    },
  };

  /** Calls main.ts's IPC handler as Electron would for a frame at `url` (null: no frame; parent: a subframe). */
  const invoke = (frame: { url: string; parent?: unknown } | null, channel: unknown, payload: unknown = {}) => {
    const handler = ipcHandlers.get('rollbook:invoke');
    if (!handler) throw new Error('main.ts registered no IPC handler');
    return handler({ senderFrame: frame }, channel, payload) as Promise<IpcResult<unknown>>;
  };

  return { module, app, session, proxy, ipcHandlers, protocolHandlers, windows, permission, opened, browser, exposed, rendererInvokes, invoke, FakeWindow, displays, lifecycle };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;

/** Where a `file:` redirect page forwards to (its meta refresh); any other URL is itself. */
async function forwardedTo(url: string): Promise<string> {
  if (!url.startsWith('file:')) return url;
  const page = await readFile(fileURLToPath(url), 'utf8');
  const target = /http-equiv="refresh" content="0;url=([^"]*)"/.exec(page)?.[1];
  if (target === undefined) throw new Error(`the page ${url} forwards nowhere`);
  return target.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
