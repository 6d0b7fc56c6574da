import { SandboxError } from '../../core/errors';
import type { SandboxRequest } from '../../core/http';

/**
 * Reading a token request, and the shape of its error answers. Learn reads the parameters from
 * the query string or the `application/x-www-form-urlencoded` body (its own 3LO examples put code
 * and redirect_uri in the query and grant_type in the body), so both are merged here.
 */

const FORM = 'application/x-www-form-urlencoded';

export interface TokenParams {
  get(name: string): string | undefined;
  /** Required parameter, or a 400 invalid_request naming it. */
  require(name: string, why: string): string;
}

export function tokenParams(req: SandboxRequest): TokenParams {
  const merged = new Map<string, string>();
  const add = (source: URLSearchParams, where: string): void => {
    for (const [name, value] of source) {
      // RFC 6749 §3.2: parameters must not be sent more than once; which copy counts would be a guess.
      if (merged.has(name)) throw invalidRequest(`Parameter '${name}' is sent more than once (${where}); send it once`);
      merged.set(name, value);
    }
  };
  add(req.query, 'in the query string');
  if (req.rawBody.length > 0) {
    const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (type !== FORM) {
      throw invalidRequest(`The token request body is ${type || 'untyped'}; send it as ${FORM}`);
    }
    add(new URLSearchParams(req.rawBody.toString('utf8')), 'in the query string and the body, or twice in the body');
  }
  // Secrets belong in the Basic header only: a secret in a URL ends up in logs.
  if (merged.has('client_secret')) {
    throw invalidRequest('client_secret must not be sent as a parameter; send the key and secret in the Authorization: Basic header');
  }
  const get = (name: string): string | undefined => {
    const value = merged.get(name);
    return value === undefined || value === '' ? undefined : value;
  };
  const require = (name: string, why: string): string => {
    const value = get(name);
    if (value === undefined) throw invalidRequest(`Parameter '${name}' is required ${why}`);
    return value;
  };
  return { get, require };
}

// RFC 6749 §5.2 error answers (`{error, error_description}`), always with the no-store headers
// §5.1 asks of every token answer.

export const NO_STORE: Record<string, string> = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_token';

export function oauthError(error: OAuthErrorCode, description: string, status = 400): SandboxError {
  return new SandboxError(status, description, { oauthError: error, headers: NO_STORE });
}

export const invalidRequest = (description: string): SandboxError => oauthError('invalid_request', description);
export const invalidGrant = (description: string): SandboxError => oauthError('invalid_grant', description);
