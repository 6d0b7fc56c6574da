import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/server';
import { DEMO_APP } from '../../sandbox/core/context';

/**
 * Test helpers around an in-process sandbox on an ephemeral port. Tests talk to it over real
 * HTTP with plain fetch; these helpers only save repeating the token dance.
 */
export async function withSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, allyProcessingMs: 50, ...options });
}

export const basicAuthHeader = (key: string = DEMO_APP.key, secret: string = DEMO_APP.secret): string =>
  `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

/** A system-level (basic flow) access token. */
export async function systemToken(sandbox: RunningSandbox): Promise<string> {
  const res = await fetch(`${sandbox.learnUrl}/api/public/v1/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: basicAuthHeader(), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
