import { DEMO_ALLY_CLIENT, type SandboxContext } from '../../core/context';
import type { SandboxRequest } from '../../core/http';
import { allyError } from './ally-http';
import { readPolicy, type PolicyStatement } from './policy';

/**
 * Ally authentication (auth.md): `Authorization: Bearer <JWT>`, HS256 with the client's secret,
 * payload `{clientId, iat}` and an optional policy. The token's clientId must be the path's.
 * `iat` is seconds since the epoch, at most 5 minutes ahead of the sandbox clock (skew) and at
 * most 1 hour old; `exp` and `nbf`, if present, are honoured. Every failure is a 401 that says
 * what to change.
 */
export const IAT_MAX_SKEW_SECONDS = 300;
export const IAT_MAX_AGE_SECONDS = 3600;

const CLIENTS = new Map<number, string>([[DEMO_ALLY_CLIENT.clientId, DEMO_ALLY_CLIENT.secret]]);

export interface AllyCaller {
  clientId: number;
  /** Undefined: a service token, allowed everything. */
  policy: PolicyStatement[] | undefined;
}

const invalid = (why: string): never => {
  throw allyError(401, `Bearer token is invalid: ${why}`);
};

/** The path's client id: a positive integer (seed: "clientId is an integer"). */
export function pathClientId(req: SandboxRequest): number {
  const raw = req.params.clientId ?? '';
  if (!/^\d+$/.test(raw) || Number(raw) === 0) throw allyError(400, `clientId in the path must be the numerical Ally client id (a positive integer), not '${raw}'.`);
  return Number(raw);
}

export async function authenticate(ctx: SandboxContext, req: SandboxRequest): Promise<AllyCaller> {
  const clientId = pathClientId(req);
  const header = req.headers.authorization;
  if (!header) throw allyError(401, 'The Authorization header is missing: send Authorization: Bearer <JWT> signed (HS256) with your Ally client secret.');
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m?.[1]) throw allyError(401, "The Authorization header must be 'Bearer <JWT>'.");
  const secret = CLIENTS.get(clientId);
  if (secret === undefined) throw allyError(401, `Ally client ${clientId} is not known here; the sandbox's client is ${DEMO_ALLY_CLIENT.clientId}.`);

  // Loaded on the first Ally call, not at start (a tenth of a second that demo start-up need not wait for).
  const { jwtVerify } = await import('jose');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(m[1], new TextEncoder().encode(secret), { algorithms: ['HS256'], currentDate: ctx.clock.date() }));
  } catch (error) {
    return invalid(joseReason(error, clientId));
  }

  if (payload.clientId === undefined) invalid('the payload has no clientId (your numerical Ally client id).');
  const tokenClient = Number(payload.clientId);
  if (!(typeof payload.clientId === 'number' || (typeof payload.clientId === 'string' && /^\d+$/.test(payload.clientId)))) {
    invalid(`clientId in the payload must be a number, not ${JSON.stringify(payload.clientId)}.`);
  }
  if (tokenClient !== clientId) invalid(`it was issued for client ${tokenClient}, but the path names client ${clientId}.`);

  const iat = payload.iat;
  if (typeof iat !== 'number') return invalid('the payload has no iat (issued at, in seconds since the epoch).');
  const now = ctx.clock.now() / 1000;
  if (iat > 1e11) invalid(`iat ${iat} looks like milliseconds; send seconds since the epoch.`);
  if (iat > now + IAT_MAX_SKEW_SECONDS) invalid(`iat is ${Math.round(iat - now)} seconds in the future (clock skew of up to ${IAT_MAX_SKEW_SECONDS} s is allowed); check the clock and sign a new token.`);
  if (now - iat > IAT_MAX_AGE_SECONDS) invalid(`it was issued ${Math.round(now - iat)} seconds ago; tokens are accepted for ${IAT_MAX_AGE_SECONDS} seconds after iat: sign a new one.`);

  const policy = payload.policy === undefined ? undefined : readPolicy(payload.policy);
  if (policy === null) invalid('the policy must be {statements: [{resource: "content:<hash>" or "content:*", actions: ["content:getStatus", ...]}]}.');
  return { clientId, policy: policy ?? undefined };
}

function joseReason(error: unknown, clientId: number): string {
  const code = (error as { code?: string }).code;
  const message = (error as Error).message;
  switch (code) {
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return `its signature does not verify with the secret of client ${clientId}.`;
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return 'it is not signed with HS256 (HMAC SHA-256), the only algorithm Ally accepts.';
    case 'ERR_JWT_EXPIRED':
      return 'it has expired (its exp is past): sign a new one.';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return /"iat"/.test(message) ? 'iat must be a number of seconds since the epoch.' : `a claim is not valid yet or malformed (${message}).`;
    default:
      return 'it is not a well-formed JWT (header.payload.signature, base64url, HS256).';
  }
}
