import type { SandboxSettings } from '../../core/context';
import { appByApplicationId, appByKey } from './clients';
import type { AuthorizationRequest } from './grants';
import { challengeProblem } from './pkce';
import { redirectUriProblem } from './redirect-uri';
import { parseScope } from './scopes';

/**
 * Checks of the authorization code request, in RFC 6749 §4.1.2.1 order: while the client or
 * its redirect URI is in doubt, the browser gets an error page and is never redirected (else the
 * endpoint would be an open redirector); after that, errors go back to the app at redirect_uri.
 */

export type AuthorizeCheck =
  | { kind: 'ok'; request: AuthorizationRequest }
  | { kind: 'errorPage'; message: string }
  | { kind: 'errorRedirect'; redirectUri: string; error: string; description: string; state?: string };

const SINGLE = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method'] as const;

export function checkAuthorizationRequest(query: URLSearchParams, settings: SandboxSettings): AuthorizeCheck {
  const repeated = SINGLE.filter((name) => query.getAll(name).length > 1);
  if (repeated.includes('client_id') || repeated.includes('redirect_uri')) {
    return { kind: 'errorPage', message: `The app sent ${repeated.filter((n) => n === 'client_id' || n === 'redirect_uri').join(' and ')} more than once, so it cannot be trusted. Ask the app's maker to send each parameter once.` };
  }

  const clientId = query.get('client_id');
  if (!clientId) return { kind: 'errorPage', message: 'The app did not say who it is (client_id is missing). Ask its maker to send the application key as client_id.' };
  if (!appByKey(clientId)) {
    const hint = appByApplicationId(clientId) ? ' That value is the application ID; client_id must be the application key.' : '';
    return { kind: 'errorPage', message: `No application with key '${clientId}' is registered on this site.${hint}` };
  }

  const redirectUri = query.get('redirect_uri');
  if (!redirectUri) return { kind: 'errorPage', message: 'The app did not say where to return you (redirect_uri is missing).' };
  const uriProblem = redirectUriProblem(redirectUri, settings.redirectUris);
  if (uriProblem) return { kind: 'errorPage', message: `This sign-in cannot continue: ${uriProblem}.` };

  const state = query.get('state') ?? undefined;
  const fail = (error: string, description: string): AuthorizeCheck => ({
    kind: 'errorRedirect',
    redirectUri,
    error,
    description,
    ...(state !== undefined ? { state } : {}),
  });

  if (repeated.length > 0) return fail('invalid_request', `Parameter ${repeated.join(', ')} is sent more than once; send each once`);

  const responseType = query.get('response_type');
  if (!responseType) return fail('invalid_request', "response_type is required and must be 'code'");
  if (responseType !== 'code') return fail('unsupported_response_type', `response_type '${responseType}' is not supported; use 'code'`);

  const scope = parseScope(query.get('scope'));
  if (!scope.ok) return fail('invalid_scope', scope.problem);

  const challenge = query.get('code_challenge');
  const method = query.get('code_challenge_method');
  if (challenge === null || challenge === '') {
    if (method) return fail('invalid_request', 'code_challenge_method was sent without a code_challenge');
  } else {
    // RFC 7636 §4.3: an absent method means plain, which Learn does not accept.
    if (method !== 'S256') {
      return fail('invalid_request', `code_challenge_method '${method ?? '(absent, which means plain)'}' is not supported; Learn accepts only S256`);
    }
    const problem = challengeProblem(challenge);
    if (problem) return fail('invalid_request', problem);
  }

  return {
    kind: 'ok',
    request: {
      clientKey: clientId,
      redirectUri,
      scopes: scope.scopes,
      ...(state !== undefined ? { state } : {}),
      ...(challenge ? { codeChallenge: challenge } : {}),
    },
  };
}
