import type { z } from 'zod';
import { fixForStatus, fixPart, type ApiError, type ApiErrorBody, type ApiErrorKind, type RateLimitReason } from './api-error';
import { describeNetworkProblem, networkProblemWords, type NetworkProblem } from './network-problem';
import { entitlementPart } from '../../../shared/domain/entitlement-words';
import { hostWords, type HostSentence } from '../host-words';

/**
 * The user-facing sentences of ApiError: what failed (the operation, in the user's words) and what
 * to do. Never a URL query, header or token: only the operation, the service and the server's
 * own error message.
 */

export interface FailureFacts {
  kind: ApiErrorKind;
  service: string;
  operation: string;
  method: string;
  status?: number;
  body?: ApiErrorBody | undefined;
  outcomeUnknown?: boolean;
  timeoutMs?: number;
  /** For 'invalid-response': the first schema issue. */
  issue?: string;
  /** For 'network': a certificate not trusted or a proxy that refused, told with what IT can do. */
  problem?: NetworkProblem | undefined;
}

export function describeFailure(f: FailureFacts): string {
  const what = `Could not ${f.operation}`;
  switch (f.kind) {
    case 'http': {
      const said = serverMessage(f.body);
      const fix = f.status === undefined ? undefined : fixForStatus(f.status, f.service);
      return `${what}: ${f.service} answered ${f.status ?? 'with an error'}${said ? ` ("${said}")` : ''}.${fix ? ` ${fix}` : ''}`;
    }
    case 'network':
      if (f.problem) return `${what}: ${describeNetworkProblem(f.problem, f.service)}`;
      return f.outcomeUnknown
        ? `The connection to ${f.service} was lost while trying to ${f.operation}; ${f.service} may or may not have done it. Check in ${f.service} before trying again.`
        : `${what}: no connection to ${f.service}. Check your network connection and try again.`;
    case 'timeout': {
      const raw = (f.timeoutMs ?? 0) / 1000;
      const seconds = Number.isInteger(raw) ? String(raw) : raw.toFixed(1);
      return f.outcomeUnknown
        ? `${f.service} did not answer within ${seconds} s while trying to ${f.operation}; it may or may not have done it. Check in ${f.service} before trying again.`
        : `${what}: ${f.service} did not answer within ${seconds} s. Check your network connection and try again.`;
    }
    case 'aborted':
      return `Cancelled: ${f.operation}.`;
    case 'invalid-response':
      return `${what}: ${f.service} answered with data Rollbook does not understand (${f.issue ?? 'unexpected shape'}). ${f.service} may be a newer version; please report this.`;
  }
}

/**
 * Why the site's quota stopped a request, after "Could not …: ". No clock time: the core does not
 * know the user's format, so screens add the error's `retryAt` themselves.
 */
export function refusalWords(reason: RateLimitReason, service: string, waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  if (reason === 'used-up') return `the site's daily limit of ${service} requests is used up; Rollbook sends nothing more to ${service} until it resets.`;
  if (reason === 'slow-down') return `${service} asked Rollbook to wait about ${minutes} minute${minutes === 1 ? '' : 's'} before sending more. Try again later.`;
  return `few of the site's ${service} requests for today are left, and Rollbook keeps them for your own work; this is read after the limit resets.`;
}

/**
 * The sentence a screen shows for a failed call: what happened and what to do,
 * without the operation's ids, the status code or the server's own words, which go under
 * "Details" (the error's message, describeFailure's account). The screen already says what the
 * user was doing, in the user's names.
 */
export function plainFailure(error: ApiError): string {
  return failureWords(error).message;
}

/** plainFailure as a message of the catalogue (`http.*`) and its English: the renderer writes it in the instructor's language. */
export function failureWords(error: ApiError): HostSentence {
  const service = error.service;
  switch (error.kind) {
    case 'http': {
      if (error.rateLimit === 'used-up') return hostWords('http.usedUp', { service });
      if (error.rateLimit === 'reserve') return hostWords('http.reserve', { service });
      if (error.retryAfterMs !== undefined && error.status === 429) return hostWords('http.fix.limiting', { service });
      const said = serverMessage(error.body);
      // Learn names the entitlement a role lacks: the permission in words, with its Learn name for the administrator.
      const lacking = error.status === 403 && said ? /\bentitlements? ([\w.*-]+\.[\w*-]+)/.exec(said)?.[1] : undefined;
      if (lacking) return hostWords('http.roleLacks', { service }, { permission: entitlementPart(lacking) });
      // Learn's own refusal often says what to do instead; it is shown unless it speaks in ids, as Learn wrote it.
      const plain = said ? inWords(said) : undefined;
      const fix = (error.status === undefined ? undefined : fixPart(error.status, service)) ?? { key: 'http.fix.none' };
      return plain ? hostWords('http.didNotDoSaid', { service, said: plain.replace(/[.\s]+$/, '') }, { fix }) : hostWords('http.didNotDo', { service }, { fix });
    }
    case 'network':
      // A certificate or a proxy: its own sentence says what IT can do; the proxy's status and the code stay in Details.
      if (error.problem) return networkProblemWords(error.problem, service);
      return error.outcomeUnknown ? hostWords('http.connectionLost', { service }) : hostWords('http.noConnection', { service });
    case 'timeout':
      return error.outcomeUnknown ? hostWords('http.timeoutUnknown', { service }) : hostWords('http.timeout', { service });
    case 'aborted':
      return hostWords('http.cancelled');
    case 'invalid-response':
      return hostWords('http.notUnderstood', { service });
  }
}

/** A server message that names records by id, handler type, entitlement key or hash: Details only. */
const SPEAKS_IN_IDS = /_\d+_\d+|resource\/x-bb-|\b(?:system|course|org|group|user)\.(?:[\w*-]+\.)+[A-Za-z]|\b[0-9a-f]{32,}\b/;

/** Handler types as Learn's pages name the kinds of item. */
const KINDS: Record<string, string> = {
  folder: 'folder',
  document: 'document',
  file: 'file',
  assignment: 'assignment',
  externallink: 'web link',
  courselink: 'course link',
  forumlink: 'discussion link',
  'blti-link': 'LTI tool link',
  'asmt-test-link': 'test',
};

/** A server message in the user's words: ids in brackets dropped, kinds of item named; undefined when ids remain. */
function inWords(said: string): string | undefined {
  const text = said.replace(/\s*\((?:id )?_\d+_\d+\)/g, '').replace(/resource\/x-bb-([a-z-]+)/g, (_m, kind: string) => KINDS[kind] ?? 'another kind of item');
  return SPEAKS_IN_IDS.test(text) ? undefined : text;
}

/** What the server said in its error body (Learn's message, OAuth's description, Ally's message), at most 300 characters. */
export function serverMessage(body: ApiErrorBody | undefined): string | undefined {
  if (!body) return undefined;
  const text =
    body.format === 'learn'
      ? (body.body.message ?? body.body.developerMessage)
      : body.format === 'oauth'
        ? (body.body.error_description ?? body.body.error)
        : body.format === 'ally'
          ? body.body.message
          : undefined;
  return text?.slice(0, 300);
}

/** "results.3.title: expected string" — the first issue of a failed schema parse. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unexpected shape';
  const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(the whole answer)';
  return `${path}: ${issue.message}`;
}

/** Failures to connect at all, where the request never left this machine. */
const CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export function isConnectFailure(cause: unknown): boolean {
  let current: unknown = cause;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if ('code' in current && CONNECT_CODES.has(String(current.code))) return true;
    current = current.cause;
  }
  return false;
}
