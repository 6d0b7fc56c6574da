import type { SandboxRequest } from './http';
import { badRequest } from './errors';

/** Learn's default and maximum page size (the vendor's developer pages). */
export const MAX_LIMIT = 100;

/**
 * `offset`/`limit` as Learn reads them: int32, 0 offset equals omitted, limit capped at 100.
 * A negative or non-numeric value is a 400 naming the parameter.
 */
export function readPaging(req: SandboxRequest): { offset: number; limit: number } {
  const offset = readInt(req, 'offset', 0);
  const limit = readInt(req, 'limit', MAX_LIMIT);
  if (offset < 0) throw badRequest(`Query parameter 'offset' must not be negative: ${offset}`);
  if (limit < 1) throw badRequest(`Query parameter 'limit' must be at least 1: ${limit}`);
  return { offset, limit: Math.min(limit, MAX_LIMIT) };
}

function readInt(req: SandboxRequest, name: string, fallback: number): number {
  const raw = req.query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) throw badRequest(`Query parameter '${name}' must be an integer: ${raw}`);
  const value = Number(raw);
  if (value > 2147483647 || value < -2147483648) throw badRequest(`Query parameter '${name}' is out of range: ${raw}`);
  return value;
}

/**
 * `sort=title(desc),start`: a comma list of property names (dotted paths allowed), each with an
 * optional `(desc)`. A name not in `sortable` is a 400, as Learn refuses unknown sort fields.
 */
export function applySort<T>(items: T[], req: SandboxRequest, sortable: readonly string[]): T[] {
  const raw = req.query.get('sort');
  if (raw === null || raw.trim() === '') return items;
  const keys = raw.split(',').map((part) => {
    const m = /^\s*([A-Za-z][\w.]*)\s*(\((desc|asc)\))?\s*$/i.exec(part);
    if (!m) throw badRequest(`Invalid sort expression: ${part}`);
    const field = m[1] as string;
    if (!sortable.includes(field)) throw badRequest(`Unsupported sort field: ${field}. Supported: ${sortable.join(', ')}`);
    return { field, desc: (m[3] ?? '').toLowerCase() === 'desc' };
  });
  return [...items].sort((a, b) => {
    for (const { field, desc } of keys) {
      const va = readPath(a, field);
      const vb = readPath(b, field);
      // Missing values go last in either direction: a "(desc)" list starts with real values.
      const aMissing = va === undefined || va === null;
      const bMissing = vb === undefined || vb === null;
      if (aMissing !== bMissing) return aMissing ? 1 : -1;
      const c = compareValues(va, vb);
      if (c !== 0) return desc ? -c : c;
    }
    return 0;
  });
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  return text(a).localeCompare(text(b), 'en', { sensitivity: 'base', numeric: true });
}

function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * `fields=id,title,availability.available`: keep only the named properties (dotted paths keep
 * nested ones). Omitted means everything. Applied to single resources and to each list item.
 */
export function applyFields<T>(item: T, req: SandboxRequest): T {
  const raw = req.query.get('fields');
  if (raw === null || raw.trim() === '') return item;
  if (typeof item !== 'object' || item === null) return item;
  const out: Record<string, unknown> = {};
  for (const path of raw.split(',').map((f) => f.trim()).filter(Boolean)) {
    copyPath(item as Record<string, unknown>, out, path.split('.'));
  }
  return out as T;
}

function copyPath(from: Record<string, unknown>, to: Record<string, unknown>, keys: string[]): void {
  const [head, ...rest] = keys;
  if (head === undefined || !(head in from)) return;
  const value = from[head];
  if (rest.length === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) {
    to[head] = value;
    return;
  }
  const child = (to[head] as Record<string, unknown> | undefined) ?? {};
  to[head] = child;
  copyPath(value as Record<string, unknown>, child, rest);
}

/**
 * The paged envelope `{results, paging: {nextPage}}`. `nextPage` is a path relative to the host
 * with the same query and the next offset, and is present only when more rows exist.
 */
export function paged<T>(
  items: T[],
  req: SandboxRequest,
  options: { sortable?: readonly string[] } = {},
): { results: T[]; paging?: { nextPage: string } } {
  const { offset, limit } = readPaging(req);
  const sorted = options.sortable ? applySort(items, req, options.sortable) : items;
  const page = sorted.slice(offset, offset + limit).map((item) => applyFields(item, req));
  if (offset + limit >= sorted.length) return { results: page };
  const next = new URLSearchParams(req.query);
  next.set('offset', String(offset + limit));
  if (req.query.has('limit')) next.set('limit', String(limit));
  return { results: page, paging: { nextPage: `${req.path}?${next.toString()}` } };
}
