import { describe, expect, it } from 'vitest';
import { DEMO_APP } from '../../../sandbox/core/context';
import { DEMO_PASSWORD } from '../../../sandbox/modules/institution';
import { PagedMeetings } from '../../../shared/api/attendance';
import { ErrorBody } from '../../../shared/api/common';
import { TokenInfo } from '../../../shared/api/oauth';
import { expectValid } from '../../support/contract';
import { call, userTokenViaLogin } from '../../support/sandbox';
import {
  LOOPBACK, MEETINGS, TOKEN_INFO, authorize, control, currentSandbox, exchange, expectOAuthError, expectToken, expectTokenInfo, expectTokenInfoError, instructorUuid, pkce, tokenInfo, tokenRequest, useOAuthSandbox, type Res,
} from './oauth-support';

/**
 * Contract of Learn's OAuth 2.0 in the sandbox, part 3 of 3: the token endpoint's
 * authorization_code grant (three-legged flow with PKCE) and refresh_token grant. Everything goes
 * over HTTP, as the app's client will.
 */

useOAuthSandbox();

describe('Request Token: authorization_code (three-legged flow with PKCE)', () => {
  it('exchanges the code for a token that acts as the signed-in user', async () => {
    const { code, verifier } = await authorize('read write');
    const token = expectToken(await exchange(code, verifier));
    expect(token.expires_in).toBe(3600);
    expect(token.scope).toBe('read write');
    expect(token.user_id).toBe(instructorUuid());
    expect(token.refresh_token).toBeUndefined();
    const info = await tokenInfo(token.access_token);
    expect(info.status).toBe(200);
    expect(expectValid('GET', TOKEN_INFO, info, TokenInfo)).toEqual({ application_id: DEMO_APP.applicationId, scope: 'read write' });
    const meetings = await call(currentSandbox(), token.access_token, 'GET', MEETINGS);
    expect(meetings.status, meetings.text).toBe(200);
    expectValid('GET', MEETINGS, meetings, PagedMeetings);
  });

  it('accepts code and redirect_uri in the query, as Learn documents', async () => {
    const { code, verifier } = await authorize();
    expectToken(await tokenRequest({ grant_type: 'authorization_code' }, { query: { code, redirect_uri: LOOPBACK, code_verifier: verifier ?? '' } }));
  });

  it('works without PKCE when the authorization request had no challenge', async () => {
    const { code } = await authorize('read', false);
    expect(expectToken(await exchange(code)).scope).toBe('read');
  });

  it('answers 400 invalid_grant for a verifier that does not match, and the code is then spent', async () => {
    const { code, verifier } = await authorize();
    const mismatch = expectOAuthError(await exchange(code, pkce().verifier), 400, 'invalid_grant');
    expect(mismatch.error_description).toContain('code_verifier does not match');
    expectOAuthError(await exchange(code, verifier), 400, 'invalid_grant');
  });

  it('answers 400 when the verifier is missing, malformed, or sent for a code without a challenge', async () => {
    const first = await authorize();
    expectOAuthError(await exchange(first.code), 400, 'invalid_request');
    const second = await authorize();
    const short = expectOAuthError(await exchange(second.code, 'abc'), 400, 'invalid_request');
    expect(short.error_description).toContain('3 characters');
    const plain = await authorize('read', false);
    expectOAuthError(await exchange(plain.code, pkce().verifier), 400, 'invalid_grant');
  });

  it('answers 400 invalid_grant for a reused code and revokes the token it bought', async () => {
    const { code, verifier } = await authorize();
    const token = expectToken(await exchange(code, verifier));
    const reused = expectOAuthError(await exchange(code, verifier), 400, 'invalid_grant');
    expect(reused.error_description).toContain('already used');
    expectTokenInfoError(await tokenInfo(token.access_token), 'invalid_token');
  });

  it('answers 400 invalid_grant for a redirect_uri other than the one used at authorization', async () => {
    const { code, verifier } = await authorize();
    const res = expectOAuthError(await exchange(code, verifier, 'http://127.0.0.1:53682/other'), 400, 'invalid_grant');
    expect(res.error_description).toContain('redirect_uri');
  });

  it('answers 400 invalid_grant for an expired code', async () => {
    const { code, verifier } = await authorize();
    await control(currentSandbox(), '/__sandbox/clock', { advanceMs: (currentSandbox().context().settings.authCodeLifetimeSeconds + 1) * 1000 });
    expect(expectOAuthError(await exchange(code, verifier), 400, 'invalid_grant').error_description).toContain('expired');
  });

  it('answers 400 for an unknown code or a missing redirect_uri, and 401 without the app secret', async () => {
    expectOAuthError(await exchange('no-such-code', pkce().verifier), 400, 'invalid_grant');
    const { code, verifier } = await authorize();
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code, code_verifier: verifier ?? '' }), 400, 'invalid_request');
    const again = await authorize();
    const res = await tokenRequest({ grant_type: 'authorization_code', code: again.code, redirect_uri: LOOPBACK, code_verifier: again.verifier ?? '' }, { auth: null });
    expectOAuthError(res, 401, 'invalid_client');
  });

  it('signs in through userTokenViaLogin, and a read-only token cannot write', async () => {
    const readOnly = await userTokenViaLogin(currentSandbox(), 'instructor', DEMO_PASSWORD, ['read']);
    const res = await call(currentSandbox(), readOnly, 'POST', MEETINGS, { title: 'Week 1' });
    expect(res.status).toBe(403);
    expect(expectValid('POST', MEETINGS, res, ErrorBody).message).toContain("'write' scope");
  });
});

