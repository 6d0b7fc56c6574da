import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../../../shared/logger';
import { callbackPath, donePath } from './learn-site';
import { pageLanguage } from '../page-words';
import { PAGE_HEADERS, PAGES, renderPage, type LoopbackPage } from './loopback-pages';
import { sameSecret } from './pkce';
import { SignInError } from './sign-in-error';

/**
 * The loopback redirect listener of RFC 8252 §7.3: 127.0.0.1 on a port the OS picks, for one
 * sign-in. It accepts exactly one callback, on the site's path and with the expected state, and
 * answers it with a 303 to a local "done" page (so the code does not stay in the address bar or
 * the history, as MSAL Node's loopback client does); it then closes as soon as the browser has
 * the page, and at most `closeGraceMs` after the callback. A callback with another state ends
 * the sign-in (fail closed). Requests with another Host header (DNS rebinding), other paths
 * (favicon), other methods, or made by another page (a fetch, <img> or <iframe> carrying an
 * Origin or a non-document Sec-Fetch-Dest) are refused and change nothing.
 */
const log = createLogger('auth.loopback');

export interface CallbackListenerOptions {
  siteId: string;
  /** The state sent with the authorization request. */
  state: string;
  /** How long to wait for the callback before giving up (the user walked away). */
  timeoutMs: number;
  /** Cancels the wait and closes the listener. */
  signal?: AbortSignal;
  /** Longest time the listener stays up after the callback, for the done page (default 1000 ms). */
  closeGraceMs?: number;
  /** The language the app speaks (Settings): its pages use it before the browser's Accept-Language. */
  language?: string;
}

export interface CallbackListener {
  readonly port: number;
  /** `http://127.0.0.1:<port>/rollbook/<site-id>/callback` (an IP literal: RFC 8252 §8.3). */
  readonly redirectUri: string;
  /** The callback's query (right path, right state), or a SignInError: time-out, cancel, wrong state. */
  readonly callback: Promise<URLSearchParams>;
  /** Settles once nothing listens on the port any more. */
  readonly closed: Promise<void>;
  /** Stops waiting with this error and closes now (e.g. the browser could not be opened). */
  fail(error: SignInError): void;
}

/**
 * Whether a request may be the browser itself navigating (the redirect from Learn), not another
 * page's fetch, <img> or <iframe>. Browsers send Origin with every cross-origin fetch, never with a
 * GET navigation; Fetch Metadata says `Sec-Fetch-Dest: document` for a top-level navigation and
 * `empty`, `image`, `iframe`, ... for the rest. Clients that send neither (curl, Node's fetch in the
 * demo browser) pass: the state check stays the real gate.
 */
function topLevelNavigation(req: IncomingMessage): boolean {
  if (req.headers.origin !== undefined) return false;
  const dest = req.headers['sec-fetch-dest'];
  return dest === undefined || dest === 'document';
}

export async function listenForCallback(options: CallbackListenerOptions): Promise<CallbackListener> {
  const { siteId, state, timeoutMs, signal, closeGraceMs = 1000, language: appLanguage } = options;
  if (signal?.aborted) throw new SignInError('cancelled');
  const path = callbackPath(siteId);
  const done = donePath(siteId);
  let expectedHost = '';
  let port = 0;
  let answered = false;
  let donePage: LoopbackPage = PAGES.received;
  const timers: { wait?: NodeJS.Timeout; grace?: NodeJS.Timeout } = {};
  let resolveCallback!: (query: URLSearchParams) => void;
  let rejectCallback!: (error: SignInError) => void;
  const callback = new Promise<URLSearchParams>((resolve, reject) => {
    resolveCallback = resolve;
    rejectCallback = reject;
  });
  // A rejection nobody awaited yet (cancel before the caller awaits) must not crash the process.
  callback.catch(() => undefined);

  const server = createServer((req, res) => handle(req, res));
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));

  const closeNow = (): void => {
    clearTimeout(timers.wait);
    clearTimeout(timers.grace);
    signal?.removeEventListener('abort', onAbort);
    if (!server.listening) return;
    server.close();
    server.closeAllConnections();
    log.debug('Sign-in listener closed', { port });
  };
  const stop = (error: SignInError): void => {
    if (!answered) {
      answered = true;
      rejectCallback(error);
    }
    closeNow();
  };
  const onAbort = (): void => stop(new SignInError('cancelled'));

  function send(res: ServerResponse, page: LoopbackPage, then?: () => void): void {
    if (then) res.once('finish', then);
    void pageLanguage(appLanguage ?? res.req.headers['accept-language']).then((language) => {
      res.writeHead(page.status, { ...PAGE_HEADERS, 'Content-Language': language.lang, Vary: 'Accept-Language' }).end(renderPage(page, language));
    });
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    if (req.headers.host !== expectedHost) {
      log.warn('Sign-in listener refused a request for another host', { host: String(req.headers.host ?? '').slice(0, 100) });
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end('Wrong host');
      return;
    }
    if (req.method !== 'GET') {
      res.writeHead(405, { Allow: 'GET', Connection: 'close' }).end();
      return;
    }
    if (!topLevelNavigation(req)) {
      // A script, image or frame on some other page reaching for the listener (to plant its own
      // code, or to probe): the real callback is the browser following Learn's redirect. Refused
      // without ending the sign-in the user is doing.
      log.warn('Sign-in listener refused a request made by another page', { origin: String(req.headers.origin ?? '').slice(0, 100), dest: String(req.headers['sec-fetch-dest'] ?? '').slice(0, 20) });
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end('Only your browser following the Learn sign-in may call this address.');
      return;
    }
    // Appended, not resolved: a request target like `//elsewhere/...` must not change the host.
    const target = req.url ?? '/';
    const url = target.startsWith('/') && URL.canParse(`http://${expectedHost}${target}`) ? new URL(`http://${expectedHost}${target}`) : undefined;
    if (!url) return send(res, PAGES.notFound);
    if (url.pathname === done && answered) return send(res, donePage, closeNow);
    if (url.pathname !== path) return send(res, PAGES.notFound);
    if (answered) {
      log.warn('Sign-in listener refused a second callback');
      return send(res, PAGES.finished);
    }
    const received = url.searchParams.get('state');
    if (received === null || !sameSecret(received, state)) {
      log.warn('Sign-in callback carried an unexpected state; the sign-in is stopped');
      answered = true;
      donePage = PAGES.unexpected;
      rejectCallback(new SignInError('state-mismatch'));
      return send(res, PAGES.unexpected, closeNow);
    }
    answered = true;
    donePage = url.searchParams.has('error') ? (url.searchParams.get('error') === 'access_denied' ? PAGES.denied : PAGES.failed) : PAGES.received;
    clearTimeout(timers.wait);
    resolveCallback(url.searchParams);
    res.once('finish', () => {
      timers.grace = setTimeout(closeNow, closeGraceMs);
    });
    res.writeHead(303, { Location: done, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', Connection: 'close' }).end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  expectedHost = `127.0.0.1:${port}`;
  timers.wait = setTimeout(() => stop(new SignInError('timed-out')), timeoutMs);
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  log.debug('Sign-in listener started', { port });

  return {
    port,
    redirectUri: `http://${expectedHost}${path}`,
    callback,
    closed,
    fail: stop,
  };
}
