import type { SandboxContext } from '../../core/context';
import type { SandboxReply, SandboxRequest } from '../../core/http';
import type { Router } from '../../core/router';
import type { AccessToken } from '../../core/tokens';
import type { TokenResponse } from './wire';
import { authenticateApp, type RegisteredApp } from './clients';
import type { Grant, GrantStore } from './grants';
import { inTokenErrorForm } from './error-form';
import { verifierMatches, verifierProblem } from './pkce';
import { parseScope, scopeString } from './scopes';
import { NO_STORE, invalidGrant, invalidRequest, oauthError, tokenParams, type TokenParams } from './token-request';

/**
 * POST /learn/api/public/v1/oauth2/token: the basic flow (client_credentials), the three-legged
 * flow (authorization_code, with PKCE S256) and refresh_token. Every grant authenticates the app
 * with its key and secret in a Basic header, as Learn does.
 */
export const TOKEN_PATH = '/learn/api/public/v1/oauth2/token';

export function installTokenEndpoint(ctx: SandboxContext, router: Router, grants: GrantStore): void {
  router.post(TOKEN_PATH, inTokenErrorForm(ctx, (req) => requestToken(ctx, grants, req)));
}

function requestToken(ctx: SandboxContext, grants: GrantStore, req: SandboxRequest): SandboxReply {
  const params = tokenParams(req);
  const app = authenticateApp(req.headers.authorization);
  const grantType = params.require('grant_type', '(client_credentials, authorization_code or refresh_token)');
  switch (grantType) {
    case 'client_credentials':
      return clientCredentials(ctx, app);
    case 'authorization_code':
      return authorizationCode(ctx, grants, app, params);
    case 'refresh_token':
      return refreshToken(ctx, grants, app, params);
    default:
      throw oauthError('unsupported_grant_type', `grant_type '${grantType}' is not supported; use client_credentials, authorization_code or refresh_token`);
  }
}

const answer = (body: TokenResponse): SandboxReply => ({ status: 200, json: body, headers: NO_STORE });

/** Learn keeps one basic-flow token per app and site: asking again returns it with less time left. */
function clientCredentials(ctx: SandboxContext, app: RegisteredApp): SandboxReply {
  const live = ctx.tokens.live((t) => t.appKey === app.key && t.userId === undefined);
  if (live) return answer({ access_token: live.accessToken, token_type: 'bearer', expires_in: ctx.tokens.expiresInSeconds(live) });
  const token = ctx.tokens.issue(app.key, ['read', 'write', 'delete']);
  return answer({ access_token: token.accessToken, token_type: 'bearer', expires_in: ctx.tokens.lifetimeSeconds });
}

function authorizationCode(ctx: SandboxContext, grants: GrantStore, app: RegisteredApp, params: TokenParams): SandboxReply {
  const code = params.require('code', 'for grant_type=authorization_code (the code your redirect_uri received)');
  const redirectUri = params.require('redirect_uri', 'for grant_type=authorization_code (the same one sent to the authorization code endpoint)');
  const verifier = params.get('code_verifier');
  const grant = grants.byCode(code);
  if (!grant || grant.request.clientKey !== app.key) {
    throw invalidGrant('The authorization code is unknown or was issued to another application; sign in again');
  }
  if (grant.codeUsed) {
    // RFC 6749 §4.1.2: a code used twice may have been stolen, so what it bought is revoked too.
    grants.revoke(grant);
    throw invalidGrant('The authorization code was already used; tokens issued from it are now revoked. Sign in again');
  }
  if (grant.codeExpiresAt <= ctx.clock.now()) {
    grant.codeUsed = true;
    throw invalidGrant(`The authorization code expired (codes live ${ctx.settings.authCodeLifetimeSeconds} seconds); sign in again`);
  }
  // Any other failure below also burns the code: a thief gets one guess at the verifier.
  grant.codeUsed = true;
  if (redirectUri !== grant.request.redirectUri) {
    throw invalidGrant(`redirect_uri '${redirectUri}' differs from the one used to get the code ('${grant.request.redirectUri}'); send the same one`);
  }
  checkPkce(grant, verifier);
  return issueUserToken(ctx, grants, grant, grant.request.scopes);
}

function checkPkce(grant: Grant, verifier: string | undefined): void {
  const challenge = grant.request.codeChallenge;
  if (challenge === undefined) {
    // RFC 9700 §2.1.1: a verifier without a challenge is a PKCE downgrade attempt.
    if (verifier !== undefined) throw invalidGrant('code_verifier was sent, but the authorization request carried no code_challenge');
    return;
  }
  if (verifier === undefined) throw invalidRequest('code_verifier is required: the authorization request carried a code_challenge (PKCE)');
  const problem = verifierProblem(verifier);
  if (problem) throw invalidRequest(problem);
  if (!verifierMatches(verifier, challenge)) {
    throw invalidGrant('code_verifier does not match the code_challenge of the authorization request (S256); send the verifier you hashed');
  }
}

/** Rotation: each refresh answer carries a new refresh token; replaying a rotated one revokes the grant (RFC 9700 §4.14.2). */
function refreshToken(ctx: SandboxContext, grants: GrantStore, app: RegisteredApp, params: TokenParams): SandboxReply {
  const presented = params.require('refresh_token', 'for grant_type=refresh_token');
  const redirectUri = params.require('redirect_uri', 'for grant_type=refresh_token (the one used when the user signed in)');
  const grant = grants.byRefreshToken(presented);
  if (!grant || grant.request.clientKey !== app.key) {
    throw invalidGrant('The refresh token is unknown or was issued to another application; sign in again');
  }
  if (grant.revoked) throw invalidGrant('The refresh token was revoked; sign in again');
  if (grant.refreshToken !== presented) {
    grants.revoke(grant);
    throw invalidGrant('The refresh token was already used (each refresh returns a new one); the sign-in is revoked. Sign in again');
  }
  if (redirectUri !== grant.request.redirectUri) {
    throw invalidGrant(`redirect_uri '${redirectUri}' differs from the one used at sign-in ('${grant.request.redirectUri}'); send the same one`);
  }
  let scopes = grant.request.scopes;
  const narrowed = params.get('scope');
  if (narrowed !== undefined) {
    // RFC 6749 §6: a refresh may ask for less than was granted, never more.
    const parsed = parseScope(narrowed);
    if (!parsed.ok) throw oauthError('invalid_scope', parsed.problem);
    const extra = parsed.scopes.filter((s) => !grant.request.scopes.includes(s));
    if (extra.length > 0) throw oauthError('invalid_scope', `scope '${extra.join(' ')}' was not granted at sign-in (granted: ${scopeString(grant.request.scopes)})`);
    scopes = parsed.scopes;
  }
  return issueUserToken(ctx, grants, grant, scopes);
}

function issueUserToken(ctx: SandboxContext, grants: GrantStore, grant: Grant, scopes: AccessToken['scopes']): SandboxReply {
  const token = ctx.tokens.issue(grant.request.clientKey, [...scopes], grant.userId);
  const refresh = grants.recordIssue(grant, token);
  const user = ctx.directory.user(grant.userId);
  return answer({
    access_token: token.accessToken,
    token_type: 'bearer',
    // A fresh token reports its whole lifetime (3600), as Learn's examples show.
    expires_in: ctx.tokens.lifetimeSeconds,
    scope: scopeString(scopes),
    // Learn's 3LO page: "the UUID for the user in the user_id field".
    user_id: user.uuid ?? user.id,
    ...(refresh ? { refresh_token: refresh } : {}),
  });
}
