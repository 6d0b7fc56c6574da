import type { SandboxContext } from '../../core/context';
import { SandboxError } from '../../core/errors';
import type { Handler } from '../../core/router';

/**
 * How the token endpoint and Get Token Info answer a refusal. Seed 000 ("Errors" 1): error
 * responses carry Learn's error body `{status, code, message, developerMessage, extraInfo}`, so
 * that is the default. RFC 6749 §5.2's `{error, error_description}` is the other plausible answer
 * (the standard Learn's OAuth follows), chosen with `POST /__sandbox/oauth {"errorBody":"oauth"}`.
 * The seed lists 400 and 401 for a token request without saying which refusal gets which, so a
 * refused grant (a dead refresh token or code) answers 400 (RFC 6749 §5.2) unless the control
 * asks for 401 (`refusedGrantStatus`). docs/api-notes/oauth.md, "Token endpoint refusals".
 */
export type TokenErrorBody = 'learn' | 'oauth';

export interface TokenErrorForm {
  errorBody: TokenErrorBody;
  refusedGrantStatus: 400 | 401;
}

const FORMS = new WeakMap<SandboxContext, TokenErrorForm>();

/** This world's choice; the settings' until a test changes it (a reset goes back to the settings). */
export function tokenErrorForm(ctx: SandboxContext): TokenErrorForm {
  let form = FORMS.get(ctx);
  if (!form) {
    form = { errorBody: ctx.settings.tokenErrorBody, refusedGrantStatus: 400 };
    FORMS.set(ctx, form);
  }
  return form;
}

/** Runs an OAuth handler and answers its refusals in the world's chosen form. */
export function inTokenErrorForm(ctx: SandboxContext, handler: Handler): Handler {
  return async (req) => {
    try {
      return await handler(req);
    } catch (error) {
      if (!(error instanceof SandboxError) || error.options.oauthError === undefined) throw error;
      const form = tokenErrorForm(ctx);
      const status = error.options.oauthError === 'invalid_grant' ? form.refusedGrantStatus : error.status;
      const { oauthError, ...rest } = error.options;
      throw new SandboxError(status, error.message, form.errorBody === 'oauth' ? { ...rest, oauthError } : rest);
    }
  };
}
