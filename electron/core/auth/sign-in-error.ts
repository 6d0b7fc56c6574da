import { RESPONSE_IS_NOT_CONFORM, ResponseBodyError, WWWAuthenticateChallengeError, type AuthorizationResponseError } from 'oauth4webapi';
import type { MessageKey } from '../../../shared/i18n/messages/en';
import type { HostWords } from '../../../shared/ipc/host-words';
import { asPart, hostWords, type HostSentence } from '../host-words';
import { describeNetworkProblem, networkProblemOf, networkProblemWords } from '../http/network-problem';

/**
 * What can go wrong while signing in or getting a token, each with a message for the user.
 * `detail` carries what Learn said (its error code and description) for the log and for support;
 * it never holds a token, a code, a verifier or a secret. The raw library error is deliberately
 * not kept as `cause`: some of them carry the token response body.
 */
export type SignInProblem =
  | 'cancelled'
  | 'timed-out'
  | 'browser-unavailable'
  | 'state-mismatch'
  | 'denied'
  | 'authorization-failed'
  | 'verifier-mismatch'
  | 'code-rejected'
  | 'grant-rejected'
  | 'application-rejected'
  | 'application-not-configured'
  | 'learn-unreachable'
  | 'learn-unavailable'
  | 'unexpected-response';

/** Each problem's sentence in the catalogue (shared/i18n/messages/<locale>/host.ts): the renderer writes it in the instructor's language. */
const KEYS: Record<SignInProblem, MessageKey> = {
  cancelled: 'host.signIn.cancelled',
  'timed-out': 'host.signIn.timedOut',
  'browser-unavailable': 'host.signIn.browserUnavailable',
  'state-mismatch': 'host.signIn.stateMismatch',
  denied: 'host.signIn.denied',
  'authorization-failed': 'host.signIn.authorizationFailed',
  'verifier-mismatch': 'host.signIn.verifierMismatch',
  'code-rejected': 'host.signIn.codeRejected',
  'grant-rejected': 'host.signIn.grantRejected',
  'application-rejected': 'host.signIn.applicationRejected',
  'application-not-configured': 'host.signIn.applicationNotConfigured',
  'learn-unreachable': 'host.signIn.learnUnreachable',
  'learn-unavailable': 'host.signIn.learnUnavailable',
  'unexpected-response': 'host.signIn.unexpectedResponse',
};

export class SignInError extends Error {
  /** The sentence as a catalogue key, for the renderer (the campus network's own sentence as its part). */
  readonly words: HostWords | undefined;

  constructor(
    readonly problem: SignInProblem,
    /** What Learn or the network said, for logs; never a secret. */
    readonly detail?: string,
    /** 'learn-unreachable' because of the campus network (a certificate, a proxy): said in its own words. */
    own?: { message: string; words?: HostWords | undefined },
  ) {
    const said = own ?? hostWords(KEYS[problem]);
    super(said.message);
    this.name = 'SignInError';
    this.words = said.words;
  }
}

export type Grant = 'authorization_code' | 'refresh_token' | 'client_credentials';

/** Learn's wording is not specified; a message naming the verifier or challenge is about PKCE. */
const VERIFIER_WORDS = /code_verifier|pkce|challenge/i;

