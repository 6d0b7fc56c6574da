import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';

/**
 * Ally's batch operation is a GET with a JSON body (get-batched-feedback.md), which the fetch
 * standard forbids ("Request with GET/HEAD method cannot have body"). This wraps a fetch so that
 * only such a request goes out another way; every other request uses the fetch given.
 * It is a transport under the one HttpClient, not a second client: time-outs, retries, the
 * concurrency bound and ApiError all stay the HttpClient's. Under the network fetch made in
 * electron/core/http/network-fetch.ts it goes through that fetch's own agent (proxy, trusted
 * certificates); under another fetch (the desktop's net.fetch, tests) through node:http(s).
 */
export function fetchAllowingGetBody(base: typeof fetch = fetch): typeof fetch {
  const dispatcherFor = 'dispatcherFor' in base && typeof base.dispatcherFor === 'function' ? (base.dispatcherFor as (url: URL) => Dispatcher) : undefined;
  return (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' || init?.body == null) return base(input, init);
    if (typeof init.body !== 'string') return Promise.reject(new TypeError('A GET with a body must carry a string (JSON) body.'));
    const url = input instanceof URL ? input : new URL(typeof input === 'string' ? input : input.url);
    const headers = new Headers(init.headers);
    const signal = init.signal ?? undefined;
    return dispatcherFor ? viaDispatcher(dispatcherFor(url), url, init.body, headers, signal) : getWithBody(url, init.body, headers, signal);
  };
}

async function viaDispatcher(dispatcher: Dispatcher, url: URL, body: string, headers: Headers, signal: AbortSignal | undefined): Promise<Response> {
  const answer = await dispatcher.request({
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: 'GET',
    headers: Object.fromEntries(headers.entries()),
    body,
    ...(signal ? { signal } : {}),
  });
  return toResponse(answer.statusCode, '', answer.headers, answer.body);
}

function getWithBody(url: URL, body: string, headers: Headers, signal: AbortSignal | undefined): Promise<Response> {
  const outgoing: Record<string, string> = Object.fromEntries(headers.entries());
  outgoing['content-length'] = String(Buffer.byteLength(body));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    const req = send(url, { method: 'GET', headers: outgoing, ...(signal ? { signal } : {}) }, (res: IncomingMessage) =>
      resolve(toResponse(res.statusCode ?? 502, res.statusMessage ?? '', res.headers, res)),
    );
    req.on('error', reject);
    req.end(body);
  });
}

// Statuses whose Response may not carry a body (fetch standard "null body status").
const NULL_BODY = new Set([101, 204, 205, 304]);

function toResponse(status: number, statusText: string, raw: IncomingHttpHeaders | Record<string, string | string[] | undefined>, body: Readable): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  if (NULL_BODY.has(status)) {
    body.resume();
    return new Response(null, { status, headers });
  }
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status, statusText, headers });
}
