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
import type { IpcResult } from '../../shared/ipc/contract';

type Listener = (...args: unknown[]) => unknown;

class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener): this {
    return this.on(event, listener);
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

  class FakeWindow extends Emitter {
    readonly webContents = new FakeWebContents();
    constructor(readonly options: { webPreferences?: Record<string, unknown> }) {
      super();
      windows.push(this);
      for (const listener of app.listeners.get('web-contents-created') ?? []) listener({}, this.webContents);
    }
    static getAllWindows(): FakeWindow[] {
      return windows;
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

  const module = {
    app: Object.assign(app, {
      whenReady: () => Promise.resolve(),
      getVersion: () => '0.1.0',
      getPath: () => userData.path,
      quit: () => undefined,
    }),
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
      openExternal: (url: string) => {
        opened.push(url);
        return browser.open(url);
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

  return { module, app, session, proxy, ipcHandlers, protocolHandlers, windows, permission, opened, browser, exposed, rendererInvokes, invoke, FakeWindow };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
