import { createHash, timingSafeEqual } from 'node:crypto';
import { DEMO_APP } from '../../core/context';
import { SandboxError } from '../../core/errors';
import { NO_STORE } from './token-request';

/**
 * The applications registered on the sandbox site (only the demo app) and how the token endpoint
 * recognises one: `Authorization: Basic base64(key:secret)`, as Learn requires for every grant.
 */

export interface RegisteredApp {
  applicationId: string;
  key: string;
  secret: string;
  name: string;
}

const APPS: readonly RegisteredApp[] = [DEMO_APP];

/** The app whose OAuth key this is (the authorization endpoint's `client_id`). */
export function appByKey(key: string): RegisteredApp | undefined {
  return APPS.find((app) => app.key === key);
}

/** The app whose application ID this is: only used to explain a common mistake. */
export function appByApplicationId(id: string): RegisteredApp | undefined {
  return APPS.find((app) => app.applicationId === id);
}

// RFC 6749 §5.2: a 401 for a failed client authentication names the scheme the client should use.
const invalidClient = (description: string): SandboxError =>
  new SandboxError(401, description, {
    oauthError: 'invalid_client',
    headers: { ...NO_STORE, 'WWW-Authenticate': 'Basic realm="Learn", charset="UTF-8"' },
  });

/** The app authenticated by the request's Basic header, or a 401 invalid_client saying what is wrong. */
export function authenticateApp(authorization: string | undefined): RegisteredApp {
  if (!authorization) {
    throw invalidClient('The token endpoint needs the application key and secret: send Authorization: Basic base64(key:secret)');
  }
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization.trim());
  if (!m) throw invalidClient('The Authorization header must be Basic base64(key:secret)');
  const decoded = Buffer.from(m[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw invalidClient('The Basic credentials must be key:secret, with a colon between them');
  const key = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  const app = appByKey(key);
  // One message for an unknown key and a wrong secret: the answer must not confirm which keys exist.
  if (!app || !sameSecret(secret, app.secret)) {
    throw invalidClient('Unknown application key or wrong secret; check both in the application registration');
  }
  return app;
}

/** Constant-time comparison, so response timing does not leak the secret. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
