import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../electron/core/http/failure-text';
import { describeNetworkProblem, networkProblemOf, ProxyFailure, type NetworkProblem } from '../../electron/core/http/network-problem';

/** The words for a certificate not trusted or a proxy that refused, read from fetch's cause chain by code. */
const LEARN = new URL('https://learn.school.edu/learn/api/public/v1/courses?offset=100');

/** fetch's own shape: TypeError "fetch failed" around the socket's error. */
function fetchFailed(code: string, extra: Record<string, unknown> = {}): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(`${code} at https://learn.school.edu/?token=abc`), { code, ...extra }) });
}

describe('networkProblemOf', () => {
  it.each([
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'untrusted'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'untrusted'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'untrusted'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'untrusted'],
    ['CERT_HAS_EXPIRED', 'expired'],
    ['CERT_NOT_YET_VALID', 'not-yet-valid'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'wrong-name'],
    ['CERT_REVOKED', 'revoked'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'other'],
    ['EPROTO', 'other'],
  ])('reads %s as a certificate %s', (code, reason) => {
    expect(networkProblemOf(fetchFailed(code), LEARN)).toEqual({ kind: 'certificate', reason, host: 'learn.school.edu', code });
  });

  it('keeps the issuer when the chain names one', () => {
    expect(networkProblemOf(fetchFailed('SELF_SIGNED_CERT_IN_CHAIN', { issuer: 'Campus Inspection CA' }), LEARN)).toMatchObject({ issuer: 'Campus Inspection CA' });
  });

  it('is nothing for failures of another kind', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'UND_ERR_SOCKET']) expect(networkProblemOf(fetchFailed(code), LEARN)).toBeUndefined();
    expect(networkProblemOf(new DOMException('timed out', 'TimeoutError'), LEARN)).toBeUndefined();
    expect(networkProblemOf('weird', LEARN)).toBeUndefined();
  });

  it('reads a proxy failure with its status or code', () => {
    const refused = new TypeError('fetch failed', { cause: new ProxyFailure('http://proxy.school.edu:3128', 'HTTPS_PROXY', undefined, Object.assign(new Error('x'), { code: 'ECONNREFUSED' })) });
    expect(networkProblemOf(refused, LEARN)).toEqual({ kind: 'proxy', proxy: 'http://proxy.school.edu:3128', variable: 'HTTPS_PROXY', code: 'ECONNREFUSED' });
    const auth = new TypeError('fetch failed', { cause: new ProxyFailure('http://proxy.school.edu:3128', 'https_proxy', 407, new Error('Proxy response (407) !== 200 when HTTP Tunneling')) });
    expect(networkProblemOf(auth, LEARN)).toEqual({ kind: 'proxy', proxy: 'http://proxy.school.edu:3128', variable: 'https_proxy', status: 407 });
  });
});

describe('describeNetworkProblem', () => {
  const cert = (reason: Extract<NetworkProblem, { kind: 'certificate' }>['reason'], issuer?: string): NetworkProblem => ({ kind: 'certificate', reason, host: 'learn.school.edu', code: 'X', ...(issuer ? { issuer } : {}) });

  it('tells an untrusted certificate with what IT can do, naming the issuer when known', () => {
    expect(describeNetworkProblem(cert('untrusted', 'Campus Inspection CA'), 'Learn')).toBe(
      'Rollbook does not trust the certificate learn.school.edu presented (issued by Campus Inspection CA; perhaps your campus network inspects secure traffic). ' +
        "Ask IT for the network's root certificate and install it in the operating system's certificate store, or set NODE_EXTRA_CA_CERTS to its file.",
    );
    expect(describeNetworkProblem(cert('untrusted'), 'Learn')).toContain('presented (perhaps your campus network inspects secure traffic)');
  });

  it('tells the other certificate cases in their own words', () => {
    expect(describeNetworkProblem(cert('expired'), 'Learn')).toMatch(/has expired\. Check this computer's date and time/);
    expect(describeNetworkProblem(cert('not-yet-valid'), 'Learn')).toMatch(/is not valid yet/);
    expect(describeNetworkProblem(cert('wrong-name'), 'Learn')).toMatch(/made out to another name.*Check the address/);
    expect(describeNetworkProblem(cert('revoked'), 'Ally')).toMatch(/has been revoked/);
    expect(describeNetworkProblem({ kind: 'certificate', reason: 'other', host: 'learn.school.edu', code: 'EPROTO' }, 'Learn')).toMatch(/could not be set up \(EPROTO\)/);
  });

  it('names the proxy and the variable it came from', () => {
    const proxy = { kind: 'proxy', proxy: 'http://proxy.school.edu:3128', variable: 'HTTPS_PROXY' } as const;
    expect(describeNetworkProblem({ ...proxy, status: 407 }, 'Learn')).toBe(
      "The proxy server http://proxy.school.edu:3128 (from HTTPS_PROXY) asked for a sign-in Rollbook does not have (407). Put the proxy's user name and password in HTTPS_PROXY (http://user:password@host:port), or ask IT.",
    );
    expect(describeNetworkProblem({ ...proxy, status: 403 }, 'Ally')).toBe(
      "The proxy server http://proxy.school.edu:3128 (from HTTPS_PROXY) refused to connect Rollbook to Ally (it answered 403). Ask IT whether Ally may be reached through it, or add Ally's address to NO_PROXY.",
    );
    expect(describeNetworkProblem({ ...proxy, status: 502 }, 'Learn')).toMatch(/could not reach Learn \(it answered 502\): Learn may be down, or the proxy cannot reach it/);
    expect(describeNetworkProblem({ ...proxy, code: 'ENOTFOUND' }, 'Learn')).toMatch(/could not be found \(ENOTFOUND\)\. Check HTTPS_PROXY/);
    expect(describeNetworkProblem({ ...proxy, code: 'ECONNREFUSED' }, 'Learn')).toMatch(/did not accept the connection \(ECONNREFUSED\)/);
  });

  it("names this computer's proxy settings when the desktop took the proxy from them, and what to do on a sign-in it cannot give", () => {
    const proxy = { kind: 'proxy', proxy: 'http://proxy.school.edu:3128' } as const;
    expect(describeNetworkProblem({ ...proxy, status: 407 }, 'Learn')).toBe(
      "The proxy server http://proxy.school.edu:3128 (from this computer's proxy settings) asked for a sign-in (407), which Rollbook cannot give from those settings. " +
        'Set HTTPS_PROXY to the proxy with your user name and password (http://user:password@host:port), or ask IT to let Learn through without one.',
    );
    expect(describeNetworkProblem({ ...proxy, status: 403 }, 'Ally')).toMatch(/or add Ally's address to the proxy settings' exceptions\.$/);
    expect(describeNetworkProblem({ ...proxy, code: 'ECONNREFUSED' }, 'Learn')).toMatch(/did not accept the connection \(ECONNREFUSED\)\. Check this computer's proxy settings/);
  });

  it('is what ApiError says for such a network failure, after the operation, never "fetch failed"', () => {
    const message = describeFailure({ kind: 'network', service: 'Learn', operation: 'list your courses', method: 'GET', problem: cert('untrusted') });
    expect(message).toMatch(/^Could not list your courses: Rollbook does not trust the certificate learn\.school\.edu presented/);
    expect(message).not.toMatch(/fetch failed|token=/);
  });
});
