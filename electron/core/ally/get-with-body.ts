import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';

/**
 * Ally's batch operation is a GET with a JSON body (get-batched-feedback.md), which the fetch
 * standard forbids ("Request with GET/HEAD method cannot have body"). This wraps a fetch so that
 * only such a request goes out through node:http(s); every other request uses the fetch given.
 * It is a transport under the one HttpClient, not a second client: time-outs, retries, the
 * concurrency bound and ApiError all stay the HttpClient's.
 */
export function fetchAllowingGetBody(base: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' || init?.body == null) return base(input, init);
    if (typeof init.body !== 'string') return Promise.reject(new TypeError('A GET with a body must carry a string (JSON) body.'));
    const url = input instanceof URL ? input : new URL(typeof input === 'string' ? input : input.url);
    return getWithBody(url, init.body, new Headers(init.headers), init.signal ?? undefined);
  };
}

function getWithBody(url: URL, body: string, headers: Headers, signal: AbortSignal | undefined): Promise<Response> {
  const outgoing: Record<string, string> = Object.fromEntries(headers.entries());
  outgoing['content-length'] = String(Buffer.byteLength(body));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Response>((resolve, reject) => {
    const req = send(url, { method: 'GET', headers: outgoing, ...(signal ? { signal } : {}) }, (res) => resolve(toResponse(res)));
    req.on('error', reject);
    req.end(body);
  });
}

// Statuses whose Response may not carry a body (fetch standard "null body status").
const NULL_BODY = new Set([101, 204, 205, 304]);

function toResponse(res: IncomingMessage): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const status = res.statusCode ?? 502;
  if (NULL_BODY.has(status)) {
    res.resume();
    return new Response(null, { status, headers });
  }
  return new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, { status, statusText: res.statusMessage ?? '', headers });
}
