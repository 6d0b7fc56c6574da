import type { LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { ApiError } from '../../electron/core/http/api-error';
import { HttpClient } from '../../electron/core/http/http-client';
import { createNetworkFetch, type NetworkFetch, type NetworkFetchOptions } from '../../electron/core/http/network-fetch';
import { configureLogger, consoleSink } from '../../shared/logger';
import { startCampusSandbox } from './campus-sandbox';
import { startConnectProxy, type ConnectProxy } from './connect-proxy';

/**
 * NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment (left over from a debugging session, or set
 * by someone who wants to read the traffic) made Node accept any certificate for Rollbook's own
 * requests in browser mode: a look-alike Learn would have got the instructor's tokens. Every
 * agent now sets rejectUnauthorized itself, and the variable is named in a warning, once.
 * Over real HTTPS on loopback: the sandbox behind a throwaway CA nothing trusts.
 */
let sandbox: RunningSandbox;
let lookup: LookupFunction;
let learnUrl: string;
let proxy: ConnectProxy;
const fetches: NetworkFetch[] = [];
const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

const networkFetch = (options: NetworkFetchOptions): NetworkFetch => {
  const made = createNetworkFetch({ lookup, certificates: rootCertificates, env: {}, ...options });
  fetches.push(made);
  return made;
};

/** Learn's token-free "who am I" read, and what it ends in. */
async function learnCall(fetch: NetworkFetch): Promise<unknown> {
  const http = new HttpClient({ service: 'Learn', fetch, retry: { maxAttempts: 1 } });
  return http.json({ method: 'GET', url: `${learnUrl}/api/v1/oauth2/tokeninfo`, operation: 'check your Learn sign-in' }).then(
    () => 'accepted',
    (e: unknown) => e,
  );
}

beforeAll(async () => {
  ({ sandbox, learnUrl, lookup } = await startCampusSandbox());
  proxy = await startConnectProxy();
});
afterEach(() => configureLogger({ sink: consoleSink }));
afterAll(async () => {
  if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
  await Promise.all(fetches.map((f) => f.close()));
  await proxy.close();
  await sandbox.close();
});

describe('NODE_TLS_REJECT_UNAUTHORIZED=0', () => {
  it('does not turn certificate checks off: an untrusted certificate is still refused, directly and through a proxy, and the variable is named once', async () => {
    const warnings: string[] = [];
    // Through the logger's own seam: other files of this worker may have set another sink.
    configureLogger({ sink: (line) => void (line.level === 'warn' && warnings.push(line.message)), level: 'info' });
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';

    const direct = await learnCall(networkFetch({}));
    expect(direct).toBeInstanceOf(ApiError);
    expect((direct as ApiError).problem).toMatchObject({ kind: 'certificate', reason: 'untrusted' });

    const proxied = await learnCall(networkFetch({ env: { HTTPS_PROXY: proxy.url } }));
    expect(proxied).toBeInstanceOf(ApiError);
    expect((proxied as ApiError).message).toContain('Rollbook does not trust the certificate');

    const named = warnings.filter((line) => line.includes('NODE_TLS_REJECT_UNAUTHORIZED=0 is set, and Rollbook ignores it'));
    expect(named).toHaveLength(1);
  });
});
