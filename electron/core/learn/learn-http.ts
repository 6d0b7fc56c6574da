import type { z } from 'zod';
import { createLogger } from '../../../shared/logger';
import type { AccessTokenProvider } from '../auth/access-token';
import { ApiError } from '../http/api-error';
import { joinUrl, parseBaseUrl, urlForDisplay } from '../http/base-url';
import { describeFailure } from '../http/failure-text';
import { HttpClient, type HttpMethod } from '../http/http-client';
import type { RequestBudgets } from '../http/request-budgets';
import type { RequestPriority } from '../http/site-budget';
import { pageSchema, resolveNextPage } from './paging';

/**
 * What every Learn area shares: the user's base URL, the bearer token and its one refresh after a
 * 401, path building that keeps secondary ids intact, validated reads and paged lists.
 */

export interface LearnHttpOptions {
  /** The user's Learn address, e.g. `https://learn.example.edu/learn` (https, or http on loopback). */
  baseUrl: string;
  tokens: AccessTokenProvider;
  /** A shared HTTP client; default one of its own for "Learn", with `budgets`. */
  http?: HttpClient;
  /** The sites' request budgets (the host's, kept in its data folder): the site's quota read on every answer and respected. */
  budgets?: RequestBudgets;
}

/** One call: the API path below the base URL (built with `path`), its query and body. */
export interface LearnCall {
  method: HttpMethod;
  path: string;
  query?: URLSearchParams;
  json?: unknown;
  /** A body other than JSON (multipart upload); a function is called again for a repeat. */
  body?: BodyInit | (() => BodyInit);
  /** In the user's words, for errors: "list the meetings of PSYC-101". */
  operation: string;
  signal?: AbortSignal | undefined;
  /** False for the one operation that takes its token in the query (Get Token Info). */
  bearer?: boolean;
  redirect?: 'follow' | 'manual';
  /** 'background': a read the instructor did not ask for, not sent below the site's reserve (http-client.ts). */
  priority?: RequestPriority;
}

const log = createLogger('learn');

/**
 * Encodes one path segment. Secondary ids pass through unchanged: `courseId:PSYC-101-F26` keeps its
 * colon (RFC 3986 allows it in a segment); `/`, `?`, `#`, `%` and spaces are escaped. A segment of
 * `.` or `..` would climb the path, so it is refused.
 */
export function encodeSegment(id: string | number): string {
  const text = String(id);
  if (text === '' || text === '.' || text === '..') throw new RangeError(`"${text}" is not a valid Learn id`);
  return encodeURIComponent(text).replace(/%3A/gi, ':');
}

/** Tagged template for API paths: each interpolated id is one encoded segment. */
export function path(strings: TemplateStringsArray, ...ids: (string | number)[]): string {
  return strings.reduce((out, part, i) => out + part + (i < ids.length ? encodeSegment(ids[i] as string | number) : ''), '');
}

export class LearnHttp {
  readonly base: URL;
  readonly http: HttpClient;
  readonly #tokens: AccessTokenProvider;

  constructor(options: LearnHttpOptions) {
    this.base = parseBaseUrl(options.baseUrl, 'Learn');
    this.http = options.http ?? new HttpClient({ service: 'Learn', ...(options.budgets ? { budgets: options.budgets } : {}) });
    this.#tokens = options.tokens;
  }

  url(apiPath: string, query?: URLSearchParams): URL {
    const url = joinUrl(this.base, apiPath);
    if (query && [...query.keys()].length > 0) url.search = query.toString();
    return url;
  }

  /** One call whose answer is validated with `schema` (an ApiError 'invalid-response' if it does not match). */
  async read<S extends z.ZodType>(call: LearnCall, schema: S): Promise<z.output<S>> {
    return this.#readUrl(call, this.url(call.path, call.query), schema);
  }

  /** One call whose answer body is not needed (deletes, the bulk status: 204). */
  async send(call: LearnCall): Promise<void> {
    await this.#authorized(call, (headers) => this.http.json({ ...this.#request(call, this.url(call.path, call.query)), headers }));
  }

  /** The raw answer, body unread (a 302 with `redirect: 'manual'`, a download). */
  async stream(call: LearnCall): Promise<Response> {
    return this.#authorized(call, (headers) => this.http.stream({ ...this.#request(call, this.url(call.path, call.query)), headers }));
  }

  /**
   * Every item of a paged list, page after page through `paging.nextPage`. A nextPage leading to
   * another origin, or back to the same page, is an ApiError 'invalid-response' (never followed).
   */
  async *list<T>(call: Omit<LearnCall, 'method'>, item: z.ZodType<T>): AsyncGenerator<T, void, undefined> {
    let url: URL | undefined = this.url(call.path, call.query);
    const seen = new Set<string>();
    const envelope = pageSchema(item);
    while (url) {
      seen.add(url.href);
      const page = await this.#readUrl({ ...call, method: 'GET' }, url, envelope);
      yield* page.results as T[];
      const nextPage = page.paging?.nextPage;
      if (!nextPage) return;
      const next = resolveNextPage(this.base, nextPage);
      if (!(next instanceof URL) || seen.has(next.href)) {
        const issue = next instanceof URL ? 'paging.nextPage repeats a page already read' : next.refused;
        throw new ApiError({
          kind: 'invalid-response',
          message: describeFailure({ kind: 'invalid-response', service: 'Learn', operation: call.operation, method: 'GET', issue }),
          method: 'GET',
          url: urlForDisplay(url),
          operation: call.operation,
        });
      }
      url = next;
    }
  }

  /** The current access token, for the one operation that takes it in the query. */
  accessToken(signal?: AbortSignal): Promise<string> {
    return this.#tokens.accessToken(signal);
  }

  async #readUrl<S extends z.ZodType>(call: LearnCall, url: URL, schema: S): Promise<z.output<S>> {
    const answer = await this.#authorized(call, (headers) => this.http.json({ ...this.#request(call, url), headers }, schema));
    return answer.data;
  }

  #request(call: LearnCall, url: URL) {
    return {
      method: call.method,
      url,
      operation: call.operation,
      ...(call.json !== undefined ? { json: call.json } : {}),
      ...(call.body !== undefined ? { body: call.body } : {}),
      ...(call.signal ? { signal: call.signal } : {}),
      ...(call.redirect ? { redirect: call.redirect } : {}),
      ...(call.priority ? { priority: call.priority } : {}),
    };
  }

  /**
   * Runs `send` with a bearer token. A 401 means Learn did not act on the request (also for a POST),
   * so after one refresh it is sent once more; a second 401, or a refresh that fails
   * (SignInRequiredError), goes to the caller.
   */
  async #authorized<T>(call: LearnCall, send: (headers: Record<string, string>) => Promise<T>): Promise<T> {
    if (call.bearer === false) return send({});
    const token = await this.#tokens.accessToken(call.signal);
    try {
      return await send({ Authorization: `Bearer ${token}` });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      log.info('Learn answered 401; refreshing the token once', { operation: call.operation });
      const fresh = await this.#tokens.refreshAfterUnauthorized(token, call.signal);
      return send({ Authorization: `Bearer ${fresh}` });
    }
  }
}
