import { AuthorizationResponseError, ResponseBodyError, WWWAuthenticateChallengeError } from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { authorizationFailure, tokenEndpointFailure } from '../../electron/core/auth/sign-in-error';
import { SingleFlight } from '../../electron/core/auth/single-flight';

// How a failed token request or an error redirect reaches the user: one problem, one plain message.
const bodyError = (status: number, error: string, description?: string): ResponseBodyError =>
  new ResponseBodyError('server responded with an error in the response body', {
    cause: { error, ...(description ? { error_description: description } : {}) },
    response: new Response(null, { status }),
  });

describe('sign-in errors', () => {
  it('tells a wrong PKCE verifier apart from an expired or used code', () => {
    expect(tokenEndpointFailure(bodyError(400, 'invalid_grant', 'code_verifier does not match the code_challenge'), 'authorization_code').problem).toBe('verifier-mismatch');
    expect(tokenEndpointFailure(bodyError(400, 'invalid_grant', 'The authorization code expired'), 'authorization_code').problem).toBe('code-rejected');
  });

  it('ends the session when Learn refuses the refresh token', () => {
    const error = tokenEndpointFailure(bodyError(400, 'invalid_grant', 'The refresh token was revoked'), 'refresh_token');
    expect(error.problem).toBe('grant-rejected');
    expect(error.message).toMatch(/Sign in again; changes waiting to sync are kept/);
    expect(error.detail).toMatch(/revoked/);
  });

  it("ends the session on any refusal of a refresh (400 or 401), in Learn's error body, RFC 6749's, or none", () => {
    const learnBody = (status: number): Error =>
      Object.assign(new Error('"response" is not a conform Token Endpoint response (unexpected HTTP status code)'), {
        code: 'OAUTH_RESPONSE_IS_NOT_CONFORM',
        cause: new Response(JSON.stringify({ status, message: 'Invalid refresh token', extraInfo: 'abc' }), { status }),
      });
    for (const status of [400, 401]) {
      expect(tokenEndpointFailure(learnBody(status), 'refresh_token').problem).toBe('grant-rejected');
      expect(tokenEndpointFailure(bodyError(status, 'invalid_request', 'redirect_uri differs'), 'refresh_token').problem).toBe('grant-rejected');
      expect(tokenEndpointFailure(learnBody(status), 'authorization_code').problem).toBe('code-rejected');
    }
    expect(tokenEndpointFailure(learnBody(400), 'authorization_code', undefined, undefined, 'code_verifier does not match the code_challenge').problem).toBe('verifier-mismatch');
    expect(tokenEndpointFailure(learnBody(401), 'client_credentials').problem).toBe('application-rejected');
    expect(tokenEndpointFailure(learnBody(503), 'refresh_token').problem).toBe('learn-unavailable');
  });

  it('reports a refused key or secret, whether Learn sends a challenge or a body', () => {
    const challenge = new WWWAuthenticateChallengeError('challenge', { cause: [], response: new Response(null, { status: 401 }) });
    expect(tokenEndpointFailure(challenge, 'client_credentials').problem).toBe('application-rejected');
    expect(tokenEndpointFailure(bodyError(401, 'invalid_client'), 'refresh_token').problem).toBe('application-rejected');
  });

  it('treats an unreachable or failing Learn as passing, not as the end of the session', () => {
    expect(tokenEndpointFailure(new TypeError('fetch failed'), 'refresh_token').problem).toBe('learn-unreachable');
    expect(tokenEndpointFailure(new DOMException('timed out', 'TimeoutError'), 'refresh_token').problem).toBe('learn-unreachable');
    expect(tokenEndpointFailure(bodyError(503, 'temporarily_unavailable'), 'refresh_token').problem).toBe('learn-unavailable');
  });

  it('calls a request the user cancelled a cancellation', () => {
    const controller = new AbortController();
    controller.abort();
    expect(tokenEndpointFailure(new DOMException('aborted', 'AbortError'), 'authorization_code', controller.signal).problem).toBe('cancelled');
  });

  it('keeps library messages, which may quote the token response, out of the detail', () => {
    const leaky = Object.assign(new Error('unexpected body {"access_token":"secret-token"}'), { code: 'OAUTH_INVALID_RESPONSE' });
    const error = tokenEndpointFailure(leaky, 'authorization_code');
    expect(error.problem).toBe('unexpected-response');
    expect(`${error.message} ${error.detail ?? ''}`).not.toContain('secret-token');
  });

  it('tells Deny apart from other error redirects', () => {
    const redirect = (error: string) => new AuthorizationResponseError('error', { cause: new URLSearchParams({ error, state: 's' }) });
    expect(authorizationFailure(redirect('access_denied')).problem).toBe('denied');
    expect(authorizationFailure(redirect('invalid_scope')).problem).toBe('authorization-failed');
  });
});

describe('single-flight refresh', () => {
  it('shares one run between callers, and one caller giving up does not cancel the others', async () => {
    const flight = new SingleFlight<string>();
    let runs = 0;
    let finish!: (value: string) => void;
    const task = () => {
      runs++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const impatient = new AbortController();
    const a = flight.run(task, impatient.signal);
    const b = flight.run(task);
    impatient.abort(new Error('gave up'));
    await expect(a).rejects.toThrow('gave up');
    finish('token');
    expect(await b).toBe('token');
    expect(runs).toBe(1);
    expect(flight.running).toBeUndefined();
  });
});
