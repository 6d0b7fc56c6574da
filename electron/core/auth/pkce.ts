import { timingSafeEqual } from 'node:crypto';
import { calculatePKCECodeChallenge, generateRandomCodeVerifier, generateRandomState } from 'oauth4webapi';

/**
 * The per-sign-in secrets: a PKCE S256 pair (RFC 7636) and a `state` bound to the Learn site the
 * sign-in was started for (RFC 9700 §4.4: a response from one site cannot pass for another's).
 */

/** RFC 7636 §4.1: 43 to 128 characters of A-Z a-z 0-9 - . _ ~ */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export interface PkcePair {
  verifier: string;
  /** BASE64URL(SHA256(ASCII(verifier))), sent with code_challenge_method=S256. */
  challenge: string;
}

export const isValidVerifier = (verifier: string): boolean => VERIFIER.test(verifier);

/** S256 challenge of a verifier (refuses a verifier Learn would refuse). */
export async function challengeOf(verifier: string): Promise<string> {
  if (!isValidVerifier(verifier)) throw new RangeError('A PKCE code verifier is 43 to 128 characters of A-Z a-z 0-9 - . _ ~');
  return calculatePKCECodeChallenge(verifier);
}

/** A fresh verifier (32 random bytes, base64url: 43 characters) and its challenge. */
export async function createPkcePair(): Promise<PkcePair> {
  const verifier = generateRandomCodeVerifier();
  return { verifier, challenge: await challengeOf(verifier) };
}

/** A fresh, unguessable state naming its site: `<site-id>.<32 random bytes, base64url>`. */
export const createState = (siteId: string): string => `${siteId}.${generateRandomState()}`;

/** The site a state names, or undefined when it is not one of ours. */
export function siteOfState(state: string): string | undefined {
  const dot = state.indexOf('.');
  return dot > 0 ? state.slice(0, dot) : undefined;
}

/** Constant-time comparison, so the time taken does not reveal how much of a guess was right. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
