import type { SandboxModule } from '../core/context';
import { installAuthorizePages } from './oauth/authorize';
import { GrantStore, randomToken } from './oauth/grants';
import { installTokenEndpoint } from './oauth/token-endpoint';
import { installTokenInfo } from './oauth/token-info';

/**
 * Learn's OAuth 2.0: the token endpoint (basic, authorization-code with PKCE, refresh), the
 * authorization code endpoint with its login and consent pages, and Get Token Info. Tokens go
 * into ctx.tokens, which every other Learn route checks. Rules chosen: docs/api-notes/oauth.md.
 */
export const oauthModule: SandboxModule = {
  name: 'oauth',
  install(ctx, router) {
    const grants = new GrantStore(ctx.clock, () => ctx.tokens.scriptedRefreshTokens.shift() ?? randomToken());
    installTokenEndpoint(ctx, router, grants);
    installAuthorizePages(ctx, router, grants);
    installTokenInfo(ctx, router);
  },
};
