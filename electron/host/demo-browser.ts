import type { OpenExternal } from '../core/auth/authorization-flow';
import { createLogger } from '../../shared/logger';

/**
 * Demo mode's "system browser": the host walks the bundled sandbox's real login and consent pages
 * as the demo instructor, then follows Learn's redirect to the app's loopback listener. So demo
 * sign-in runs the same three-legged flow (state, PKCE, loopback, code exchange) as a real site,
 * with the host playing the user.
 *
 * It knows the demo password, so only the hosts create it (they pass what they import from the
 * sandbox), and it refuses to go anywhere but the sandbox's own origin: it is never an
 * openExternal for a real Learn site.
 */
const log = createLogger('host.demo-browser');

export interface DemoBrowserOptions {
  /** The sandbox's origin (`http://127.0.0.1:PORT`): the only place this browser goes. */
  sandboxOrigin: string;
  userName: string;
  password: string;
}

export function demoBrowser(options: DemoBrowserOptions): OpenExternal {
  const origin = new URL(options.sandboxOrigin).origin;
  return (url) => {
    const authorization = new URL(url);
    if (authorization.origin !== origin) return Promise.reject(new Error('The demo browser opens only the bundled sandbox.'));
    // Resolve at once, as a real browser does once it is up; the flow waits for the callback.
    walk(authorization, options).catch((error: unknown) => {
      log.warn('The demo sign-in did not reach the app', { error: error instanceof Error ? error.message : typeof error });
    });
    return Promise.resolve();
  };
}

async function walk(authorization: URL, options: DemoBrowserOptions): Promise<void> {
  const start = await fetch(authorization, { redirect: 'manual' });
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const submit = async (page: string, fields: Record<string, string>): Promise<Response> => {
    const hidden = Object.fromEntries([...page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1] ?? '', decodeHtml(m[2] ?? '')]));
    if (!hidden.pending) throw new Error('The sandbox did not show its sign-in form.');
    return fetch(new URL('/learn/api/public/v1/oauth2/authorizationcode', authorization), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams({ ...hidden, ...fields }).toString(),
    });
  };
  const consent = await submit(await start.text(), { username: options.userName, password: options.password });
  const answered = await submit(await consent.text(), { decision: 'allow' });
  const location = answered.headers.get('location');
  await answered.body?.cancel();
  if (answered.status !== 302 || !location) throw new Error(`The sandbox's consent page answered ${answered.status}.`);
  // The callback goes to the app's own loopback listener (127.0.0.1), as a browser would.
  const callback = new URL(location, authorization);
  if (callback.hostname !== '127.0.0.1') throw new Error('The sandbox redirected somewhere other than the loopback.');
  const back = await fetch(callback, { redirect: 'manual' });
  await back.body?.cancel();
  // And on to the listener's "you can close this page" page, as a browser does: until it is asked
  // for, the listener stays up for its grace period (a second), and the sign-in waits for it.
  const done = back.headers.get('location');
  if (back.status !== 303 || !done) return;
  const page = await fetch(new URL(done, callback), { redirect: 'manual' });
  await page.body?.cancel();
}

function decodeHtml(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
