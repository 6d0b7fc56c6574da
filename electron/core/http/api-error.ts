import { ErrorBody, OAuthErrorBody } from '../../../shared/api/common';
import { AllyErrorBody } from '../../../shared/api/ally';
import type { NetworkProblem } from './network-problem';
import type { MessageKey } from '../../../shared/i18n/messages/en';
import type { HostWordsPart } from '../../../shared/ipc/host-words';
import { hostWords } from '../host-words';

/**
 * The one error type of every request Rollbook makes (Learn, Ally, the token endpoint).
 * `message` is written for the user: what failed, and the fix where there is one.
 * `url` never carries the query (queries can hold tokens or codes); no header is ever kept.
 */
export type ApiErrorKind =
  /** The server answered with an error status (`status` and `body` are set). */
  | 'http'
  /**
   * No answer: connection refused, reset or dropped. For a POST see `outcomeUnknown`. `problem`
   * says when it was the campus network's doing (a certificate not trusted, a proxy refusing).
   */
  | 'network'
  /** No answer within the per-request time-out. */
  | 'timeout'
  /** The caller cancelled. */
  | 'aborted'
  /** The server answered 2xx, but with a body that is not what the operation expects. */
  | 'invalid-response';

/**
 * Why Learn's request quota stopped a request (site-budget.ts): the site's daily limit is used up,
 * Learn asked to slow down (a 429 in a burst, or Retry-After), or the request was a background
 * read and few requests are left (the reserve). Such an error has status 429, and attempts 0 when
 * the request was never sent.
 */
export type RateLimitReason = 'used-up' | 'slow-down' | 'reserve';

/** The parsed error body, tagged by which service's shape it matched. */
export type ApiErrorBody =
  | { format: 'learn'; body: ErrorBody }
  | { format: 'oauth'; body: OAuthErrorBody }
  | { format: 'ally'; body: AllyErrorBody }
  | { format: 'text'; text: string };

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  method: string;
  /** Origin and path only. */
  url: string;
  /** What the user was doing, in their words ("list the meetings of PSYC-101"). */
  operation: string;
  /** Who answered: Learn (the default) or Ally. */
  service?: string;
  status?: number;
  body?: ApiErrorBody;
  /** A write whose answer was lost: the server may or may not have applied it. */
  outcomeUnknown?: boolean;
  /** The server asked to wait this long (ms) before trying again. */
  retryAfterMs?: number;
  /** Attempts made, the first included; 0 when the request was not sent (the site's gate was closed). */
  attempts?: number;
  /** The site's request quota stopped it (see RateLimitReason). */
  rateLimit?: RateLimitReason;
  /** When the site takes requests again (ms since the epoch): the gate opens, or the quota resets. */
  retryAt?: number;
  /** Kind 'network' only: a certificate Rollbook does not trust, or a proxy that refused. */
  problem?: NetworkProblem;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly method: string;
  readonly url: string;
  readonly operation: string;
  readonly service: string;
  readonly status: number | undefined;
  readonly body: ApiErrorBody | undefined;
  readonly outcomeUnknown: boolean;
  readonly retryAfterMs: number | undefined;
  readonly attempts: number;
  readonly rateLimit: RateLimitReason | undefined;
  readonly retryAt: number | undefined;
  readonly problem: NetworkProblem | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.method = init.method.toUpperCase();
    this.url = init.url;
    this.operation = init.operation;
    this.service = init.service ?? 'Learn';
    this.status = init.status;
    this.body = init.body;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    this.retryAfterMs = init.retryAfterMs;
    this.attempts = init.attempts ?? 1;
    this.rateLimit = init.rateLimit;
    this.retryAt = init.retryAt;
    this.problem = init.problem;
  }

  /** The server's own message, when its error body had one. */
  get serverMessage(): string | undefined {
    const b = this.body;
    if (!b) return undefined;
    if (b.format === 'learn') return b.body.message ?? b.body.developerMessage;
    if (b.format === 'oauth') return b.body.error_description ?? b.body.error;
    if (b.format === 'ally') return b.body.message;
    return undefined;
  }
}

/** Reads an error body as Learn's, the token endpoint's or Ally's shape; anything else is kept as short text. */
export function parseErrorBody(text: string): ApiErrorBody | undefined {
  if (text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { format: 'text', text: text.slice(0, 300) };
  }
  const oauth = OAuthErrorBody.safeParse(json);
  if (oauth.success) return { format: 'oauth', body: oauth.data };
  const learn = ErrorBody.safeParse(json);
  // Ally's body ({status, message}) also reads as Learn's; Learn's has a code or developerMessage.
  if (learn.success && (learn.data.code !== undefined || learn.data.developerMessage !== undefined || learn.data.extraInfo !== undefined)) {
    return { format: 'learn', body: learn.data };
  }
  const ally = AllyErrorBody.safeParse(json);
  if (ally.success) return { format: 'ally', body: ally.data };
  if (learn.success) return { format: 'learn', body: learn.data };
  return { format: 'text', text: text.slice(0, 300) };
}

/** What the user can do about an error status, or undefined when there is nothing to say. */
export function fixForStatus(status: number, service: string): string | undefined {
  const fix = fixPart(status, service);
  return fix && hostWords(fix.key as MessageKey, fix.values).message;
}

type FixName = MessageKey extends infer K ? (K extends `http.fix.${infer N}` ? N : never) : never;

/** fixForStatus as a message (`http.fix.*`), a part of the sentence that says what failed. */
export function fixPart(status: number, service: string): HostWordsPart | undefined {
  const fix = (name: FixName): HostWordsPart => ({ key: `http.fix.${name}`, values: { service } });
  if (status === 400) return fix('invalid');
  // Ally has no sign-in: its 401 is about the institution's client id and secret, or a skewed clock.
  if (status === 401) return service === 'Ally' ? { key: 'http.fix.allyCredentials' } : { key: 'http.fix.signInAgain' };
  if (status === 403) return fix('notAllowed');
  if (status === 404) return fix('gone');
  if (status === 409) return fix('changedMeanwhile');
  if (status === 413 || status === 507) return fix('noRoom');
  if (status === 429) return fix('limiting');
  if (status >= 500) return fix('hadProblem');
  return undefined;
}
