import { randomUUID } from 'node:crypto';

/**
 * The one error a sandbox handler throws. The server turns it into Learn's error body
 * (`{status, code?, message, developerMessage?, extraInfo}` with `status` a number and
 * `extraInfo` a correlation id, as real Learn answers) or, for the token endpoint, the OAuth
 * body `{error, error_description}`.
 */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: {
      code?: string;
      developerMessage?: string;
      headers?: Record<string, string>;
      /** OAuth endpoints answer RFC 6749 error bodies instead of Learn's. */
      oauthError?: string;
      /** Ally answers its own small JSON error body. */
      ally?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'SandboxError';
  }

  body(): Record<string, unknown> {
    if (this.options.oauthError) return { error: this.options.oauthError, error_description: this.message };
    if (this.options.ally) return { status: this.status, message: this.message, ...(this.options.code ? { code: this.options.code } : {}) };
    return {
      status: this.status,
      ...(this.options.code ? { code: this.options.code } : {}),
      message: this.message,
      ...(this.options.developerMessage ? { developerMessage: this.options.developerMessage } : {}),
      extraInfo: randomUUID().replaceAll('-', ''),
    };
  }
}

export const badRequest = (message: string, code?: string): SandboxError => new SandboxError(400, message, code ? { code } : {});
export const unauthorized = (message = 'Bearer token is invalid'): SandboxError => new SandboxError(401, message);
export const forbidden = (message: string): SandboxError => new SandboxError(403, message);
export const notFound = (message: string): SandboxError => new SandboxError(404, message);
export const conflict = (message: string): SandboxError => new SandboxError(409, message);

/** Learn's wording for an unknown id, as in the vendor's curl walk-through. */
export const objectNotFound = (id: string): SandboxError => notFound(`Could not find object with ID: ${id}`);