/** Describes a failed token-endpoint call as a SignInError (already one: unchanged). */
export function tokenEndpointFailure(error: unknown, grant: Grant, signal?: AbortSignal, site?: URL, learnSaid?: string): SignInError {
  if (error instanceof SignInError) return error;
  if (signal?.aborted) return new SignInError('cancelled');
  if (error instanceof WWWAuthenticateChallengeError) {
    // Learn answers a wrong key or secret with 401 and `WWW-Authenticate: Basic`.
    if (error.status === 401) return new SignInError('application-rejected', 'invalid_client (401)');
    return grant === 'refresh_token' && isRefusal(error.status) ? new SignInError('grant-rejected', `challenge (${error.status})`) : new SignInError('unexpected-response', `challenge (${error.status})`);
  }
  if (error instanceof ResponseBodyError) {
    const detail = `${error.error} (${error.status})${error.error_description ? `: ${error.error_description}` : ''}`;
    if (error.error === 'invalid_client') return new SignInError('application-rejected', detail);
    if (error.status >= 500 || error.status === 429) return new SignInError('learn-unavailable', detail);
    if (grant === 'refresh_token' && isRefusal(error.status)) return new SignInError('grant-rejected', detail);
    if (error.error === 'invalid_grant' && grant === 'authorization_code') {
      // Learn's wording is not specified; RFC 7636 §4.6 answers a wrong verifier with invalid_grant.
      const verifier = VERIFIER_WORDS.test(error.error_description ?? '');
      return new SignInError(verifier ? 'verifier-mismatch' : 'code-rejected', detail);
    }
    return new SignInError('unexpected-response', detail);
  }
  if (isNetworkFailure(error)) {
    const network = site ? networkProblemOf(error, site) : undefined;
    // The sentence in words; the proxy's status and the connection's code go with the detail.
    return network
      ? new SignInError('learn-unreachable', `${errorName(error)}: ${describeNetworkProblem(network, 'Learn')}`, unreachableBecause(networkProblemWords(network, 'Learn')))
      : new SignInError('learn-unreachable', errorName(error));
  }
  // An answer without an OAuth error body (a gateway's 503, Learn's own 429): Learn is busy or down.
  const status = unexpectedStatus(error);
  if (status !== undefined && (status >= 500 || status === 429)) return new SignInError('learn-unavailable', `HTTP ${status}`);
  // A refusal in Learn's own error body (seed 000: `status, code, message, ...`, no `error`), or any other.
  if (status !== undefined && isRefusal(status)) {
    const refused = `HTTP ${status}${learnSaid ? `: ${learnSaid}` : ' without an OAuth error body'}`;
    if (grant === 'refresh_token') return new SignInError('grant-rejected', refused);
    if (grant === 'authorization_code') return new SignInError(VERIFIER_WORDS.test(learnSaid ?? '') ? 'verifier-mismatch' : 'code-rejected', refused);
    if (status === 401) return new SignInError('application-rejected', refused);
  }
  // OperationProcessingError (a non-conform answer, e.g. an HTML 502 page) and everything else.
  return new SignInError('unexpected-response', errorName(error));
}

/** Describes an error redirect from the authorization code endpoint (`error=access_denied`, ...). */
export function authorizationFailure(error: AuthorizationResponseError): SignInError {
  const detail = `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  return new SignInError(error.error === 'access_denied' ? 'denied' : 'authorization-failed', detail);
}

/**
 * Seed 000 lists 400 and 401 for a token request without saying which refusal gets which: either
 * one, whatever its body, means Learn will not honour this grant (a refresh token it refuses now
 * it refuses every time, so the session ends rather than asking again on every call).
 */
function isRefusal(status: number): boolean {
  return status === 400 || status === 401;
}

function isNetworkFailure(error: unknown): boolean {
  // fetch rejects with TypeError('fetch failed') on refused connections and resets; a time-out aborts.
  return (error instanceof TypeError && /fetch failed/i.test(error.message)) || (error instanceof DOMException && error.name === 'TimeoutError');
}

/** The HTTP status of oauth4webapi's "not a conform response" error, whose cause is the Response. */
function unexpectedStatus(error: unknown): number | undefined {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== RESPONSE_IS_NOT_CONFORM) return undefined;
  return error.cause instanceof Response ? error.cause.status : undefined;
}

/** Only the error's class and code: messages of library errors may quote the response body. */
function errorName(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.name} ${code}` : error.name;
}

/** "Rollbook could not reach Learn." and the campus network's own sentence, as its part. */
function unreachableBecause(network: HostSentence): { message: string; words?: HostWords } {
  const reason = asPart(network.words);
  return reason ? hostWords('host.signIn.learnUnreachableBecause', undefined, { reason }) : { message: `Rollbook could not reach Learn. ${network.message}` };
}
