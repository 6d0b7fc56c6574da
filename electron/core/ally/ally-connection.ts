import type { z } from 'zod';
import { ApiError, HttpClient, joinUrl, parseBaseUrl, type HttpRequest, type HttpResponse } from '../http';
import { networkFetch, type NetworkFetch } from '../http/network-fetch';
import { AllyTokenSigner, type AllyCredentials } from './ally-token';
import { fetchAllowingGetBody } from './get-with-body';

/**
 * What every Ally request shares: the base URL, the signed bearer token, the one HttpClient, and
 * the rule for URLs found in Ally's answers (paths below the base URL, prefixed with it).
 */
export interface AllyConnectionOptions {
  /**
   * The institution's Ally API address, path prefix included, for example `https://prod.ally.ac`
   * (the sandbox: `${origin}/ally`). https only, except on this computer.
   */
  baseUrl: string;
  credentials: AllyCredentials;
  /** The HttpClient for Ally; make it with createAllyHttpClient (the batch needs its transport). Default: a new one. */
  http?: HttpClient;
  /** Milliseconds since the epoch, for the token's `iat`; tests pass their own. */
  now?: () => number;
}

/**
 * Makes the HttpClient Ally needs: service name "Ally" in messages, and a transport that can send
 * the batch operation's GET with a body (see get-with-body.ts).
 */
export function createAllyHttpClient(options: { fetch?: NetworkFetch } = {}): HttpClient {
  return new HttpClient({ service: 'Ally', fetch: fetchAllowingGetBody(options.fetch ?? networkFetch()) });
}

export type AllyRequest = Omit<HttpRequest, 'url'> & { url: URL };

export class AllyConnection {
  readonly base: URL;
  readonly http: HttpClient;
  readonly #signer: AllyTokenSigner;

  constructor(options: AllyConnectionOptions) {
    this.base = parseBaseUrl(options.baseUrl, 'Ally');
    this.#signer = new AllyTokenSigner(options.credentials, options.now ? { now: options.now } : {});
    this.http = options.http ?? createAllyHttpClient();
  }

  /** `/api/v2/clients/{clientId}/content[/{hash}]` below the base URL. */
  contentUrl(hash?: string, suffix = ''): URL {
    const path = `/api/v2/clients/${this.#signer.clientId}/content${hash === undefined ? '' : `/${encodeURIComponent(hash)}`}${suffix}`;
    return joinUrl(this.base, path);
  }

  /**
   * The hash a content URL names (a 303's Location): everything after `.../content/`, decoded. The
   * rest of the path is taken whole, since a base64 hash Ally did not encode may hold `/`.
   */
  hashIn(url: URL): string | undefined {
    const prefix = `${this.contentUrl().pathname}/`;
    if (!url.pathname.startsWith(prefix)) return undefined;
    const rest = url.pathname.slice(prefix.length).replace(/\/+$/, '');
    try {
      return decodeURIComponent(rest) || undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * A URL from an answer body (`statusUrl`, `downloadUrl`): a path below the base URL, so it is
   * prefixed with the base, never resolved against the origin (which would drop a prefix like `/ally`).
   */
  urlFromBody(path: string, operation: string): URL {
    if (!path.startsWith('/') || path.startsWith('//')) {
      throw this.invalid(operation, `Ally gave "${path}" where a path below its base address was expected`);
    }
    return joinUrl(this.base, path);
  }

  /** True when an absolute URL (a 303 Location) is below the base URL: only then does it get the token. */
  isBelowBase(url: URL): boolean {
    const prefix = this.base.pathname.replace(/\/+$/, '');
    return url.origin === this.base.origin && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
  }

  /** The inverse of urlFromBody: a URL below the base as Ally writes it in bodies (`/api/v2/...`). */
  pathBelowBase(url: URL): string {
    return url.pathname.slice(this.base.pathname.replace(/\/+$/, '').length);
  }

  async json<S extends z.ZodType>(request: AllyRequest, schema: S): Promise<HttpResponse<z.output<S>>> {
    const signed = await this.#sign(request);
    return this.#forgetTokenOn401(() => this.http.json(signed, schema));
  }

  /** The answer with its body unread (downloads). */
  async stream(request: AllyRequest): Promise<Response> {
    const signed = await this.#sign(request);
    return this.#forgetTokenOn401(() => this.http.stream(signed));
  }

  invalid(operation: string, issue: string, url: URL = this.base): ApiError {
    return new ApiError({
      kind: 'invalid-response',
      message: `Could not ${operation}: ${issue}. Ally may be a newer version; please report this.`,
      method: 'GET',
      url: `${url.origin}${url.pathname}`,
      operation,
    });
  }

  async #sign(request: AllyRequest): Promise<HttpRequest> {
    return { ...request, headers: { ...request.headers, Authorization: `Bearer ${await this.#signer.bearer()}` } };
  }

  /** After a 401 the cached token is dropped, so the next request signs a fresh one. */
  async #forgetTokenOn401<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) this.#signer.forget();
      throw error;
    }
  }
}
