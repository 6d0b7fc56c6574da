import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createLogger } from '../shared/logger';
import type { EventName, EventOf } from '../shared/ipc/contract';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { demoSignIn } from '../sandbox/demo-sign-in';
import type { AppHostPort } from './core/app/app-handlers';
import { coreHandlers } from './core/app/core-handlers';
import { AllyClient, createAllyHttpClient } from './core/ally';
import { DEMO_ALLY_CLIENT } from '../sandbox/core/context';
import { browserDataDir } from './core/app/data-folder';
import type { SignInService } from './core/app/sign-in-service';
import { FileVault } from './core/auth/file-vault';
import { RequestBudgets } from './core/http/request-budgets';
import { createDispatcher, type Dispatch } from './core/ipc/dispatcher';
import { BrowserSessions, KEY_HEADER } from './host/browser-session';
import { browserPort } from './host/browser-port';
import { SECURITY_HEADERS } from './host/csp';
import { CONTROL_PATH, startLaunchControl } from './host/launch-control';
import { pageLanguage } from './core/page-words';
import { howToOpenPage, notBuiltPage, OWNER_CSS, OWNER_CSS_PATH, spentLinkPage, withLaunchKey } from './host/owner-pages';
import { systemBrowser } from './host/external-url';
import { startHostSignIn } from './host/host-sign-in';
import { createRefusalLog, type RefusalLog } from './host/refusal-log';
import { answerStreamQuestion } from './host/stream-proof';
import { STREAM_PROOF_PATH } from '../shared/ipc/stream-proof';
import { readRendererFile } from './host/static-files';
import { checkTarget, html, json, plain, readJson } from './host/web-replies';

/**
 * Browser mode: the same core and renderer, served to a plain browser on 127.0.0.1. It exists so
 * Rollbook runs where no Electron runtime can be installed, and so the E2E tests drive the real
 * renderer with the real core behind it.
 *
 * It opens only from the launch link it prints (host/browser-session.ts): a browser without the
 * link's cookie gets a page saying how to open Rollbook, and IPC (`POST /ipc/<channel>`) and the
 * event stream need the key that came with it (per origin; the cookie, which any local server can
 * receive or overwrite, is not asked for), plus a Host check against DNS
 * rebinding (the port actually bound; `localhost` is sent to 127.0.0.1, one origin, one store) and
 * an Origin check against other local pages. The port is the data folder's own
 * (host/browser-port.ts): IndexedDB is per origin, so a new port would be a new, empty database.
 */
const log = createLogger('web-host');


export interface WebHostOptions {
  /** The data folder's own port by default (host/browser-port.ts); 0 picks a free port (tests). */
  port?: number;
  rendererDir?: string;
  /** Demo mode starts the bundled sandbox in-process. */
  demo?: boolean;
  /** Demo mode: the demo user the sign-in plays (default the instructor; tests sign in as `admin`). */
  demoUser?: string;
  /** Where the vault file and the remembered site live (default: browserDataDir()). */
  dataDir?: string;
  /** The system browser for a real Learn sign-in (default: the platform's opener, through a redirect page). */
  openExternal?: (url: string) => Promise<void>;
  /** The deployment file IT manages (default: the operating system's managed path, docs/deploying.md); null: none. */
  deploymentFile?: string | null;
  /**
   * Called as soon as the port is bound, before the sandbox and the sign-in are ready: from then on
   * the page (the app's shell) is served, and IPC calls wait until the rest is up. A launch link
   * printed here works at once.
   */
  onListening?: (listening: { url: string; launchUrl: () => string }) => void;
}

export interface RunningWebHost {
  /** The app's address (it answers only browsers opened from a launch link). */
  url: string;
  port: number;
  /** A fresh one-time launch link: opening it in a browser lets that browser use Rollbook. */
  launchUrl(): string;
  sandbox: RunningSandbox | undefined;
  signIn: SignInService;
  dispatch: Dispatch;
  emit<E extends EventName>(event: E, payload: EventOf<E>): void;
  close(): Promise<void>;
}

const packageVersion = (): string => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
};

