import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ALLY_CLIENT, DEMO_APP } from '../../sandbox/core/context';
import type { RunningSandbox } from '../../sandbox/server';
import { AllyClient, createAllyHttpClient } from '../../electron/core/ally';
import { findLearn } from '../../electron/core/auth/find-learn';
import { learnSite } from '../../electron/core/auth/learn-site';
import { SignInError } from '../../electron/core/auth/sign-in-error';
import { TokenEndpoint } from '../../electron/core/auth/token-endpoint';
import { ApiError } from '../../electron/core/http/api-error';
import { HttpClient } from '../../electron/core/http/http-client';
import { createNetworkFetch, type NetworkFetch, type NetworkFetchOptions } from '../../electron/core/http/network-fetch';
import { certificateSources, trustedCertificates } from '../../electron/core/http/trusted-certificates';
import { LearnClient } from '../../electron/core/learn/learn-client';
import { CAMPUS_NAME, startCampusSandbox } from './campus-sandbox';
import { startConnectProxy, type ConnectProxy } from './connect-proxy';

/**
 * Campus networks, over real HTTPS on loopback: the sandbox behind a throwaway
 * CA, reached by a name that is not loopback (campus-sandbox.ts).
 */
const NAME = CAMPUS_NAME;

let sandbox: RunningSandbox;
let lookup: LookupFunction;
let ca: string;
let learnUrl: string;
let allyUrl: string;
let folder: string;
/** NODE_EXTRA_CA_CERTS's file: the throwaway CA alone. */
let caFile: string;
const fetches: NetworkFetch[] = [];

/** A network fetch as the app makes it, with the test's trusted list and proxy variables. */
function networkFetch(options: NetworkFetchOptions): NetworkFetch {
  const made = createNetworkFetch({ lookup, env: {}, ...options });
  fetches.push(made);
  return made;
}

const trusted = (): string[] => [...rootCertificates, ca];

/** A system token from Learn's token endpoint, then a Learn call with it: both over `fetch`. */
async function callLearn(fetch: NetworkFetch): Promise<string> {
  const tokens = await new TokenEndpoint(learnSite(learnUrl), { fetch }).clientCredentials({ applicationKey: DEMO_APP.key, applicationSecret: DEMO_APP.secret });
  const http = new HttpClient({ service: 'Learn', fetch, retry: { baseDelayMs: 10, maxDelayMs: 20 } });
  const learn = new LearnClient({ baseUrl: learnUrl, tokens: { accessToken: () => Promise.resolve(tokens.accessToken), refreshAfterUnauthorized: () => Promise.resolve(tokens.accessToken) }, http });
  return (await learn.tokenInfo()).application_id;
}

