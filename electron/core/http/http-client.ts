import { setTimeout as delay } from 'node:timers/promises';
import PQueue from 'p-queue';
import type { z } from 'zod';
import { createLogger, type Logger } from '../../../shared/logger';
import { ApiError, parseErrorBody, type RateLimitReason } from './api-error';
import { urlForDisplay } from './base-url';
import { boundedBody, overrunWords, readTextUpTo, type BodyOverrun } from './bounded-body';
import { backoffDelay, decideRetry, DEFAULT_RETRY_POLICY, type AttemptFailure, type RetryPolicy } from './retry-policy';
import { describeFailure, firstIssue, isConnectFailure, refusalWords, serverMessage } from './failure-text';
import { networkFetch } from './network-fetch';
import { isLastingProxyProblem, networkProblemOf } from './network-problem';
import { readQuotaHeaders } from './quota-headers';
import type { RequestBudgets } from './request-budgets';
import { priorityOf } from './request-priority';
import type { Closure, RequestPriority, SiteBudget } from './site-budget';

/**
 * The one HTTP client of the main side, over the one network fetch (network-fetch.ts: proxy and
 * trusted certificates of the campus network, in both hosts; the desktop's proxy from its system settings). Learn, Ally and (optionally)
 * the token endpoint go through it, so they share one error type (ApiError), one retry policy
 * (retry-policy.ts), one per-request time-out and one concurrency bound per host.
 *
 * It knows nothing of tokens: callers put the Authorization header on each request, and the
 * Learn client repeats a request once after a 401 (learn/learn-http.ts). No header is logged.
 *
 * With `budgets` (Learn's client), every answer's quota headers update the site's budget, and a
 * request goes only through the site's open gate (site-budget.ts): after a 429 the other requests
 * to that site wait for a short closure (a burst) or fail at once, unsent, for a long one (the
 * quota used up): one refusal, not one per request.
 */

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpClientOptions {
  /** The service's name as the user knows it ("Learn", "Ally"): used in error messages and logs. */
  service: string;
  /** Per-attempt time-out (ms) until the answer is read; default 30 s. */
  timeoutMs?: number;
  /** Requests in flight at once to one host (scheme + host + port); default 6. */
  maxConcurrentPerHost?: number;
  /** Overrides of the retry policy (attempts, delays, Retry-After cap, statuses). */
  retry?: Partial<RetryPolicy>;
  /** Called before each retry's wait: for progress ("Learn is busy, retrying in 2 s") and tests. */
  onRetry?: (event: RetryEvent) => void;
  /** Injected for tests of the schedule: the wait between attempts (must honour `signal`). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Injected for tests: the clock Retry-After dates are read against. */
  now?: () => number;
  /** Injected for tests: jitter's source of chance, in [0, 1). */
  random?: () => number;
  /** Another fetch (tests); default networkFetch(), the one every main-side request uses. */
  fetch?: typeof fetch;
  /** The sites' request budgets and gates (Learn's daily quota); absent: none kept (Ally, file links). */
  budgets?: RequestBudgets;
  /** Largest JSON answer read (bytes); default 16 MB. Learn's pages are far smaller. */
  maxJsonBytes?: number;
  /** Largest streamed body (downloads) unless the request says; default 64 MB. */
  maxStreamBytes?: number;
  /** Longest wait for a body's next bytes (ms); default 30 s. */
  idleTimeoutMs?: number;
  /** Longest a streamed body may take in all (ms) unless the request says; default 10 minutes. */
  bodyTimeoutMs?: number;
}

export interface RetryEvent {
  service: string;
  operation: string;
  method: string;
  /** Origin and path only. */
  url: string;
  /** The attempt that failed (1 for the first). */
  attempt: number;
  /** Wait before the next attempt. */
  delayMs: number;
  /** "HTTP 503", "network" or "timeout". */
  reason: string;
}

