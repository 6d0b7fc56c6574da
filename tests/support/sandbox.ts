import { createHash, randomBytes } from 'node:crypto';
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
export async function systemToken(sandbox: Pick<RunningSandbox, 'learnUrl'>): Promise<string> {
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

/**
 * A user's access token through the real three-legged flow over HTTP, as the app gets one:
 * authorization request with PKCE S256, login page, consent page (Allow), code exchange with the
 * app's key and secret. Throws with the page's message when sign-in fails.
 */
export async function userTokenViaLogin(
  sandbox: Pick<RunningSandbox, 'learnUrl'>,
  userName: string,
  password: string,
  scopes: ('read' | 'write' | 'delete' | 'offline')[] = ['read', 'write', 'delete'],
): Promise<string> {
  const authorizePath = `${sandbox.learnUrl}/api/public/v1/oauth2/authorizationcode`;
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const redirectUri = 'http://127.0.0.1:9/rollbook/callback'; // never contacted: the 302 is read, not followed
  const query = new URLSearchParams({
    client_id: DEMO_APP.key,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: scopes.join(' '),
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const start = await fetch(`${authorizePath}?${query.toString()}`, { redirect: 'manual' });
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const post = async (html: string, fields: Record<string, string>): Promise<Response> => {
    const hidden: Record<string, string> = Object.fromEntries([...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
    const alert = /role="alert"[^>]*>([^<]*)</.exec(html)?.[1];
    if (!hidden.pending) throw new Error(`sign-in page without a form (${alert ?? 'no message'})`);
    return fetch(authorizePath, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams({ ...hidden, ...fields }).toString(),
    });
  };
  const consentPage = await (await post(await start.text(), { username: userName, password })).text();
  if (!consentPage.includes('value="consent"')) throw new Error(`sign-in as ${userName} failed: ${/role="alert"[^>]*>([^<]*)</.exec(consentPage)?.[1] ?? 'no consent page'}`);
  const allowed = await post(consentPage, { decision: 'allow' });
  const back = new URL(allowed.headers.get('location') ?? 'about:blank');
  const code = back.searchParams.get('code');
  if (allowed.status !== 302 || !code || back.searchParams.get('state') !== state) throw new Error(`no code after consent: ${allowed.status} ${back.toString()}`);
  const res = await fetch(`${sandbox.learnUrl}/api/public/v1/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: basicAuthHeader(), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }).toString(),
  });
  if (res.status !== 200) throw new Error(`code exchange failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
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
  // The control API wants this run's token (sandbox/control.ts).
  if (path.startsWith('/__sandbox/')) headers['X-Sandbox-Control'] = sandbox.controlToken;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${sandbox.origin}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}), redirect: 'manual' });
  const text = await res.text();
  let json: unknown = undefined;
  if (text && (res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(text);
  return { status: res.status, headers: res.headers, json, text };
}

/** Sets a user's avatar through the sandbox's control route (`null`: no avatar, so Learn answers 404); `send`: a fetch that trusts an HTTPS sandbox. */
export async function setAvatarPicture(sandbox: Pick<RunningSandbox, 'origin' | 'controlToken'>, userId: string, picture: string | null, send: typeof fetch = fetch): Promise<void> {
  const res = await send(`${sandbox.origin}/__sandbox/avatars`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Sandbox-Control': sandbox.controlToken },
    body: JSON.stringify({ userId, picture }),
  });
  if (res.status !== 200) throw new Error(`the sandbox did not set the avatar of ${userId}: ${res.status}`);
}
