/**
 * Learn's OAuth 2.0 answers as the sandbox writes them: the token response of seed 000 ("Token
 * response") and the Swagger definition `OAuth2AccessToken` (release 3900.121.0), and Get Token
 * Info (seed 000 "Token info"). The sandbox's own description, not the app's readers.
 */

export interface TokenResponse {
  access_token: string;
  /** Learn writes `bearer`. */
  token_type: 'bearer';
  /** Seconds the token has left. */
  expires_in: number;
  /** Only when the `offline` scope was granted. */
  refresh_token?: string;
  /** Space-separated granted scopes (three-legged flow). */
  scope?: string;
  /** The user the token acts for (three-legged flow): the user's UUID. */
  user_id?: string;
}

/** Get Token Info: the application a token belongs to and its space-separated scopes. */
export interface TokenInfo {
  application_id: string;
  scope: string;
}
