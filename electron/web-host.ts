import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
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
import { createDispatcher, type Dispatch } from './core/ipc/dispatcher';
import { SECURITY_HEADERS } from './host/csp';
import { openInSystemBrowser } from './host/external-url';
import { startHostSignIn } from './host/host-sign-in';
import { readRendererFile } from './host/static-files';

/**
 * Browser mode: the same core and renderer, served to a plain browser on 127.0.0.1. It exists so
 * Rollbook runs where no Electron runtime can be installed, and so the E2E tests drive the real
 * renderer with the real core behind it.
 *
 * The renderer is served from a fixed port (IndexedDB is per origin: a new port would be a new,
 * empty database). IPC is `POST /ipc/<channel>` guarded by a per-launch token that only the served
 * page knows, a Host check against DNS rebinding, and an Origin check against other local pages.
 */
const log = createLogger('web-host');

export const DEFAULT_BROWSER_PORT = 47820;
const MAX_IPC_BODY = 1024 * 1024;

export interface WebHostOptions {
  /** Fixed by default; 0 picks a free port (tests). */
  port?: number;
  rendererDir?: string;
  /** Demo mode starts the bundled sandbox in-process. */
  demo?: boolean;
  /** Demo mode: the demo user the sign-in plays (default the instructor; tests sign in as `admin`). */
  demoUser?: string;
  /** Where the vault file and the remembered site live (default: browserDataDir()). */
  dataDir?: string;
  /** The system browser for a real Learn sign-in (default: the platform's opener). */
  openExternal?: (url: string) => Promise<void>;
}

export interface RunningWebHost {
  url: string;
  port: number;
  /** The per-launch IPC token (tests use it to prove calls without it are refused). */
  ipcToken: string;
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
  const sandbox = demo ? await startSandbox({ port: 0 }) : undefined;
  const ipcToken = randomBytes(32).toString('base64url');

  const dataDir = options.dataDir ?? browserDataDir();
  const vault = new FileVault(dataDir);
  const eventClients = new Set<ServerResponse>();
  const emit: RunningWebHost['emit'] = (event, payload) => {
    const frame = `event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`;
    for (const client of eventClients) client.write(frame);
  };

  const signIn = await startHostSignIn({
    vault,
    dataDir,
    open: options.openExternal ?? openInSystemBrowser,
    allowedOrigins: (service) => [service.siteOrigin()],
    ...(sandbox ? { demo: { ...demoSignIn(sandbox), ...(options.demoUser ? { userName: options.demoUser } : {}) } } : {}),
    onChange: (status) => emit('auth.changed', status),
    log,
  });

  const appPort: AppHostPort = {
    host: 'browser',
    mode: demo ? 'demo' : 'learn',
    version: packageVersion(),
    learnSite: sandbox ? sandbox.learnUrl : 'not configured',
    tokenProtection: vault.protection,
    probeSandbox: async () => {
      if (!sandbox) return { learnReachable: false, allyReachable: false, demoCourseCount: 0 };
      const reachable = async (url: string): Promise<boolean> => {
        try {
          const res = await fetch(url);
          await res.body?.cancel();
          return res.status < 500;
        } catch {
          return false;
        }
      };
      return {
        learnReachable: await reachable(`${sandbox.learnUrl}/api/public/v1/oauth2/tokeninfo`),
        allyReachable: await reachable(`${sandbox.allyUrl}/api/v2/clients/1/content/unknown/status`),
        demoCourseCount: sandbox.context().directory.courses.size,
      };
    },
  };
  // Demo mode: the sandbox's Ally with its demo client; a real Learn site has no Ally credentials yet (docs/api-notes.md).
  const ally = sandbox ? new AllyClient({ baseUrl: sandbox.allyUrl, credentials: DEMO_ALLY_CLIENT, http: createAllyHttpClient() }) : undefined;
  // Ally's hashes are kept for a real site; the demo sandbox forgets its uploads when it stops.
  const dispatch = createDispatcher(coreHandlers({ app: appPort, signIn, emit, ...(ally ? { ally } : {}), ...(demo ? {} : { dataDir }) }));

