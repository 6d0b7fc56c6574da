import type { AccessTokenProvider } from '../electron/core/auth/access-token';
import { LearnClient } from '../electron/core/learn/learn-client';
import type { RunningSandbox } from '../sandbox/server';
import { userToken } from '../tests/support/sandbox';

/**
 * The Learn client as the app builds it (default HTTP client, retry policy and page size), signed
 * in to an in-process sandbox as one of its users: a token minted by the sandbox, minted again
 * after a 401 as the app's session refreshes.
 */
export function learnAs(sandbox: RunningSandbox, userName: string): LearnClient {
  return new LearnClient({ baseUrl: sandbox.learnUrl, tokens: new SandboxTokens(sandbox, userName) });
}

class SandboxTokens implements AccessTokenProvider {
  #current: string | undefined;
  constructor(
    private readonly sandbox: RunningSandbox,
    private readonly userName: string,
  ) {}
  accessToken(): Promise<string> {
    this.#current ??= userToken(this.sandbox, this.userName);
    return Promise.resolve(this.#current);
  }
  refreshAfterUnauthorized(rejected: string): Promise<string> {
    if (this.#current === rejected) this.#current = userToken(this.sandbox, this.userName);
    return this.accessToken();
  }
}
