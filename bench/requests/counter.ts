import type { RunningSandbox } from '../../sandbox/server';

/**
 * Requests counted at the sandbox (`GET /__sandbox/stats`: every request it answered since its
 * last reset, by "METHOD route"; sandbox/control.ts), between two moments of a scenario. The
 * benchmark injects no faults and lifts the quota, so nothing is refused before being counted.
 *
 * Three kinds, since only the first is the site's daily quota (floor.ts, R2 and R6):
 * - `learn`: Learn REST calls (`/learn/api/public/...`), less the authorization page a person's
 *   browser opens to sign in, and less the avatar calls;
 * - `photos`: avatar calls (`/users/{id}/avatar`) and the signed files they point to;
 * - `ally`: Ally's API (its own service and limits).
 */
export interface Counted {
  learn: number;
  photos: number;
  ally: number;
  /** The Learn REST calls by route, for reading where they went. */
  byRoute: Record<string, number>;
}

type Snapshot = Record<string, number>;

export function kindOf(route: string): keyof Omit<Counted, 'byRoute'> | 'other' {
  if (route.includes(' /ally/')) return 'ally';
  if (route.includes('/avatar')) return 'photos';
  if (route.includes(' /learn/api/public/') && !route.includes('/oauth2/authorizationcode')) return 'learn';
  return 'other';
}

export class RequestCounter {
  constructor(private readonly sandbox: RunningSandbox) {}

  snapshot(): Snapshot {
    return { ...this.sandbox.stats().byRoute };
  }

  total(): number {
    return this.sandbox.stats().total;
  }

  /** What was counted since `from`. */
  since(from: Snapshot): Counted {
    const out: Counted = { learn: 0, photos: 0, ally: 0, byRoute: {} };
    for (const [route, n] of Object.entries(this.sandbox.stats().byRoute)) {
      const d = n - (from[route] ?? 0);
      if (d <= 0) continue;
      const kind = kindOf(route);
      if (kind === 'other') continue;
      out[kind] += d;
      if (kind === 'learn') out.byRoute[route] = d;
    }
    return out;
  }

  /**
   * Waits until no request has reached the sandbox for `quietMs` (the app has finished what the
   * step started), at most `limitMs`.
   */
  async quiet(quietMs = 1_500, limitMs = 60_000): Promise<void> {
    const t0 = performance.now();
    let last = this.total();
    let since = performance.now();
    while (performance.now() - t0 < limitMs) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = this.total();
      if (now !== last) {
        last = now;
        since = performance.now();
      } else if (performance.now() - since >= quietMs) return;
    }
  }
}

export const add = (a: Counted, b: Counted): Counted => {
  const byRoute = { ...a.byRoute };
  for (const [k, v] of Object.entries(b.byRoute)) byRoute[k] = (byRoute[k] ?? 0) + v;
  return { learn: a.learn + b.learn, photos: a.photos + b.photos, ally: a.ally + b.ally, byRoute };
};
