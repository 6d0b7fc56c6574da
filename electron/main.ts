import { app, BrowserWindow, ipcMain, protocol, screen, session, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EventName, EventOf } from '../shared/ipc/contract';
import { createLogger } from '../shared/logger';
import { demoSignIn } from '../sandbox/demo-sign-in';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { coreHandlers } from './core/app/core-handlers';
import { AllyClient, createAllyHttpClient } from './core/ally';
import { DEMO_ALLY_CLIENT } from '../sandbox/core/context';
import { FileVault } from './core/auth/file-vault';
import { RequestBudgets } from './core/http/request-budgets';
import { createDispatcher } from './core/ipc/dispatcher';
import { useDesktopNetwork } from './host/desktop-network';
import { claimSingleInstance, keepWindowState, keptPlacement, setAboutPanel } from './host/app-lifecycle';
import { startUpdates } from './host/app-updates';
import { SECURITY_HEADERS } from './host/csp';
import { openThroughRedirectFile } from './host/external-url';
import { createRefusalLog } from './host/refusal-log';
import { startHostSignIn } from './host/host-sign-in';
import { SafeStorageVault } from './host/safe-storage-vault';
import { readRendererFile } from './host/static-files';
import { downloadAllowed, guardWebContents } from './host/web-contents-guards';
import { APP_ENTRY, APP_HOST, APP_SCHEME, isAppUrl, windowOptions } from './host/window-options';

/**
 * Electron glue only: lifecycle, the window, the app:// protocol with its CSP, and the IPC
 * handlers. Everything else lives in core/ and runs under plain Node.
 */
const log = createLogger('main');
const INVOKE = 'rollbook:invoke';
const EVENT_PREFIX = 'rollbook:event:';
const rendererDir = join(__dirname, '../renderer');
const demo = process.argv.includes('--demo') || !process.argv.includes('--learn');

// Must run before `ready`: app:// behaves as a secure, standard origin, so IndexedDB persists.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
]);

let sandbox: RunningSandbox | undefined;
let mainWindow: BrowserWindow | undefined;
let windowStateKept: () => Promise<void> = () => Promise.resolve();
// The window's icon on Linux (build/icons.mjs puts it among the renderer's files).
const windowIcon = process.platform === 'linux' ? join(rendererDir, 'icon.png') : undefined;

