import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Reads a file of the built renderer by URL path, refusing anything that would resolve outside
 * the renderer folder (`..`, encoded separators, absolute paths). Undefined means "not found".
 */
export async function readRendererFile(rendererDir: string, urlPath: string): Promise<{ body: Buffer; type: string } | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const root = normalize(rendererDir + sep);
  const full = normalize(join(root, relative));
  if (!full.startsWith(root)) return undefined;
  try {
    const body = await readFile(full);
    return { body, type: TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream' };
  } catch {
    return undefined;
  }
}
