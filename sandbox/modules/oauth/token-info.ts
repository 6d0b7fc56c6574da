import type { SandboxContext } from '../../core/context';
import type { Router } from '../../core/router';
import type { TokenInfo } from './wire';
import { appByKey } from './clients';
import { inTokenErrorForm } from './error-form';
import { NO_STORE, invalidRequest, oauthError } from './token-request';
import { scopeString } from './scopes';

/**
 * Get Token Info (since 3700.6.0): GET /learn/api/public/v1/oauth2/tokeninfo?access_token=...
 * -> {application_id, scope}. The seed lists 200 and 400 only, so a token that is unknown,
 * expired or revoked is a 400 `invalid_token` (RFC 6750 §3.1's name for it), not a 401.
 */
export const TOKEN_INFO_PATH = '/learn/api/public/v1/oauth2/tokeninfo';

export function installTokenInfo(ctx: SandboxContext, router: Router): void {
  router.get(
    TOKEN_INFO_PATH,
    inTokenErrorForm(ctx, (req) => {
      const values = req.query.getAll('access_token');
      if (values.length > 1) throw invalidRequest("Parameter 'access_token' is sent more than once; send it once");
      const accessToken = values[0];
      if (!accessToken) throw invalidRequest("Query parameter 'access_token' is required: the token to describe");
      const token = ctx.tokens.find(accessToken);
      const app = token ? appByKey(token.appKey) : undefined;
      if (!token || !app) throw oauthError('invalid_token', 'The access token is unknown, expired or revoked; request a new one');
      const body: TokenInfo = { application_id: app.applicationId, scope: scopeString(token.scopes) };
      return { status: 200, json: body, headers: NO_STORE };
    }),
  );
}