export async function startWebHost(options: WebHostOptions = {}): Promise<RunningWebHost> {
  const rendererDir = options.rendererDir ?? fileURLToPath(new URL('../dist/renderer', import.meta.url));
  const demo = options.demo ?? true;
  const dataDir = options.dataDir ?? browserDataDir();
  const port = options.port ?? (await browserPort(dataDir)).port;

  // Listen first: a taken port is known before anything slow starts, and nothing is left running.
  let handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> = () => Promise.reject(new Error('not ready'));
  // Any local account can send refused calls by the thousand: logged within a budget (refusal-log.ts).
  const refusals = createRefusalLog(log);
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // The path only: a launch link and /events carry secrets in their query.
      log.error('Web host request failed', { path: (req.url ?? '').split('?')[0], error: String(error) });
      if (!res.headersSent) plain(res, 500, 'Internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const boundPort = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${boundPort}`;
  const sessions = new BrowserSessions(boundPort);
  const launchUrl = (): string => `${origin}/launch?code=${sessions.newCode()}`;

  // The slow part (the demo sandbox and its data, the kept sign-in) starts now, while the browser
  // already loads the page: IPC calls, events and the launch control wait for it.
  const eventClients = new Set<ServerResponse>();
  const emit: RunningWebHost['emit'] = (event, payload) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const client of eventClients) client.write(frame);
  };
  const ready = startCore({ options, demo, dataDir, port: boundPort, emit, refusals });
  ready.catch(() => server.close());

  handle = async (req, res) => {
    const target = checkTarget(req, boundPort);
    if (target === 'misdirected') return plain(res, 421, 'Misdirected request: Rollbook answers only at 127.0.0.1 on its own port.');
    const url = new URL(req.url ?? '/', origin);
    const api = url.pathname.startsWith('/ipc/') || url.pathname === '/events' || url.pathname === CONTROL_PATH || url.pathname === STREAM_PROOF_PATH;
    if (target === 'localhost') {
      // One origin, one offline store: localhost would be a second origin with its own IndexedDB.
      if (api || (req.method !== 'GET' && req.method !== 'HEAD')) return plain(res, 421, 'Misdirected request: use 127.0.0.1, not localhost.');
      res.writeHead(308, { Location: `${origin}${url.pathname}${url.search}`, 'Cache-Control': 'no-store' });
      return void res.end();
    }
    if (url.pathname === CONTROL_PATH) return handleControl(req, res, await ready);
    if (url.pathname.startsWith('/ipc/')) return handleIpc(req, res, url.pathname.slice('/ipc/'.length), await ready);
    if (url.pathname === '/events') return handleEvents(req, res, url);
    if (url.pathname === STREAM_PROOF_PATH) return handleStreamProof(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed');
    if (url.pathname === '/launch') return handleLaunch(req, res, url.searchParams.get('code'));
    if (url.pathname === OWNER_CSS_PATH) {
      res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' });
      return void res.end(req.method === 'HEAD' ? undefined : OWNER_CSS);
    }
    // Nothing of the app, page or file, goes to a browser that did not come through a launch link.
    if (!sessions.hasCookie(req)) return html(res, 401, howToOpenPage(await pageLanguage(req.headers['accept-language'])));
    const file = await readRendererFile(rendererDir, url.pathname);
    if (!file) {
      // Client-side routes fall back to the app shell; asset misses are real 404s.
      if (/\.[a-z0-9]+$/i.test(url.pathname)) return plain(res, 404, 'Not found');
      return serveIndex(res);
    }
    if (file.type.startsWith('text/html')) return serveIndex(res);
    res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': file.type, 'Cache-Control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  };

  const handleLaunch = async (req: IncomingMessage, res: ServerResponse, code: string | null): Promise<void> => {
    const session = sessions.redeem(code);
    if (!session) return html(res, 403, spentLinkPage(await pageLanguage(req.headers['accept-language'])));
    log.info('Opened from a launch link');
    // The app itself, not a page that moves on to it: one navigation less (owner-pages.ts says why it stays safe).
    const index = await readRendererFile(rendererDir, '/index.html');
    const [status, page] = index ? [200, index.body.toString('utf8')] : [503, notBuiltPage(await pageLanguage(req.headers['accept-language']))];
    html(res, status, withLaunchKey(page, session.key), { 'Set-Cookie': sessions.setCookie(session) });
  };

  const serveIndex = async (res: ServerResponse): Promise<void> => {
    const index = await readRendererFile(rendererDir, '/index.html');
    if (!index) return plain(res, 503, 'The renderer is not built. Run `npm run build:renderer` first.');
    html(res, 200, index.body.toString('utf8'));
  };

  /**
   * IPC and events: a live session's key, and nothing that says another site sent it. The cookie
   * is not asked for: another local server can overwrite it (host/browser-session.ts).
   */
  const authorised = (req: IncomingMessage, key: string | null | undefined, originRequired: boolean) => {
    const requestOrigin = req.headers.origin;
    if (requestOrigin === undefined ? originRequired : requestOrigin !== origin) return undefined;
    const fetchSite = req.headers['sec-fetch-site'];
    if (fetchSite !== undefined && fetchSite !== 'same-origin') return undefined;
    return sessions.sessionOfKey(key);
  };

  const handleIpc = async (req: IncomingMessage, res: ServerResponse, channel: string, { dispatch }: Core): Promise<void> => {
    if (req.method !== 'POST') return plain(res, 405, 'IPC calls are POST requests');
    // A browser always sends Origin with a POST: one without it is not the app's page.
    if (!authorised(req, req.headers[KEY_HEADER] as string | undefined, true)) {
      refusals.refused('Refused an IPC call without a live launch key, or from another origin', { channel });
      return plain(res, 403, 'Forbidden');
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return plain(res, 415, 'IPC bodies are application/json');
    let payload: unknown;
    try {
      payload = await readJson(req);
    } catch (error) {
      return plain(res, 400, error instanceof Error ? error.message : 'Unreadable request body');
    }
    const result = await dispatch(decodeURIComponent(channel), payload);
    json(res, 200, result);
  };

  const handleEvents = (req: IncomingMessage, res: ServerResponse, url: URL): void => {
    // EventSource cannot send headers, so the key comes in the query string; the cookie comes by itself.
    const session = authorised(req, url.searchParams.get('key'), false);
    if (!session) return plain(res, 403, 'Forbidden');
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    eventClients.add(res);
    const closed = sessions.streamOpened(session);
    req.on('close', () => {
      eventClients.delete(res);
      closed();
    });
  };

  /** The page asking this host to prove it holds its key before the event stream sends it (host/stream-proof.ts). */
  const handleStreamProof = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const fromPage = req.method === 'POST' && req.headers.origin === origin && (req.headers['sec-fetch-site'] ?? 'same-origin') === 'same-origin';
    const answer = fromPage ? answerStreamQuestion(await readJson(req).catch(() => undefined), sessions.liveKeys()) : undefined;
    if (!answer) {
      refusals.refused('Refused an event stream question without a live session, or from another origin');
      return plain(res, 403, 'Forbidden');
    }
    json(res, 200, answer);
  };

  /** A second `npm start` asking for a fresh launch link (host/launch-control.ts proves who asks). */
  const handleControl = async (req: IncomingMessage, res: ServerResponse, { answerControl }: Core): Promise<void> => {
    if (req.method !== 'POST' || req.headers.origin !== undefined) return plain(res, 403, 'Forbidden');
    const answer = answerControl(await readJson(req).catch(() => undefined), launchUrl);
    if (!answer) return plain(res, 403, 'Forbidden');
    log.info('Gave a fresh launch link to a second start');
    json(res, 200, answer);
  };

  options.onListening?.({ url: `${origin}/`, launchUrl });
  const { sandbox, signIn, dispatch, writesDone } = await ready;
  return {
    url: `${origin}/`,
    port: boundPort,
    launchUrl,
    sandbox,
    signIn,
    dispatch,
    emit,
    async close() {
      refusals.close();
      // Stopped is signed out of this browser: a page served later on this port (a squatter's) finds no live key.
      sessions.revokeAll();
      for (const client of eventClients) client.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await writesDone();
      await sandbox?.close();
    },
  };
}

