import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sameSecret } from '../core/auth/pkce';

/**
 * Who may use browser mode: only the person who opened it from the launch link that `npm start`
 * printed, as Jupyter and VS Code's server do it. No secret is ever in a page anyone on the machine
 * can GET.
 *
 * A launch link carries a one-time code. Opening it gives that browser two secrets:
 * - a cookie (HttpOnly, SameSite=Strict, Path=/): the browser sends it with every request of the
 *   app, and scripts cannot read it;
 * - a key, handed over in a `<meta>` of the app page that the launch link itself answers with (the
 *   page takes it out at once; it is never in a URL, so never in a log or history) and kept by the
 *   page in localStorage, which is per origin, port included.
 * The cookie opens the app's own pages and files (none holds a secret); IPC and the event stream
 * need the key. Cookies are not per port, and on http://127.0.0.1 no browser offers anything that
 * makes them so (`Secure` and the `__Host-` prefix bind the scheme and host, never the port; port-
 * bound cookies are not shipped): every other local server the owner visits receives the cookie and
 * can overwrite it. So the cookie is never what a call is trusted on: the key is kept in
 * localStorage, which is per origin, port included, and a call needs it with this origin's exact
 * Origin. A cookie another server overwrote leaves the open window working.
 *
 * A session ends after IDLE_LIMIT_MS without a call while no event stream of it is open, and every
 * session ends when the host stops (they live only in this process's memory, and close() forgets them).
 */
const CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A working day: a window left open overnight without its event stream asks for a new link. */
export const IDLE_LIMIT_MS = 8 * 60 * 60 * 1000;
export const KEY_HEADER = 'x-rollbook-key';
/** The name of the launch answer's `<meta>` that hands the page its key. */
export const KEY_META = 'rollbook-key';

export interface Session {
  cookie: string;
  key: string;
  lastUsed: number;
  /** Event streams of this session open now: a window listening is a window in use. */
  streams: number;
}

export class BrowserSessions {
  readonly cookieName: string;
  readonly #codes = new Map<string, number>();
  #sessions: Session[] = [];

  constructor(port: number) {
    // Named after the port: another browser-mode Rollbook on this machine keeps its own.
    this.cookieName = `rollbook-${port}`;
  }

  /** A fresh one-time code for a launch link (each `npm start`, or a second one while running). */
  newCode(now = Date.now()): string {
    const code = secret();
    this.#codes.set(code, now + CODE_LIFETIME_MS);
    return code;
  }

  /** Spends a launch code: the new session's cookie and key, or undefined if the code is not good. */
  redeem(code: string | null, now = Date.now()): Session | undefined {
    if (!code) return undefined;
    let found: string | undefined;
    for (const [known, expires] of this.#codes) {
      if (expires < now) this.#codes.delete(known);
      else if (sameSecret(known, code)) found = known;
    }
    if (!found) return undefined;
    this.#codes.delete(found);
    const session: Session = { cookie: secret(), key: secret(), lastUsed: now, streams: 0 };
    this.#sessions.push(session);
    return session;
  }

  /** The Set-Cookie value for a session. No Max-Age: the cookie ends with the browser session. */
  setCookie(session: Session): string {
    return `${this.cookieName}=${session.cookie}; HttpOnly; SameSite=Strict; Path=/`;
  }

  /** True when the request carries the cookie of a live session (pages and files of the app). */
  hasCookie(req: IncomingMessage, now = Date.now()): boolean {
    const presented = cookieValues(req.headers.cookie, this.cookieName);
    return this.#live(now).some((s) => presented.some((value) => sameSecret(s.cookie, value)));
  }

  /**
   * The live session whose key this is (IPC, events), and counts the call as use. The cookie is
   * not asked for: any local server can overwrite it (see above); the key is the origin's own.
   */
  sessionOfKey(key: string | null | undefined, now = Date.now()): Session | undefined {
    if (typeof key !== 'string' || !key) return undefined;
    const session = this.#live(now).find((s) => sameSecret(s.key, key));
    if (session) session.lastUsed = now;
    return session;
  }

  /** The keys of the live sessions, not counted as use (the event stream's proof, host/stream-proof.ts). */
  liveKeys(now = Date.now()): string[] {
    return this.#live(now).map((s) => s.key);
  }

  /** An event stream of `session` opened; the returned function is called when it closes. */
  streamOpened(session: Session): () => void {
    session.streams += 1;
    return () => {
      session.streams -= 1;
      session.lastUsed = Date.now();
    };
  }

  /** Every session ends: the host is stopping. */
  revokeAll(): void {
    this.#sessions = [];
    this.#codes.clear();
  }

  #live(now: number): Session[] {
    this.#sessions = this.#sessions.filter((s) => s.streams > 0 || now - s.lastUsed <= IDLE_LIMIT_MS);
    return this.#sessions;
  }
}

function secret(): string {
  return randomBytes(32).toString('base64url');
}

/** Every value of the named cookie in a Cookie header (a browser may send the name twice). */
function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
}