describe('Request Token: refresh_token', () => {
  it('gives a refresh token only when offline was granted', async () => {
    const { code, verifier } = await authorize('read write');
    expect(expectToken(await exchange(code, verifier)).refresh_token).toBeUndefined();
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'made-up', redirect_uri: LOOPBACK }), 400, 'invalid_grant');
  });

  it('refreshes with rotation; replaying a rotated refresh token revokes the sign-in', async () => {
    const { code, verifier } = await authorize('read write offline');
    const first = expectToken(await exchange(code, verifier));
    expect(first.scope).toBe('read write offline');
    expect(first.refresh_token).toBeTruthy();
    const refreshed = expectToken(await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '', redirect_uri: LOOPBACK }));
    expect(refreshed.access_token).not.toBe(first.access_token);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.user_id).toBe(instructorUuid());
    expect(expectTokenInfo(await tokenInfo(refreshed.access_token)).scope).toBe('read write offline');

    const replay = expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token ?? '', redirect_uri: LOOPBACK }), 400, 'invalid_grant');
    expect(replay.error_description).toContain('already used');
    expectTokenInfoError(await tokenInfo(refreshed.access_token), 'invalid_token');
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshed.refresh_token ?? '', redirect_uri: LOOPBACK }), 400, 'invalid_grant');
  });

  it('needs the sign-in redirect_uri, and may narrow but not widen the scope', async () => {
    const { code, verifier } = await authorize('read write offline');
    const token = expectToken(await exchange(code, verifier));
    const refresh = (extra: Record<string, string>): Promise<Res> => tokenRequest({ grant_type: 'refresh_token', refresh_token: token.refresh_token ?? '', ...extra });
    expectOAuthError(await refresh({}), 400, 'invalid_request');
    expectOAuthError(await refresh({ redirect_uri: 'http://127.0.0.1:1/elsewhere' }), 400, 'invalid_grant');
    expectOAuthError(await refresh({ redirect_uri: LOOPBACK, scope: 'read delete' }), 400, 'invalid_scope');
    const narrowed = expectToken(await refresh({ redirect_uri: LOOPBACK, scope: 'read' }));
    expect(narrowed.scope).toBe('read');
    expect(expectTokenInfo(await tokenInfo(narrowed.access_token))).toEqual({ application_id: DEMO_APP.applicationId, scope: 'read' });
  });
});
