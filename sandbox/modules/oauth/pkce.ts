import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * PKCE (RFC 7636) as Learn supports it since 3700.4.0: S256 only.
 * verifier: 43–128 characters of A-Z a-z 0-9 - . _ ~ (§4.1);
 * challenge: BASE64URL(SHA256(ASCII(verifier))), which is always 43 characters (§4.2).
 */

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** Why a code_verifier is malformed, or undefined when it is well formed. */
export function verifierProblem(verifier: string): string | undefined {
  if (VERIFIER.test(verifier)) return undefined;
  if (verifier.length < 43 || verifier.length > 128) {
    return `code_verifier is ${verifier.length} characters; PKCE needs 43 to 128`;
  }
  return 'code_verifier may contain only A-Z, a-z, 0-9 and - . _ ~';
}

/** Why a code_challenge cannot be an S256 challenge, or undefined when it can. */
export function challengeProblem(challenge: string): string | undefined {
  if (S256_CHALLENGE.test(challenge)) return undefined;
  return `code_challenge must be the 43-character base64url SHA-256 of the verifier; got ${challenge.length} characters`;
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Does the verifier hash to the challenge? (constant time) */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const expected = Buffer.from(challenge);
  const actual = Buffer.from(s256(verifier));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
