import type { z } from 'zod';
import { fixForStatus, type ApiErrorBody, type ApiErrorKind } from './api-error';
import { describeNetworkProblem, type NetworkProblem } from './network-problem';

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