export interface HttpRequest {
  method: HttpMethod;
  /** Absolute URL, query included. */
  url: URL | string;
  /** What the user is doing, in their words ("list the meetings of PSYC-101"): names it in errors. */
  operation: string;
  headers?: Record<string, string>;
  /** A JSON body (sent with Content-Type: application/json). */
  json?: unknown;
  /**
   * Any other body. A function is called once per attempt, so a file stream can be reopened for a
   * retry; a bare stream cannot be sent twice, so such a request is never retried.
   */
  body?: BodyInit | (() => BodyInit);
  /** Overrides the client's time-out for this request. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** 'manual' returns 3xx answers to the caller (Ally answers 303); default 'follow'. */
  redirect?: 'follow' | 'manual';
  /** False: one attempt only, whatever the method. */
  retry?: boolean;
  /**
   * 'background' for reads the instructor did not ask for (photos, look-ups): below the site's
   * reserve they are not sent. Default: the work's (request-priority.ts), else 'user'.
   */
  priority?: RequestPriority;
  /** The most bytes of the answer's body read (JSON or stream); past it the read is cut off. */
  maxBytes?: number;
  /** stream(): the longest the body may take in all (ms). */
  bodyTimeoutMs?: number;
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

interface Answer {
  response: Response;
  text: string | undefined;
}

/** One attempt's outcome: an answer, a failure (with the gate's closure after a 429), or a wait for the site's gate. */
type AttemptResult = { answer: Answer } | { failure: AttemptFailure; error: ApiError; closure?: Closure | undefined } | { waitMs: number };

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_JSON_BYTES = 16 * 1024 * 1024;
const DEFAULT_MAX_STREAM_BYTES = 64 * 1024 * 1024;
const DEFAULT_BODY_TIMEOUT_MS = 10 * 60_000;
/** An error answer's text is shown in part only: the rest is not read. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

export class HttpClient {
  readonly service: string;
  readonly #policy: RetryPolicy;
  readonly #timeoutMs: number;
  readonly #perHost: number;
  readonly #queues = new Map<string, PQueue>();
  readonly #options: HttpClientOptions;
  readonly #log: Logger;

  constructor(options: HttpClientOptions) {
    this.service = options.service;
    this.#options = options;
    this.#policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#perHost = options.maxConcurrentPerHost ?? 6;
    this.#log = createLogger(`http:${options.service.toLowerCase()}`);
  }

  /**
   * Sends a request and reads a JSON answer. With a schema, the body is validated: a mismatch is an
   * ApiError of kind 'invalid-response' naming the operation and the first issue. An empty body
   * (204) gives `undefined` data and is only valid if the schema accepts undefined.
   * Non-2xx answers (3xx too, unless `redirect: 'manual'`) are ApiError of kind 'http', with one
   * exception: a DELETE repeated after its answer was lost that now gets 404 succeeds (no data),
   * since the lost attempt deleted it.
   */
  async json<S extends z.ZodType>(request: HttpRequest, schema: S): Promise<HttpResponse<z.output<S>>>;
  async json(request: HttpRequest): Promise<HttpResponse<unknown>>;
  async json(request: HttpRequest, schema?: z.ZodType): Promise<HttpResponse<unknown>> {
    const { response, text } = await this.#send({ ...request, headers: { Accept: 'application/json', ...request.headers } }, true);
    let data: unknown = undefined;
    if (text !== undefined && text.trim() !== '') {
      try {
        data = JSON.parse(text);
      } catch {
        throw this.#invalid(request, 'the answer is not JSON');
      }
    }
    if (schema) {
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw this.#invalid(request, firstIssue(parsed.error));
      data = parsed.data;
    }
    return { status: response.status, headers: response.headers, data };
  }

