import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { ALLY_TOKEN_MAX_AGE_SECONDS, AllyTokenSigner } from '../../electron/core/ally/ally-token';

/**
 * The Ally bearer token (auth.md, docs/api-notes/ally.md): HS256 with the client's secret, payload
 * {clientId, iat} with iat in seconds, and never older than Ally accepts when it is sent.
 */
const SECRET = 'rollbook-ally-secret';
const key = new TextEncoder().encode(SECRET);
const credentials = { clientId: 1, secret: SECRET };

function clockAt(ms: number): { now: () => number; set: (ms: number) => void } {
  let current = ms;
  return { now: () => current, set: (next) => (current = next) };
}

describe('Ally bearer token', () => {
  it('is an HS256 JWT signed with the secret, carrying the clientId as a string (as every vendor example writes it) and iat in seconds', async () => {
    const clock = clockAt(Date.UTC(2026, 8, 1, 9, 0, 0, 789));
    const jwt = await new AllyTokenSigner(credentials, { now: clock.now }).bearer();

    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(jwt, key, { algorithms: ['HS256'], currentDate: new Date(clock.now()) });
    expect(payload.clientId).toBe('1');
    // Seconds, not milliseconds (the sandbox refuses a millisecond-looking iat).
    expect(payload.iat).toBe(Date.UTC(2026, 8, 1, 9, 0, 0) / 1000);
    expect(Object.keys(payload).sort()).toEqual(['clientId', 'iat']);
  });

  it('does not verify with another secret', async () => {
    const jwt = await new AllyTokenSigner(credentials).bearer();
    await expect(jwtVerify(jwt, new TextEncoder().encode('another secret'), { algorithms: ['HS256'] })).rejects.toMatchObject({ code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' });
  });

  it('reuses a token for a while, then signs a new one long before Ally would refuse the old', async () => {
    const start = Date.UTC(2026, 8, 1, 9, 0, 0);
    const clock = clockAt(start);
    const signer = new AllyTokenSigner(credentials, { now: clock.now });
    const first = await signer.bearer();
    clock.set(start + 60_000);
    expect(await signer.bearer()).toBe(first);

    // Walk through two hours a minute at a time: every token sent is well inside Ally's hour.
    let signed = 1;
    let previous = first;
    for (let minute = 1; minute <= 120; minute++) {
      clock.set(start + minute * 60_000);
      const jwt = await signer.bearer();
      const { payload } = await jwtVerify(jwt, key, { currentDate: new Date(clock.now()) });
      const age = clock.now() / 1000 - (payload.iat as number);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(ALLY_TOKEN_MAX_AGE_SECONDS / 2);
      if (jwt !== previous) signed++;
      previous = jwt;
    }
    // Cached, not signed per request; re-signed more than once an hour.
    expect(signed).toBeGreaterThanOrEqual(4);
    expect(signed).toBeLessThan(20);
  });

  it('signs a new token when the clock went back, so no token claims to come from the future', async () => {
    const start = Date.UTC(2026, 8, 1, 9, 0, 0);
    const clock = clockAt(start);
    const signer = new AllyTokenSigner(credentials, { now: clock.now });
    const first = await signer.bearer();
    clock.set(start - 10 * 60_000);
    const after = await signer.bearer();
    expect(after).not.toBe(first);
    const { payload } = await jwtVerify(after, key, { currentDate: new Date(clock.now()) });
    expect(payload.iat).toBe((start - 10 * 60_000) / 1000);
  });

  it('signs anew after forget() (used once Ally refused a token)', async () => {
    const clock = clockAt(Date.UTC(2026, 8, 1, 9, 0, 0));
    const signer = new AllyTokenSigner(credentials, { now: clock.now });
    const first = await signer.bearer();
    signer.forget();
    clock.set(clock.now() + 1000);
    expect(await signer.bearer()).not.toBe(first);
  });

  it('refuses a client id that is not a positive whole number, and an empty secret, without echoing the secret', () => {
    expect(() => new AllyTokenSigner({ clientId: 0, secret: SECRET })).toThrow(/positive whole number/);
    expect(() => new AllyTokenSigner({ clientId: 1.5, secret: SECRET })).toThrow(/positive whole number/);
    expect(() => new AllyTokenSigner({ clientId: 1, secret: '' })).toThrow(/secret is empty/);
    const refused = (() => {
      try {
        new AllyTokenSigner({ clientId: -1, secret: SECRET });
      } catch (error) {
        return error as Error;
      }
      return undefined;
    })();
    expect(refused?.message).toMatch(/positive whole number/);
    expect(refused?.message).not.toContain(SECRET);
  });
});