/** What IPC and the launch control need: the sandbox (demo mode), the sign-in and the handlers. */
interface Core {
  sandbox: RunningSandbox | undefined;
  signIn: SignInService;
  dispatch: Dispatch;
  answerControl: Awaited<ReturnType<typeof startLaunchControl>>;
  /** Settles once the writes begun on the side (a store key made as a sign-in ends) are done. */
  writesDone: () => Promise<void>;
}

async function startCore(at: { options: WebHostOptions; demo: boolean; dataDir: string; port: number; emit: RunningWebHost['emit']; refusals: RefusalLog }): Promise<Core> {
  const { options, demo, dataDir, emit } = at;
  let sandbox: RunningSandbox | undefined;
  let answerControl: Core['answerControl'];
  try {
    sandbox = demo ? await startSandbox({ port: 0 }) : undefined;
    answerControl = await startLaunchControl(dataDir, at.port);
  } catch (error) {
    await sandbox?.close();
    throw error;
  }
  const vault = new FileVault(dataDir);
  // Each Learn site's daily request quota, kept in the data folder: reopened the same day, Rollbook still knows.
  const budgets = await RequestBudgets.open(dataDir);
  const signIn = await startHostSignIn({
    vault,
    dataDir,
    budgets,
    open: options.openExternal ?? systemBrowser(dataDir),
    allowedOrigins: (service) => [service.siteOrigin()],
    ...(sandbox ? { demo: { ...demoSignIn(sandbox), ...(options.demoUser ? { userName: options.demoUser } : {}) } } : {}),
    onChange: (status) => emit('auth.changed', status),
    log,
    ...(options.deploymentFile !== undefined ? { deploymentFile: options.deploymentFile } : {}),
  });

  const appPort: AppHostPort = {
    host: 'browser',
    mode: demo ? 'demo' : 'learn',
    version: packageVersion(),
    learnSite: sandbox ? sandbox.learnUrl : 'not configured',
    tokenProtection: vault.protection,
    tokenProtectionWords: vault.protectionWords,
    probeSandbox: async () => {
      if (!sandbox) return { learnReachable: false, allyReachable: false, demoCourseCount: 0 };
      const reachable = async (url: string, init?: RequestInit): Promise<boolean> => {
        try {
          const res = url.startsWith('/') ? await sandbox.controlFetch(url, init) : await fetch(url, init);
          await res.body?.cancel();
          return res.status < 500;
        } catch {
          return false;
        }
      };
      return {
        // The sandbox's own control path: asking whether it answers spends none of Learn's quota (a REST call would be counted as one).
        learnReachable: await reachable('/__sandbox/clock'),
        allyReachable: await reachable(`${sandbox.allyUrl}/api/v2/clients/1/content/unknown/status`),
        demoCourseCount: sandbox.context().directory.courses.size,
      };
    },
  };
  // Demo mode: the sandbox's Ally with its demo client; a real site's Ally comes from its deployment file (SignInService.ally).
  const ally = sandbox ? new AllyClient({ baseUrl: sandbox.allyUrl, credentials: DEMO_ALLY_CLIENT, http: createAllyHttpClient() }) : undefined;
  // Ally's hashes are kept for a real site; the demo sandbox forgets its uploads when it stops.
  // A stopped host has written what it began: the data folder may be removed after close().
  const writes = new Set<Promise<void>>();
  const writing = (work: Promise<void>): void => {
    writes.add(work);
    void work.finally(() => writes.delete(work));
  };
  const dispatch = createDispatcher(coreHandlers({ app: appPort, signIn, emit, budgets, vault, writing, journalDir: dataDir, ...(ally ? { ally } : {}), ...(demo ? {} : { dataDir }) }), at.refusals);
  return { sandbox, signIn, dispatch, answerControl, writesDone: () => Promise.all(writes).then(() => undefined) };
}