/** A Learn call (a token-free one, so no token endpoint is needed) and the ApiError it ends in. */
async function learnFailure(fetch: NetworkFetch): Promise<ApiError> {
  const http = new HttpClient({ service: 'Learn', fetch, retry: { baseDelayMs: 10, maxDelayMs: 20 } });
  const learn = new LearnClient({ baseUrl: learnUrl, tokens: { accessToken: () => Promise.resolve('none'), refreshAfterUnauthorized: () => Promise.resolve('none') }, http });
  const error = await learn.tokenInfo().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeAll(async () => {
  ({ sandbox, ca, learnUrl, allyUrl, lookup } = await startCampusSandbox());
  folder = await mkdtemp(join(tmpdir(), 'rollbook-campus-'));
  caFile = join(folder, 'campus-ca.pem');
  await writeFile(caFile, ca);
});

afterAll(async () => {
  await Promise.all(fetches.map((f) => f.close()));
  await sandbox.close();
  await rm(folder, { recursive: true, force: true });
});

describe('a certificate authority the campus network added', () => {
  it('without it, a Learn call fails once with what happened and what IT can do, never "fetch failed"', async () => {
    const error = await learnFailure(networkFetch({ certificates: rootCertificates }));
    expect(error.kind).toBe('network');
    expect(error.problem).toMatchObject({ kind: 'certificate', reason: 'untrusted', host: `${NAME}:${sandbox.port}` });
    expect(error.message).toContain(`Could not check your Learn sign-in: Rollbook does not trust the certificate ${NAME}:${sandbox.port} presented`);
    // Who issued it tells IT at once that the network (here: the test's CA) stands in between.
    expect(error.problem).toMatchObject({ issuer: 'Campus Inspection Test CA' });
    expect(error.message).toContain('presented (issued by Campus Inspection Test CA; perhaps your campus network inspects secure traffic)');
    expect(error.message).toContain("install it in the operating system's certificate store, or set NODE_EXTRA_CA_CERTS to its file");
    expect(error.message).not.toMatch(/fetch failed/i);
    // A certificate does not change in a second: no retries.
    expect(error.attempts).toBe(1);
  });

  it('without it, the site check and the token endpoint say the same, not "check the address"', async () => {
    const fetch = networkFetch({ certificates: rootCertificates });
    const found = await findLearn(`${NAME}:${sandbox.port}`, { fetch }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(found?.message).toContain(`Rollbook could not reach Learn at ${learnUrl}. Rollbook does not trust the certificate`);
    expect(found?.message).not.toContain('Check the address');
    const token = await new TokenEndpoint(learnSite(learnUrl), { fetch }).clientCredentials({ applicationKey: DEMO_APP.key, applicationSecret: DEMO_APP.secret }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(token).toBeInstanceOf(SignInError);
    expect((token as SignInError).problem).toBe('learn-unreachable');
    expect((token as SignInError).message).toContain('Rollbook does not trust the certificate');
  });

  it('with it trusted, the same calls succeed: Learn, the token endpoint, the site check and Ally', async () => {
    const fetch = networkFetch({ certificates: trusted() });
    expect(await callLearn(fetch)).toBe(DEMO_APP.applicationId);
    expect((await findLearn(`${NAME}:${sandbox.port}`, { fetch })).learnUrl).toBe(learnUrl);
    const ally = new AllyClient({ baseUrl: allyUrl, credentials: DEMO_ALLY_CLIENT, http: createAllyHttpClient({ fetch }) });
    // The batch is a GET with a body, sent outside fetch: it takes the same agent.
    expect(await ally.batchInformation(['not-a-hash'])).toEqual([null]);
  });

  it('trusted through NODE_EXTRA_CA_CERTS, read as Node reads it', async () => {
    const certificates = trustedCertificates(certificateSources({ NODE_EXTRA_CA_CERTS: caFile }));
    expect(certificates).toContain(ca.replace(/\r\n/g, '\n').trim() + '\n');
    expect(await callLearn(networkFetch({ certificates }))).toBe(DEMO_APP.applicationId);
  });
});

describe('a proxy from HTTPS_PROXY', () => {
  let proxy: ConnectProxy;
  let guarded: ConnectProxy;
  beforeAll(async () => {
    proxy = await startConnectProxy();
    guarded = await startConnectProxy({ credentials: 'rollbook:campus-pass' });
  });
  afterAll(async () => {
    await proxy.close();
    await guarded.close();
  });

  it('carries every request to a host that is not this computer, with the CA only NODE_EXTRA_CA_CERTS trusts', async () => {
    const before = proxy.tunnels.length;
    const certificates = trustedCertificates(certificateSources({ NODE_EXTRA_CA_CERTS: caFile }));
    expect(await callLearn(networkFetch({ certificates, env: { HTTPS_PROXY: proxy.url } }))).toBe(DEMO_APP.applicationId);
    const opened = proxy.tunnels.slice(before);
    expect(opened.length).toBeGreaterThan(0);
    expect(new Set(opened)).toEqual(new Set([`${NAME}:${sandbox.port}`]));
  });

  it('through it, a certificate not trusted is told as such, not as the proxy failing', async () => {
    const error = await learnFailure(networkFetch({ certificates: rootCertificates, env: { HTTPS_PROXY: proxy.url } }));
    expect(error.problem).toMatchObject({ kind: 'certificate', reason: 'untrusted' });
    expect(error.message).toContain(`Rollbook does not trust the certificate ${NAME}:${sandbox.port} presented (perhaps your campus network inspects secure traffic)`);
  });

  it('is skipped for hosts NO_PROXY names, and always for this computer', async () => {
    const before = proxy.asked;
    expect(await callLearn(networkFetch({ certificates: trusted(), env: { https_proxy: proxy.url, NO_PROXY: `example.org,.${NAME}` } }))).toBe(DEMO_APP.applicationId);
    const loopback = networkFetch({ certificates: trusted(), env: { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url } });
    const answer = await loopback(`https://127.0.0.1:${sandbox.port}/learn/api/public/v1/system/version`);
    expect(answer.status).toBe(200);
    expect((await loopback(`https://localhost:${sandbox.port}/learn/api/public/v1/system/version`)).status).toBe(200);
    expect(proxy.asked).toBe(before);
  });

  it('with its user name and password in HTTPS_PROXY, gets through a proxy that asks for them', async () => {
    const before = guarded.tunnels.length;
    const env = { HTTPS_PROXY: `http://rollbook:campus-pass@127.0.0.1:${guarded.port}` };
    expect(await callLearn(networkFetch({ certificates: trusted(), env }))).toBe(DEMO_APP.applicationId);
    expect(guarded.tunnels.length).toBeGreaterThan(before);
  });

  it('that wants a sign-in (407) is named, without the password it was given', async () => {
    const env = { HTTPS_PROXY: `http://rollbook:wrong-pass@127.0.0.1:${guarded.port}` };
    const error = await learnFailure(networkFetch({ certificates: trusted(), env }));
    expect(error.problem).toMatchObject({ kind: 'proxy', status: 407, proxy: `http://127.0.0.1:${guarded.port}`, variable: 'HTTPS_PROXY' });
    expect(error.message).toBe(
      `Could not check your Learn sign-in: The proxy server http://127.0.0.1:${guarded.port} (from HTTPS_PROXY) asked for a sign-in Rollbook does not have (407). ` +
        "Put the proxy's user name and password in HTTPS_PROXY (http://user:password@host:port), or ask IT.",
    );
    expect(JSON.stringify({ message: error.message, problem: error.problem })).not.toMatch(/wrong-pass|rollbook:/);
    expect(error.attempts).toBe(1);
  });

  it('that refuses the connection is named, and the request is known not to have reached Learn', async () => {
    const closed = await startConnectProxy();
    await closed.close();
    const http = new HttpClient({ service: 'Learn', fetch: networkFetch({ certificates: trusted(), env: { HTTPS_PROXY: `http://user:secret@127.0.0.1:${closed.port}` } }), retry: { maxAttempts: 2, baseDelayMs: 10 } });
    const error = await http.json({ method: 'POST', url: `${learnUrl}/api/public/v1/courses`, operation: 'create a course', json: {} }).then(
      () => undefined,
      (e: unknown) => e as ApiError,
    );
    expect(error?.problem).toMatchObject({ kind: 'proxy', code: 'ECONNREFUSED', proxy: `http://127.0.0.1:${closed.port}` });
    expect(error?.message).toBe(
      `Could not create a course: The proxy server http://127.0.0.1:${closed.port} (from HTTPS_PROXY) did not accept the connection (ECONNREFUSED). Check HTTPS_PROXY, or ask IT for the proxy's address.`,
    );
    expect(error?.outcomeUnknown).toBe(false);
    expect(error?.message).not.toContain('secret');
  });
});
