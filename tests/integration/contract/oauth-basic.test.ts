import { describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../../sandbox/core/context';
import { DEMO_PASSWORD } from '../../../sandbox/modules/institution';
import { PagedMeetings } from '../../../shared/api/attendance';
import { ErrorBody, OAuthErrorBody } from '../../../shared/api/common';
import { TokenInfo } from '../../../shared/api/oauth';
import { expectValid } from '../../support/contract';
import { basicAuthHeader, call, systemToken, userTokenViaLogin, withSandbox } from '../../support/sandbox';
import { MEETINGS, TOKEN, TOKEN_INFO, control, currentSandbox, expectOAuthError, expectToken, expectTokenInfo, request, tokenInfo, tokenRequest, useOAuthSandbox } from './oauth-support';

/**
 * Contract of Learn's OAuth 2.0 in the sandbox, part 1 of 3: the client_credentials grant (basic
 * flow), Get Token Info, and expired tokens on Learn calls. Everything goes over HTTP, as the app's
 * client will. Pages: oauth-pages.test.ts; authorization_code and refresh_token: oauth-code.test.ts.
 */

useOAuthSandbox();

describe('Request Token: client_credentials (basic flow)', () => {
  it('issues a one-hour bearer token with no user, scope or refresh token', async () => {
    const token = expectToken(await tokenRequest({ grant_type: 'client_credentials' }));
    expect(token.token_type).toBe('bearer');
    expect(token.expires_in).toBeGreaterThanOrEqual(3599);
    expect(token.expires_in).toBeLessThanOrEqual(3600);
    expect(token.refresh_token).toBeUndefined();
    expect(token.user_id).toBeUndefined();
  });

  it('returns the same live token again, with less time left', async () => {
    const first = expectToken(await tokenRequest({ grant_type: 'client_credentials' }));
    await control(currentSandbox(), '/__sandbox/clock', { advanceMs: 600_000 });
    const second = expectToken(await tokenRequest({ grant_type: 'client_credentials' }));
    expect(second.access_token).toBe(first.access_token);
    expect(first.expires_in - second.expires_in).toBeGreaterThanOrEqual(599);
    expect(first.expires_in - second.expires_in).toBeLessThanOrEqual(601);
  });

  it('issues a new token once the old one has expired', async () => {
    const first = expectToken(await tokenRequest({ grant_type: 'client_credentials' }));
    await control(currentSandbox(), '/__sandbox/clock', { advanceMs: (first.expires_in + 1) * 1000 });
    const second = expectToken(await tokenRequest({ grant_type: 'client_credentials' }));
    expect(second.access_token).not.toBe(first.access_token);
  });

  it('reads the parameters from the query string', async () => {
    const res = await request(currentSandbox(), 'POST', `${TOKEN}?grant_type=client_credentials`, { headers: { Authorization: basicAuthHeader() } });
    expectToken(res);
  });

  it('answers 401 invalid_client for a wrong secret, an unknown key, or no credentials', async () => {
    const wrongSecret = await tokenRequest({ grant_type: 'client_credentials' }, { auth: basicAuthHeader(DEMO_APP.key, 'not-the-secret') });
    expectOAuthError(wrongSecret, 401, 'invalid_client');
    expect(wrongSecret.headers.get('www-authenticate')).toMatch(/^Basic /);
    expectOAuthError(await tokenRequest({ grant_type: 'client_credentials' }, { auth: basicAuthHeader('no-such-key', DEMO_APP.secret) }), 401, 'invalid_client');
    expectOAuthError(await tokenRequest({ grant_type: 'client_credentials' }, { auth: null }), 401, 'invalid_client');
  });

  it('answers 400 for a missing or unsupported grant_type', async () => {
    expectOAuthError(await tokenRequest({}), 400, 'invalid_request');
    const password = expectOAuthError(await tokenRequest({ grant_type: 'password', username: 'instructor', password: 'demo' }), 400, 'unsupported_grant_type');
    expect(password.error_description).toContain("'password'");
  });

  it('answers 400 invalid_request for a parameter sent twice, a JSON body, or a secret in the parameters', async () => {
    expectOAuthError(await tokenRequest({ grant_type: 'client_credentials' }, { query: { grant_type: 'client_credentials' } }), 400, 'invalid_request');
    const json = await request(currentSandbox(), 'POST', TOKEN, {
      headers: { Authorization: basicAuthHeader(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    expectOAuthError(json, 400, 'invalid_request');
    expectOAuthError(await tokenRequest({ grant_type: 'client_credentials', client_secret: DEMO_APP.secret }), 400, 'invalid_request');
  });

  it('honours the token lifetime setting, and an expired token stops working', async () => {
    const short = await withSandbox({ tokenLifetimeSeconds: 5, tokenErrorBody: 'oauth' });
    try {
      const token = expectToken(await tokenRequest({ grant_type: 'client_credentials' }, { target: short }));
      expect(token.expires_in).toBe(5);
      expect(expectTokenInfo(await tokenInfo(token.access_token, short)).scope).toBe('read write delete');
      await control(short, '/__sandbox/clock', { advanceMs: 6_000 });
      const after = await tokenInfo(token.access_token, short);
      expect(after.status).toBe(400);
      expect(expectValid('GET', TOKEN_INFO, after, OAuthErrorBody).error).toBe('invalid_token');
    } finally {
      await short.close();
    }
  });
});

describe('Get Token Info', () => {
  it('describes a basic-flow token', async () => {
    const res = await tokenInfo(await systemToken(currentSandbox()));
    expect(res.status).toBe(200);
    expect(expectValid('GET', TOKEN_INFO, res, TokenInfo)).toEqual({ application_id: DEMO_APP.applicationId, scope: 'read write delete' });
  });

  it('answers 400 invalid_request without access_token and 400 invalid_token for an unknown one', async () => {
    const missing = await tokenInfo(null);
    expect(missing.status).toBe(400);
    expect(expectValid('GET', TOKEN_INFO, missing, OAuthErrorBody).error).toBe('invalid_request');
    const unknown = await tokenInfo('not-a-token');
    expect(unknown.status).toBe(400);
    expect(expectValid('GET', TOKEN_INFO, unknown, OAuthErrorBody).error).toBe('invalid_token');
  });
});

describe('Expired tokens on Learn calls', () => {
  it('answers 401 "Bearer token is invalid" once /__sandbox/tokens/expire has run', async () => {
    const token = await userTokenViaLogin(currentSandbox(), 'instructor', DEMO_PASSWORD, ['read']);
    const before = await call(currentSandbox(), token, 'GET', MEETINGS);
    expect(before.status).toBe(200);
    expectValid('GET', MEETINGS, before, PagedMeetings);
    await control(currentSandbox(), '/__sandbox/tokens/expire');
    const res = await call(currentSandbox(), token, 'GET', MEETINGS);
    expect(res.status).toBe(401);
    expect(expectValid('GET', MEETINGS, res, ErrorBody)).toMatchObject({ status: 401, message: 'Bearer token is invalid' });
  });
});
