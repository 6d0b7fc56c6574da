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

/**
 * A user's access token (three-legged). Minted in-process for tests whose subject is not sign-in;
 * the OAuth contract tests go through the real authorization-code flow over HTTP.
 */
export function userToken(sandbox: RunningSandbox, userName: string, scopes: ('read' | 'write' | 'delete' | 'offline')[] = ['read', 'write', 'delete']): string {
  const ctx = sandbox.context();
  const user = ctx.directory.user(`userName:${userName}`);
  return ctx.tokens.issue(DEMO_APP.key, scopes, user.id).accessToken;
}

/** fetch with a bearer token and JSON body, returning status, headers and the parsed body. */
export async function call(
  sandbox: RunningSandbox,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; headers: Headers; json: unknown; text: string }> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${sandbox.origin}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}), redirect: 'manual' });
  const text = await res.text();
  let json: unknown = undefined;
  if (text && (res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(text);
  return { status: res.status, headers: res.headers, json, text };
}
