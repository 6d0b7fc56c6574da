import type { IncomingHttpHeaders } from 'node:http';
import { SandboxError, badRequest } from './errors';

/** What a handler sees of a request: parsed once by the server. */
export interface SandboxRequest {
  method: string;
  /** The path below the host, e.g. `/learn/api/public/v1/courses/_1_1/meetings`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Path parameters from the route pattern, URL-decoded. */
  params: Record<string, string>;
  rawBody: Buffer;
  /** The origin the client used (`http://127.0.0.1:4010`), for Location and nextPage links. */
  origin: string;
}

/** What a handler answers. `json` is serialised; `body` is sent as is. */
export interface SandboxReply {
  status: number;
  json?: unknown;
  body?: Buffer | string;
  headers?: Record<string, string>;
}

export const ok = (json: unknown, status = 200): SandboxReply => ({ status, json });
export const created = (json: unknown): SandboxReply => ({ status: 201, json });
export const noContent = (): SandboxReply => ({ status: 204 });

/** The JSON body, or a 400 naming what is wrong with it. */
export function jsonBody(req: SandboxRequest): unknown {
  if (req.rawBody.length === 0) throw badRequest('A JSON request body is required');
  try {
    return JSON.parse(req.rawBody.toString('utf8')) as unknown;
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
}

/** A JSON object body (not an array, not a scalar). */
export function objectBody(req: SandboxRequest): Record<string, unknown> {
  const body = jsonBody(req);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** Form (`application/x-www-form-urlencoded`) parameters. */
export function formBody(req: SandboxRequest): URLSearchParams {
  return new URLSearchParams(req.rawBody.toString('utf8'));
}

/** A boolean query parameter: absent -> fallback; anything but true/false -> 400. */
export function queryBoolean(req: SandboxRequest, name: string, fallback: boolean): boolean {
  const value = req.query.get(name);
  if (value === null || value === '') return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw badRequest(`Query parameter '${name}' must be true or false`);
}

/** A date-time query parameter parsed as ISO 8601, or a 400. */
export function queryDate(req: SandboxRequest, name: string): Date | undefined {
  const value = req.query.get(name);
  if (value === null || value === '') return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badRequest(`Query parameter '${name}' is not an ISO 8601 date-time: ${value}`);
  return date;
}

export function isSandboxError(error: unknown): error is SandboxError {
  return error instanceof SandboxError;
}
