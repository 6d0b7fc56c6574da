import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/server';
import { ErrorBody } from '../../../shared/api/common';
import { expectValid } from '../../support/contract';
import { basicAuthHeader, withSandbox } from '../../support/sandbox';
import { TOKEN, TOKEN_INFO, control, request, tokenRequest, type Res } from './oauth-support';

/**
 * How Learn's token endpoint refuses (seed 000, "Errors" 1: Learn's error body), and the control
 * that makes it answer RFC 6749's `{error, error_description}` or a refused grant with 401 instead.
 */
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

const refresh = (target: RunningSandbox): Promise<Res> =>
  tokenRequest({ grant_type: 'refresh_token', refresh_token: 'never-issued-refresh-token', redirect_uri: 'http://127.0.0.1:1/cb' }, { target });

function expectLearnError(res: Res, status: number, path: string): void {
  expect(res.status, res.text).toBe(status);
  const body = expectValid('POST', path, res, ErrorBody);
  expect(body).toMatchObject({ status, message: expect.stringMatching(/.{10}/) });
  expect(body.extraInfo).toMatch(/^[0-9a-f]{32}$/);
  expect(res.json).not.toHaveProperty('error');
}

describe('token endpoint refusals', () => {
  it("answer in Learn's error body by default: a dead refresh token, a wrong secret, a missing grant_type, a dead token's info", async () => {
    expectLearnError(await refresh(sandbox), 400, TOKEN);
    const wrongSecret = await tokenRequest({ grant_type: 'client_credentials' }, { target: sandbox, auth: basicAuthHeader(undefined, 'not-the-secret') });
    expectLearnError(wrongSecret, 401, TOKEN);
    expect(wrongSecret.headers.get('cache-control')).toBe('no-store');
    expectLearnError(await tokenRequest({}, { target: sandbox }), 400, TOKEN);
    expectLearnError(await request(sandbox, 'GET', `${TOKEN_INFO}?access_token=not-a-token`), 400, TOKEN_INFO);
  });

  it("answer RFC 6749's body once the control asks, and a refused grant with 401 when asked; a reset goes back to Learn's", async () => {
    await control(sandbox, '/__sandbox/oauth', { errorBody: 'oauth' });
    const rfc = await refresh(sandbox);
    expect(rfc.status).toBe(400);
    expect(rfc.json).toMatchObject({ error: 'invalid_grant', error_description: expect.any(String) });

    await control(sandbox, '/__sandbox/oauth', { refusedGrantStatus: 401 });
    const refused = await refresh(sandbox);
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ error: 'invalid_grant' });
    await control(sandbox, '/__sandbox/oauth', { errorBody: 'learn' });
    expectLearnError(await refresh(sandbox), 401, TOKEN);

    await control(sandbox, '/__sandbox/reset');
    expectLearnError(await refresh(sandbox), 400, TOKEN);
    expect((await request(sandbox, 'GET', '/__sandbox/oauth')).json).toEqual({ errorBody: 'learn', refusedGrantStatus: 400 });
  });
});