  /**
   * Sends a request and returns the answer with its body unread, for streaming downloads and for
   * 3xx with `redirect: 'manual'`. The time-out and retries cover the wait for the status line and
   * headers only; cancel a slow body with `signal`.
   */
  async stream(request: HttpRequest): Promise<Response> {
    const response = (await this.#send(request, false)).response;
    if (!response.body) return response;
    const url = typeof request.url === 'string' ? new URL(request.url) : request.url;
    const bounds = {
      maxBytes: request.maxBytes ?? this.#options.maxStreamBytes ?? DEFAULT_MAX_STREAM_BYTES,
      idleMs: this.#options.idleTimeoutMs ?? DEFAULT_TIMEOUT_MS,
      totalMs: request.bodyTimeoutMs ?? this.#options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    };
    const body = boundedBody(response.body, response.headers.get('content-length'), bounds, (overrun) => this.#overrun(request, url, overrun));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  async #send(request: HttpRequest, readBody: boolean): Promise<Answer> {
    const url = typeof request.url === 'string' ? new URL(request.url) : request.url;
    const repeatableBody = !(request.body !== undefined && typeof request.body !== 'function' && isOneShot(request.body));
    const sleep = this.#options.sleep ?? ((ms: number, signal?: AbortSignal) => delay(ms, undefined, signal ? { signal } : {}));
    const now = this.#options.now ?? Date.now;
    const random = this.#options.random ?? Math.random;
    const gate = { site: this.#options.budgets?.site(url.origin), priority: priorityOf(request) };
    let answerLost = false;
    let waits = 0;
    for (let attempt = 1; ; attempt++) {
      const result = await this.#queue(url).add(() => this.#attempt(request, url, readBody, attempt, answerLost, gate));
      if ('answer' in result) return result.answer;
      if ('waitMs' in result) {
        // The site's gate is closed for a moment (a burst): not sent, so not an attempt.
        attempt--;
        if (++waits > this.#policy.maxAttempts) throw this.#refused(request, url, { reason: 'slow-down', retryAtMs: now() + result.waitMs }, attempt);
        await this.#sleep(sleep, result.waitMs + Math.round(random() * Math.min(1000, this.#policy.baseDelayMs)), request, url, attempt);
        continue;
      }
      const { failure, error, closure } = result;
      answerLost ||= failure.kind !== 'status';
      // The quota used up, or a wait longer than the client sleeps through: the site takes nothing until then.
      if (closure && (closure.reason === 'used-up' || closure.untilMs - now() > this.#policy.maxRetryAfterMs)) throw this.#refused(request, url, { reason: closure.reason, retryAtMs: closure.untilMs }, attempt, error);
      if (request.retry === false) throw error;
      const decision = decideRetry({ method: request.method, attempt, failure, repeatableBody }, this.#policy, now(), random);
      if (!decision.retry) {
        if (decision.why === 'retry-after-too-long') throw this.#tooLong(request, url, error, decision.retryAfterMs);
        throw error;
      }
      const delayMs = Math.max(decision.delayMs, closure ? closure.untilMs - now() : 0);
      const event: RetryEvent = { service: this.service, operation: request.operation, method: request.method, url: urlForDisplay(url), attempt, delayMs, reason: decision.reason };
      this.#log.info('Retrying', { ...event });
      try {
        this.#options.onRetry?.(event);
      } catch (hookError) {
        // A progress display that fails must not change what happens to the request.
        this.#log.warn('onRetry hook failed', { error: hookError instanceof Error ? hookError.name : typeof hookError });
      }
      await this.#sleep(sleep, delayMs, request, url, attempt);
    }
  }

  async #sleep(sleep: (ms: number, signal?: AbortSignal) => Promise<void>, ms: number, request: HttpRequest, url: URL, attempts: number): Promise<void> {
    try {
      await sleep(ms, request.signal);
    } catch (cause) {
      throw this.#error(request, url, { kind: 'aborted', attempts, cause });
    }
  }

  /** One attempt: through the site's gate, fetch, then read the body (an error answer's body always) under the time-out. */
  async #attempt(request: HttpRequest, url: URL, readBody: boolean, attempt: number, answerLost: boolean, gate: { site: SiteBudget | undefined; priority: RequestPriority }): Promise<AttemptResult> {
    const now = this.#options.now ?? Date.now;
    const admission = gate.site?.admit(gate.priority, now(), this.#policy.maxRetryAfterMs);
    if (admission && !admission.go) {
      if ('waitMs' in admission) return { waitMs: admission.waitMs };
      throw this.#refused(request, url, admission.refused, attempt - 1);
    }
    const timeoutMs = request.timeoutMs ?? this.#timeoutMs;
    const timer = new AbortController();
    const handle = setTimeout(() => timer.abort(new Error('timeout')), timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timer.signal]) : timer.signal;
    const started = Date.now();
    try {
      const init = this.#init(request, signal);
      const response = await (this.#options.fetch ?? networkFetch())(url, init);
      // A DELETE repeated after its answer was lost that now finds nothing was done by the lost attempt.
      const deletedBefore = request.method === 'DELETE' && answerLost && response.status === 404;
      const isAnswer = response.ok || deletedBefore || (request.redirect === 'manual' && response.status >= 300 && response.status < 400);
      const burstWaitMs = (burst: number): number => backoffDelay(burst, this.#policy, this.#options.random ?? Math.random);
      if (isAnswer) {
        gate.site?.observe({ status: response.status, headers: response.headers }, now(), burstWaitMs);
        if (deletedBefore) await response.body?.cancel();
        const text = readBody && !deletedBefore ? await this.#readJsonText(response, request, url, timeoutMs) : undefined;
        this.#log.debug('Answered', { method: request.method, url: urlForDisplay(url), status: response.status, ms: Date.now() - started });
        return { answer: { response, text } };
      }
      const text = await readTextUpTo(response, MAX_ERROR_BODY_BYTES);
      const status = response.status;
      const body = parseErrorBody(text);
      this.#log.debug('Error answer', { method: request.method, url: urlForDisplay(url), status, attempt });
      const closure = gate.site?.observe({ status, headers: response.headers, said: serverMessage(body) }, now(), burstWaitMs);
      // Without a budget kept, the answer's own Remaining says whether the quota is used up.
      const quota = status === 429 && (closure ? closure.reason === 'used-up' : readQuotaHeaders(response.headers, now())?.remaining === 0);
      return {
        failure: { kind: 'status', status, retryAfter: response.headers.get('retry-after'), quota },
        error: this.#error(request, url, { kind: 'http', status, body, attempts: attempt, ...(closure ? { rateLimit: closure.reason, retryAt: closure.untilMs } : {}) }),
        closure,
      };
    } catch (cause) {
      if (cause instanceof ApiError) throw cause;
      if (request.signal?.aborted) throw this.#error(request, url, { kind: 'aborted', attempts: attempt, cause: request.signal.reason });
      const kind = timer.signal.aborted ? 'timeout' : 'network';
      this.#log.info(kind === 'timeout' ? 'Timed out' : 'Network failure', { method: request.method, url: urlForDisplay(url), attempt, error: describeCause(cause) });
      const problem = kind === 'network' ? networkProblemOf(cause, url) : undefined;
      // A judged certificate or a proxy's refusal comes before the request is sent (a broken TLS session may come after).
      const beforeSending = problem !== undefined && !(problem.kind === 'certificate' && problem.reason === 'other');
      // A refused connection never carried the request; a reset or a time-out may have after it was applied.
      const outcomeUnknown = request.method === 'POST' && !(kind === 'network' && (isConnectFailure(cause) || beforeSending));
      const error = this.#error(request, url, { kind, outcomeUnknown, attempts: attempt, cause, timeoutMs, ...(problem ? { problem } : {}) });
      // A certificate, or a proxy that wants a sign-in or cannot be used, will not change by trying again in a second.
      if (problem && ((problem.kind === 'certificate' && problem.reason !== 'other') || isLastingProxyProblem(problem))) throw error;
      return { failure: { kind }, error };
    } finally {
      clearTimeout(handle);
    }
  }

  /** A JSON answer's text, cut off past its size (the attempt's time-out still covers the whole). */
  async #readJsonText(response: Response, request: HttpRequest, url: URL, timeoutMs: number): Promise<string | undefined> {
    if (!response.body) return undefined;
    const bounds = { maxBytes: request.maxBytes ?? this.#options.maxJsonBytes ?? DEFAULT_MAX_JSON_BYTES, idleMs: Math.min(timeoutMs, this.#options.idleTimeoutMs ?? DEFAULT_TIMEOUT_MS), totalMs: timeoutMs };
    const body = boundedBody(response.body, response.headers.get('content-length'), bounds, (overrun) => this.#overrun(request, url, overrun));
    return new Response(body).text();
  }

  /** A body cut off at a bound: final (the same request would get the same answer), told in words. */
  #overrun(request: HttpRequest, url: URL, overrun: BodyOverrun): ApiError {
    this.#log.warn('Cut off an answer', { method: request.method, url: urlForDisplay(url), bound: overrun.bound });
    const advice = overrun.bound === 'size' ? '' : ' Check your network connection and try again.';
    const message = `Could not ${request.operation}: ${this.service} ${overrunWords(overrun)}.${advice}`;
    return new ApiError({ kind: overrun.bound === 'size' ? 'invalid-response' : 'timeout', message, method: request.method, url: urlForDisplay(url), operation: request.operation, service: this.service });
  }

  #init(request: HttpRequest, signal: AbortSignal): RequestInit {
    const headers: Record<string, string> = { ...request.headers };
    let body: BodyInit | undefined;
    if (request.json !== undefined) {
      body = JSON.stringify(request.json);
      headers['Content-Type'] ??= 'application/json';
    } else if (request.body !== undefined) {
      body = typeof request.body === 'function' ? request.body() : request.body;
    }
    const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal, redirect: request.redirect ?? 'follow' };
    if (body !== undefined) {
      init.body = body;
      // Node's fetch sends a stream body only when told it is half-duplex.
      if (isOneShot(body)) init.duplex = 'half';
    }
    return init;
  }

  #queue(url: URL): PQueue {
    let queue = this.#queues.get(url.origin);
    if (!queue) {
      queue = new PQueue({ concurrency: this.#perHost });
      this.#queues.set(url.origin, queue);
    }
    return queue;
  }

  #error(request: HttpRequest, url: URL, fields: Omit<Parameters<typeof describeFailure>[0], 'service' | 'operation' | 'method'> & { attempts: number; cause?: unknown; rateLimit?: RateLimitReason; retryAt?: number }): ApiError {
    const message = describeFailure({ ...fields, service: this.service, operation: request.operation, method: request.method });
    return new ApiError({ ...fields, message, method: request.method, url: urlForDisplay(url), operation: request.operation, service: this.service });
  }

  #tooLong(request: HttpRequest, url: URL, error: ApiError, retryAfterMs: number): ApiError {
    const minutes = Math.ceil(retryAfterMs / 60_000);
    const message = `Could not ${request.operation}: ${this.service} asked Rollbook to wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again. Try again later.`;
    const retryAt = (this.#options.now ?? Date.now)() + retryAfterMs;
    return new ApiError({ kind: 'http', message, method: request.method, url: urlForDisplay(url), operation: request.operation, service: this.service, retryAfterMs, retryAt, attempts: error.attempts, ...(error.status !== undefined ? { status: error.status } : {}), ...(error.body ? { body: error.body } : {}) });
  }

  /** The site's quota stopped the request: not sent (`attempts` 0 when none went), or Learn's own 429 (`answered`) taken as the whole site's. */
  #refused(request: HttpRequest, url: URL, refusal: { reason: RateLimitReason; retryAtMs: number }, attempts: number, answered?: ApiError): ApiError {
    const now = (this.#options.now ?? Date.now)();
    this.#log.info(answered ? 'Site refused: gate closed' : 'Not sent: site gate closed', { method: request.method, url: urlForDisplay(url), reason: refusal.reason });
    return new ApiError({
      kind: 'http',
      message: `Could not ${request.operation}: ${refusalWords(refusal.reason, this.service, refusal.retryAtMs - now)}`,
      method: request.method,
      url: urlForDisplay(url),
      operation: request.operation,
      service: this.service,
      status: 429,
      attempts,
      rateLimit: refusal.reason,
      retryAt: refusal.retryAtMs,
      retryAfterMs: Math.max(0, refusal.retryAtMs - now),
      ...(answered?.body ? { body: answered.body } : {}),
    });
  }

  #invalid(request: HttpRequest, issue: string): ApiError {
    const url = typeof request.url === 'string' ? new URL(request.url) : request.url;
    return this.#error(request, url, { kind: 'invalid-response', issue, attempts: 1 });
  }
}

/** A body that can be read once only (a stream or an async iterable). */
function isOneShot(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body instanceof ReadableStream || Symbol.asyncIterator in body);
}

/** The error's name and code, never its message text (a message could quote a URL with a query). */
function describeCause(cause: unknown): string {
  const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause : cause;
  if (inner instanceof Error) return `${inner.name}${'code' in inner ? ` ${String(inner.code)}` : ''}`;
  return typeof inner;
}
