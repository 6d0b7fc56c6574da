import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { NetworkFetch } from '../http/network-fetch';

/**
 * Ally's batch operation is a GET with a JSON body (get-batched-feedback.md), which the fetch
 * standard forbids ("Request with GET/HEAD method cannot have body"). This wraps the network fetch
 * so that only such a request goes out another way: undici's own request over the agent the
 * network fetch chose for the URL (proxy, trusted certificates), which sends a body with any
 * method; every other request uses the fetch itself. It is a transport under the one HttpClient,
 * not a second client: time-outs, retries, the concurrency bound and ApiError all stay the
 * HttpClient's, and a failure is told in the same words as the fetch's.
 */
export function fetchAllowingGetBody(base: NetworkFetch): typeof fetch {
  return (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' || init?.body == null) return base(input, init);
    if (typeof init.body !== 'string') return Promise.reject(new TypeError('A GET with a body must carry a string (JSON) body.'));
    const url = input instanceof URL ? input : new URL(typeof input === 'string' ? input : input.url);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = init.body;
    const signal = init.signal ?? undefined;
    return base.carry(url, async (dispatcher) => {
      const answer = await dispatcher.request({ origin: url.origin, path: `${url.pathname}${url.search}`, method: 'GET', headers, body, ...(signal ? { signal } : {}) });
      return toResponse(answer.statusCode, answer.headers, answer.body);
    });
  };
}

// Statuses whose Response may not carry a body (fetch standard "null body status").
const NULL_BODY = new Set([101, 204, 205, 304]);

function toResponse(status: number, raw: IncomingHttpHeaders | Record<string, string | string[] | undefined>, body: Readable): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  if (NULL_BODY.has(status)) {
    body.resume();
    return new Response(null, { status, headers });
  }
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status, headers });
}
