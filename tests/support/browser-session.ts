import type { LaunchableHost } from './browser';

/**
 * A launch link opened by a test without a browser: the cookie the host sets and the key it hands
 * over in the launch answer (the app page, the key in a `<meta>`), as a browser would receive them. Raw HTTP tests use it to call IPC as
 * the app's own page does (and to prove every call without them is refused).
 */
export interface OpenedSession {
  origin: string;
  cookie: string;
  key: string;
  /** Headers of a call from the app's page: cookie, key, Origin and a JSON body. */
  headers(): Record<string, string>;
}

export async function openSession(host: LaunchableHost): Promise<OpenedSession> {
  const res = await fetch(host.launchUrl(), { redirect: 'manual' });
  // 503: the renderer is not built (a test's own folder); the session is handed over all the same.
  if (res.status !== 200 && res.status !== 503) throw new Error(`the launch link answered ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const key = /<meta name="rollbook-key" content="([\w-]+)">/.exec(await res.text())?.[1];
  if (!cookie.startsWith('rollbook-') || !key) throw new Error('the launch answer set no cookie or handed over no key');
  const origin = host.url.replace(/\/$/, '');
  return {
    origin,
    cookie,
    key,
    headers: () => ({ 'Content-Type': 'application/json', Cookie: cookie, 'X-Rollbook-Key': key, Origin: origin }),
  };
}