  let origin = '';

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', origin);
    if (!hostAllowed(req.headers.host, url.port || String(port()))) {
      return plain(res, 421, 'Misdirected request: this server answers only on 127.0.0.1 and localhost.');
    }
    if (url.pathname.startsWith('/ipc/')) return handleIpc(req, res, url.pathname.slice('/ipc/'.length));
    if (url.pathname === '/events') return handleEvents(req, res, url);
    if (req.method !== 'GET' && req.method !== 'HEAD') return plain(res, 405, 'Method not allowed');
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

  const serveIndex = async (res: ServerResponse): Promise<void> => {
    const index = await readRendererFile(rendererDir, '/index.html');
    if (!index) return plain(res, 503, 'The renderer is not built. Run `npm run build:renderer` first.');
    // The token reaches only this page: other origins cannot read it (same-origin policy).
    const html = index.body.toString('utf8').replace('<head>', `<head>\n    <meta name="rollbook-ipc-token" content="${ipcToken}">`);
    res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(html);
  };

  const authorised = (req: IncomingMessage, presented: string | null | undefined): boolean => {
    const requestOrigin = req.headers.origin;
    if (requestOrigin !== undefined && requestOrigin !== origin && requestOrigin !== origin.replace('127.0.0.1', 'localhost')) return false;
    if (!presented) return false;
    const a = Buffer.from(presented);
    const b = Buffer.from(ipcToken);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  const handleIpc = async (req: IncomingMessage, res: ServerResponse, channel: string): Promise<void> => {
    if (req.method !== 'POST') return plain(res, 405, 'IPC calls are POST requests');
    if (!authorised(req, req.headers['x-rollbook-ipc-token'] as string | undefined)) {
      log.warn('Refused an IPC call without the launch token or from another origin', { channel });
      return plain(res, 403, 'Forbidden');
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return plain(res, 415, 'IPC bodies are application/json');
    let payload: unknown;
    try {
      const raw = await readLimited(req, MAX_IPC_BODY);
      payload = raw.length === 0 ? {} : (JSON.parse(raw.toString('utf8')) as unknown);
    } catch (error) {
      return plain(res, 400, error instanceof Error ? error.message : 'Unreadable request body');
    }
    const result = await dispatch(decodeURIComponent(channel), payload);
    const body = JSON.stringify(result);
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    res.end(body);
  };

  const handleEvents = (req: IncomingMessage, res: ServerResponse, url: URL): void => {
    // EventSource cannot send headers, so the launch token comes in the query string.
    if (!authorised(req, url.searchParams.get('token'))) return plain(res, 403, 'Forbidden');
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write(': connected\n\n');
    eventClients.add(res);
    req.on('close', () => eventClients.delete(res));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // The path only: /events carries the launch token in its query.
      log.error('Web host request failed', { path: (req.url ?? '').split('?')[0], error: String(error) });
      if (!res.headersSent) plain(res, 500, 'Internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_BROWSER_PORT, '127.0.0.1', () => resolve());
  });
  const port = (): number => (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port()}`;

  return {
    url: `${origin}/`,
    port: port(),
    ipcToken,
    sandbox,
    signIn,
    dispatch,
    emit,
    async close() {
      for (const client of eventClients) client.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await sandbox?.close();
    },
  };
}

function hostAllowed(host: string | undefined, port: string): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

function plain(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end(message);
}

async function readLimited(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error(`Request body over ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** `tsx electron/web-host.ts [--port N] [--no-demo]`: what `npm start` runs where Electron is absent. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string' }, 'no-demo': { type: 'boolean', default: false } } });
  const port = Number(values.port ?? process.env.ROLLBOOK_PORT ?? DEFAULT_BROWSER_PORT);
  const host = await startWebHost({ port, demo: !values['no-demo'] });
  log.info(`Rollbook is running in browser mode at ${host.url}`);
  if (host.sandbox) log.info(`Demo mode: the bundled sandbox serves Learn at ${host.sandbox.learnUrl} and Ally at ${host.sandbox.allyUrl}`);
  const stop = (): void => {
    void host.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    log.error('Browser mode failed to start', { error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  });
}
