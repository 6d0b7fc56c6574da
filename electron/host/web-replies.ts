import type { IncomingMessage, ServerResponse } from 'node:http';
import { SECURITY_HEADERS } from './csp';

/** Browser mode's small HTTP pieces: whom a request is for, and the replies it sends. */
const MAX_BODY = 1024 * 1024;

/**
 * Whom a request is for: this host (127.0.0.1 on the port actually bound), its `localhost` twin,
 * or anything else (DNS rebinding, another port in an absolute-form request line).
 */
export function checkTarget(req: IncomingMessage, port: number): 'ok' | 'localhost' | 'misdirected' {
  const host = req.headers.host;
  const raw = req.url ?? '/';
  if (!raw.startsWith('/')) {
    // Absolute form (`GET http://host:port/ HTTP/1.1`): its authority must be the Host header's.
    let authority: string;
    try {
      authority = new URL(raw).host;
    } catch {
      return 'misdirected';
    }
    if (authority !== host) return 'misdirected';
  }
  if (host === `127.0.0.1:${port}`) return 'ok';
  if (host === `localhost:${port}`) return 'localhost';
  return 'misdirected';
}

export function plain(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
  res.end(message);
}

export function html(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  res.end(body);
}

export function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(JSON.stringify(value));
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error(`Request body over ${MAX_BODY} bytes`);
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks);
  return raw.length === 0 ? {} : (JSON.parse(raw.toString('utf8')) as unknown);
}

