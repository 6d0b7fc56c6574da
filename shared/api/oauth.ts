import { z } from 'zod';
import { optional } from './common';

/**
 * Learn's OAuth 2.0 answers: the token response (basic, authorization-code and refresh grants)
 * and Get Token Info. Modelled on seed 000 ("Token response", "Token info") and the Swagger
 * definition `OAuth2AccessToken` (release 3900.121.0). Error answers use `OAuthErrorBody`
 * from ./common.
 */

/** The scopes Learn knows. `offline` is what earns a refresh token. */
export const OAuthScope = z.enum(['read', 'write', 'delete', 'offline']);
export type OAuthScope = z.infer<typeof OAuthScope>;

export const TokenResponse = z.looseObject({
  access_token: z.string().min(1),
  // Swagger: "Value is case insensitive." Learn writes `bearer`; RFC 6749 examples write `Bearer`.
  token_type: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.literal('bearer', { error: (issue) => `token_type is '${String(issue.input)}'; only bearer tokens are supported` })),
  // A wrong lifetime would schedule refreshes at the wrong time: a whole number of seconds, no strings.
  expires_in: z.number().int().nonnegative(),
  /** Only when the `offline` scope was granted. */
  refresh_token: optional(z.string().min(1)),
  /** Space-separated granted scopes (three-legged flow only). */
  scope: optional(z.string()),
  /** The user the token acts for (three-legged flow only): Learn sends the user's UUID. */
  user_id: optional(z.string().min(1)),
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/** Get Token Info: which application a token belongs to and what it may do. */
export const TokenInfo = z.looseObject({
  application_id: z.string().min(1),
  /** Space-separated scopes of the token. */
  scope: z.string(),
});
export type TokenInfo = z.infer<typeof TokenInfo>;

/** The scopes of a space-separated `scope` string; unknown names are dropped (a newer Learn may add some). */
export function grantedScopes(scope: string | undefined): OAuthScope[] {
  if (!scope) return [];
  const known = scope.split(/\s+/).filter((s): s is OAuthScope => OAuthScope.safeParse(s).success);
  return [...new Set(known)];
}
