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
 * IPC and the event stream need both. The key is there because cookies are not per port: the
 * browser would also send Rollbook's cookie to another user's server on 127.0.0.1:<other port>.
 */
const CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const KEY_HEADER = 'x-rollbook-key';
/** The name of the launch answer's `<meta>` that hands the page its key. */
export const KEY_META = 'rollbook-key';

interface Session {
  cookie: string;
  key: string;
}

export class BrowserSessions {
  readonly cookieName: string;
  readonly #codes = new Map<string, number>();
  readonly #sessions: Session[] = [];

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
    const session = { cookie: secret(), key: secret() };
    this.#sessions.push(session);
    return session;
  }

  /** The Set-Cookie value for a session. No Max-Age: the cookie ends with the browser session. */
  setCookie(session: Session): string {
    return `${this.cookieName}=${session.cookie}; HttpOnly; SameSite=Strict; Path=/`;
  }

  /** True when the request carries the cookie of a session (pages and files of the app). */
  hasCookie(req: IncomingMessage): boolean {
    return this.#sessionOf(req) !== undefined;
  }

  /** True when the request carries both the cookie and that same session's key (IPC, events). */
  hasCookieAndKey(req: IncomingMessage, key: string | null | undefined): boolean {
    const session = this.#sessionOf(req);
    return session !== undefined && typeof key === 'string' && sameSecret(session.key, key);
  }

  #sessionOf(req: IncomingMessage): Session | undefined {
    const presented = cookieValues(req.headers.cookie, this.cookieName);
    return this.#sessions.find((s) => presented.some((value) => sameSecret(s.cookie, value)));
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