async function ready(): Promise<void> {
  // Every request to Learn and Ally: the one network fetch, routed by this computer's proxy settings.
  useDesktopNetwork(session.defaultSession);
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
    const file = (await readRendererFile(rendererDir, url.pathname)) ?? (await readRendererFile(rendererDir, '/index.html'));
    if (!file) return new Response('The renderer is not built', { status: 503 });
    return new Response(new Uint8Array(file.body), { headers: { ...SECURITY_HEADERS, 'Content-Type': file.type } });
  });

  // Deny every permission (camera, notifications, ...) by default.
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  // Files are saved only as blob downloads the app's own page makes (ui/save-file.ts).
  session.defaultSession.on('will-download', (event, item) => {
    const url = item.getURL();
    if (downloadAllowed(url)) return;
    event.preventDefault();
    log.warn('Cancelled a download from outside Rollbook', { origin: safeOrigin(url) });
  });

  if (demo) sandbox = await startSandbox({ port: 0 });
  const dataDir = app.getPath('userData');
  // The file holds only ciphertext: safeStorage encrypts every secret before it is written.
  const vault = new SafeStorageVault(new FileVault(dataDir));
  // Each Learn site's daily request quota, kept in the data folder: reopened the same day, Rollbook still knows.
  const budgets = await RequestBudgets.open(dataDir);
  const signIn = await startHostSignIn({
    vault,
    dataDir,
    budgets,
    // The browser is given a page in the data folder that forwards to the sign-in URL: an opener's
    // arguments (xdg-open's, the browser's own) are readable by every account (host/external-url.ts).
    open: async (url) => {
      await openThroughRedirectFile(url, dataDir, (file) => shell.openExternal(pathToFileURL(file).href));
    },
    allowedOrigins: (service) => [service.siteOrigin(), sandbox?.origin],
    ...(sandbox ? { demo: demoSignIn(sandbox) } : {}),
    onChange: (status) => emit('auth.changed', status),
    log,
  });
  // Checks at start and daily, downloads in the background, installs on quit (host/app-updates.ts).
  const updates = await startUpdates(app, createLogger('updates'));
  // A page or frame can send refused calls by the thousand: logged within a budget (refusal-log.ts).
  const refusals = createRefusalLog(log);
  app.on('will-quit', () => refusals.close());
  const dispatch = createDispatcher(
    coreHandlers({
      app: {
        host: 'desktop',
        mode: demo ? 'demo' : 'learn',
        version: app.getVersion(),
        learnSite: sandbox ? sandbox.learnUrl : 'not configured',
        tokenProtection: vault.protection,
        tokenProtectionWords: vault.protectionWords,
        probeSandbox: () =>
          Promise.resolve({ learnReachable: sandbox !== undefined, allyReachable: sandbox !== undefined, demoCourseCount: sandbox?.context().directory.courses.size ?? 0 }),
      },
      signIn,
      emit,
      budgets,
      updates,
      vault,
      journalDir: dataDir,
      // Ally's hashes are kept for a real site; the demo sandbox forgets its uploads when it stops.
      ...(demo ? {} : { dataDir }),
      // Demo mode: the sandbox's Ally with its demo client; a real site's Ally comes from its deployment file (SignInService.ally).
      ...(sandbox ? { ally: new AllyClient({ baseUrl: sandbox.allyUrl, credentials: DEMO_ALLY_CLIENT, http: createAllyHttpClient() }) } : {}),
    }),
    refusals,
  );

  ipcMain.handle(INVOKE, async (event, channel: unknown, payload: unknown) => {
    // Only our own page may call: a frame from any other origin, or any subframe, is refused.
    const senderUrl = event.senderFrame?.url ?? '';
    const subframe = event.senderFrame?.parent != null;
    if (!isAppUrl(senderUrl) || subframe || typeof channel !== 'string') {
      refusals.refused('Refused an IPC call from an unexpected sender', { origin: safeOrigin(senderUrl), subframe });
      return { ok: false, error: { name: 'Forbidden', message: 'Calls are accepted only from Rollbook’s own window.' } };
    }
    return dispatch(channel, payload);
  });

  setAboutPanel(app, windowIcon);
  await createWindow(dataDir);
}

/** Pushes an event to every Rollbook window (preload.ts listens on `rollbook:event:<name>`). */
function emit<E extends EventName>(event: E, payload: EventOf<E>): void {
  for (const window of BrowserWindow.getAllWindows()) {
    if (!window.isDestroyed() && isAppUrl(window.webContents.getURL())) window.webContents.send(EVENT_PREFIX + event, payload);
  }
}

async function createWindow(dataDir: string): Promise<void> {
  const placement = await keptPlacement(dataDir, screen.getAllDisplays());
  const window = new BrowserWindow(windowOptions(join(__dirname, 'preload.cjs'), { placement, ...(windowIcon ? { icon: windowIcon } : {}) }));
  mainWindow = window;
  windowStateKept = keepWindowState(window, dataDir, log);
  window.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  window.webContents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    // Nothing opens a window. Links reach the system browser only through the allow-listed
    // openExternal port of the core, never from here.
    log.info('Blocked a window.open', { origin: safeOrigin(url) });
    return { action: 'deny' };
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  // maximize() shows a hidden window: done here, so the page is painted first either way.
  window.once('ready-to-show', () => (placement.maximized ? window.maximize() : window.show()));
  void window.loadURL(APP_ENTRY);
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'unparseable URL';
  }
}

// Every web contents, not only the window: no navigation away, no window.open, no <webview>.
app.on('web-contents-created', (_event, contents) => guardWebContents(contents, log));

app.on('window-all-closed', () => {
  void sandbox?.close();
  void windowStateKept().finally(() => app.quit());
});

// One Rollbook per user: a second launch brings this one's window forward and quits at once.
if (!claimSingleInstance(app, () => mainWindow)) app.quit();
else {
  app.whenReady().then(ready).catch((error: unknown) => {
    log.error('Rollbook failed to start', { error: error instanceof Error ? error.message : String(error) });
    app.quit();
  });
}
