import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { challengeOf, createPkcePair, createState, isValidVerifier, sameSecret, siteOfState } from '../../electron/core/auth/pkce';

// PKCE S256 (RFC 7636) and the sign-in state, as Learn checks them.
const ALPHABET = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'];
const verifierChar = fc.constantFrom(...ALPHABET);

describe('PKCE', () => {
  it("computes RFC 7636 appendix B's challenge", async () => {
    expect(await challengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('generates verifiers of 43 to 128 allowed characters, each with its S256 challenge', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const { verifier, challenge } = await createPkcePair();
      expect(verifier.length).toBeGreaterThanOrEqual(43);
      expect(verifier.length).toBeLessThanOrEqual(128);
      expect([...verifier].every((c) => ALPHABET.includes(c))).toBe(true);
      // An independent oracle: node:crypto, not the library under test.
      expect(challenge).toBe(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
      seen.add(verifier);
    }
    expect(seen.size).toBe(200);
  });

  it('accepts exactly the verifiers RFC 7636 allows', () => {
    fc.assert(fc.property(fc.string({ unit: verifierChar, minLength: 43, maxLength: 128 }), (v) => isValidVerifier(v)));
    fc.assert(fc.property(fc.string({ unit: verifierChar, minLength: 0, maxLength: 42 }), (v) => !isValidVerifier(v)));
    fc.assert(fc.property(fc.string({ unit: verifierChar, minLength: 129, maxLength: 200 }), (v) => !isValidVerifier(v)));
    fc.assert(
      fc.property(
        fc.string({ unit: verifierChar, minLength: 43, maxLength: 127 }),
        fc.constantFrom('+', '/', '=', ' ', '%', 'é', '\n'),
        fc.nat(),
        (v, bad, at) => {
          const i = at % (v.length + 1);
          return !isValidVerifier(v.slice(0, i) + bad + v.slice(i));
        },
      ),
    );
  });

  it('refuses to hash a verifier Learn would refuse', async () => {
    await expect(challengeOf('too-short')).rejects.toThrow(/43 to 128/);
  });
});

describe('sign-in state', () => {
  it('is unguessable and names the site it was made for', () => {
    const states = new Set(Array.from({ length: 100 }, () => createState('0123456789abcdef')));
    expect(states.size).toBe(100);
    for (const state of states) {
      expect(siteOfState(state)).toBe('0123456789abcdef');
      expect(state.length).toBeGreaterThanOrEqual(16 + 1 + 43);
    }
    expect(siteOfState('no-site-here')).toBeUndefined();
  });

  it('compares secrets exactly', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
    expect(sameSecret('abc', 'abcd')).toBe(false);
    expect(sameSecret('', 'a')).toBe(false);
  });
});
