import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningSandbox } from '../../sandbox/server';

/**
 * A small recording proxy between the real Learn client and the sandbox, for what the sandbox's
 * stats cannot show: the bodies the client sends, and answers as another Learn might give them
 * (a status the sandbox does not use). It forwards every request unchanged and, unless `rewrite`
 * says otherwise, returns the sandbox's answer unchanged. A request whose answer the sandbox drops
 * (the `dropAfterApply` fault) is dropped to the client too, after `onLost` has run.
 */
export interface SeenRequest {
  method: string;
  /** Path and query, as the client sent them. */
  url: string;
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown;
}

export interface Answer {
  status: number;
  body: string;
}

export interface ProxyOptions {
  /** Another answer for this request, or undefined to pass the sandbox's on. */
  rewrite?: (request: SeenRequest, answer: Answer) => Answer | undefined;
  /** Runs when the sandbox dropped this request's answer, before the client's connection is dropped. */
  onLost?: (request: SeenRequest) => Promise<void>;
}

export interface LearnProxy {
  /** The Learn base URL to give the client (`http://127.0.0.1:port/learn`). */
  learnUrl: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

const FORWARDED_HEADERS = ['authorization', 'content-type', 'accept'];
const RETURNED_HEADERS = ['content-type', 'retry-after', 'location', 'x-rate-limit-limit', 'x-rate-limit-remaining', 'x-rate-limit-reset'];

export async function startLearnProxy(sandbox: RunningSandbox, options: ProxyOptions = {}): Promise<LearnProxy> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readAll(req);
      const text = raw.toString('utf8');
      const request: SeenRequest = { method: req.method ?? 'GET', url: req.url ?? '/', body: text ? parseJson(text) : undefined };
      seen.push(request);
      const headers: Record<string, string> = {};
      for (const name of FORWARDED_HEADERS) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      let upstream: Response;
      try {
        upstream = await fetch(`${sandbox.origin}${request.url}`, { method: request.method, headers, ...(raw.length > 0 ? { body: new Uint8Array(raw) } : {}), redirect: 'manual' });
      } catch {
        await options.onLost?.(request);
        req.socket.destroy();
        return;
      }
      const answer: Answer = { status: upstream.status, body: await upstream.text() };
      const sent = options.rewrite?.(request, answer) ?? answer;
      const out: Record<string, string> = {};
      for (const name of RETURNED_HEADERS) {
        const value = upstream.headers.get(name);
        if (value !== null) out[name] = value;
      }
      res.writeHead(sent.status, out).end(sent.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    learnUrl: `http://127.0.0.1:${port}/learn`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
