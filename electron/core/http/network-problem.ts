import { hostWords, type HostSentence } from '../host-words';

/**
 * The two things campus networks add that make a request fail before any server answers: a
 * certificate Rollbook does not trust (a network that inspects secure traffic presents its own),
 * and a proxy that refuses. Each is told in words with what IT can do, instead of "fetch failed".
 * Read from the failure's cause chain by its codes, never its message text (which may quote a URL).
 */

export type CertificateReason = 'untrusted' | 'expired' | 'not-yet-valid' | 'wrong-name' | 'revoked' | 'other';

export type NetworkProblem =
  | { kind: 'certificate'; reason: CertificateReason; host: string; code: string; issuer?: string }
  /**
   * `proxy` is scheme://host:port, never with credentials; `variable` the setting it came from
   * (absent: this computer's proxy settings); `status` when it answered the tunnel request.
   */
  | { kind: 'proxy'; proxy: string; variable?: string; status?: number; code?: string };

/** The system's settings name only proxies Rollbook cannot speak to (SOCKS, QUIC): system-proxy.ts. */
export const SOCKS_PROXY_UNSUPPORTED = 'ROLLBOOK_SOCKS_PROXY';
/** The system's proxy lookup failed (a PAC file out of reach, for one). */
export const PROXY_SETTINGS_UNREADABLE = 'ROLLBOOK_PROXY_SETTINGS';

const CERTIFICATE_REASONS: Record<string, CertificateReason> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT: 'untrusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'untrusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'untrusted',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'untrusted',
  CERT_UNTRUSTED: 'untrusted',
  CERT_SIGNATURE_FAILURE: 'untrusted',
  CERT_CHAIN_TOO_LONG: 'untrusted',
  INVALID_CA: 'untrusted',
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'not-yet-valid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'wrong-name',
  HOSTNAME_MISMATCH: 'wrong-name',
  CERT_REVOKED: 'revoked',
};

/** Failures of the secure connection itself (no certificate judged): a device in the path may interfere. */
const OTHER_TLS = /^(ERR_SSL_|ERR_TLS_|EPROTO$)/;

/**
 * A request through a proxy that failed at the proxy: it refused the connection, could not be
 * found, or answered the tunnel request with an error (407: it wants a sign-in). The request never
 * reached the server. Kept in the cause chain under fetch's own `TypeError: fetch failed`.
 */
export class ProxyFailure extends Error {
  readonly code = 'ROLLBOOK_PROXY_FAILED';
  constructor(
    /** scheme://host:port, without credentials. */
    readonly proxy: string,
    /** Absent: this computer's proxy settings. */
    readonly variable: string | undefined,
    readonly status: number | undefined,
    cause: unknown,
  ) {
    super(`The proxy ${proxy} failed`, { cause });
    this.name = 'ProxyFailure';
  }
}

/** A certificate refused, with who issued it (certificate-issuer.ts); the refusal itself is `cause`. */
export class UntrustedCertificate extends Error {
  constructor(
    readonly issuer: string,
    cause: unknown,
  ) {
    super('The certificate presented is not trusted', { cause });
    this.name = 'UntrustedCertificate';
  }
}

/** What went wrong on the way to `url`, when it is a certificate or a proxy; undefined otherwise. */
export function networkProblemOf(cause: unknown, url: URL): NetworkProblem | undefined {
  let issuer: string | undefined;
  for (const error of causeChain(cause)) {
    if (error instanceof ProxyFailure) {
      const code = codeOf(error.cause);
      return { kind: 'proxy', proxy: error.proxy, ...(error.variable ? { variable: error.variable } : {}), ...(error.status !== undefined ? { status: error.status } : {}), ...(code ? { code } : {}) };
    }
    const found = (error as { issuer?: unknown }).issuer;
    if (typeof found === 'string' && found) issuer = found;
    const code = codeOf(error);
    if (!code) continue;
    const reason = CERTIFICATE_REASONS[code] ?? (OTHER_TLS.test(code) ? 'other' : undefined);
    if (reason) return { kind: 'certificate', reason, host: url.host, code, ...(issuer ? { issuer } : {}) };
  }
  return undefined;
}

/**
 * What happened and what to do, for IT (to whom the user will show it): an error's account, its
 * Details, in English, with the proxy's status and the connection's error code. The sentence on
 * a screen is networkProblemWords, the same sentence without them.
 */
export function describeNetworkProblem(problem: NetworkProblem, service: string): string {
  return technicalAccount(problem, service) ?? networkProblemWords(problem, service).message;
}

/** The sentence a screen shows, as a message of the catalogue (`http.certificate.*`, `http.proxy.*`) and its English. */
export function networkProblemWords(problem: NetworkProblem, service: string): HostSentence {
  if (problem.kind === 'proxy') return proxyWords(problem, service);
  const { host } = problem;
  switch (problem.reason) {
    case 'untrusted':
      return problem.issuer ? hostWords('http.certificate.untrustedIssuer', { host, issuer: problem.issuer }) : hostWords('http.certificate.untrusted', { host });
    case 'expired':
      return hostWords('http.certificate.expired', { host, service });
    case 'not-yet-valid':
      return hostWords('http.certificate.notYetValid', { host });
    case 'wrong-name':
      return hostWords('http.certificate.wrongName', { host });
    case 'revoked':
      return hostWords('http.certificate.revoked', { host });
    case 'other':
      return hostWords('http.certificate.other', { host });
  }
}

function proxyWords(problem: Extract<NetworkProblem, { kind: 'proxy' }>, service: string): HostSentence {
  if (problem.code === PROXY_SETTINGS_UNREADABLE) return hostWords('http.proxy.settingsUnreadable', { service });
  if (problem.code === SOCKS_PROXY_UNSUPPORTED) return hostWords('http.proxy.socks', { service, proxy: problem.proxy });
  // From a setting (HTTPS_PROXY), named; else this computer's proxy settings, a sentence of its own.
  const { variable, proxy } = problem;
  const said = (name: 'signIn' | 'unreachable' | 'refused' | 'notFound' | 'notAccepting'): HostSentence =>
    variable ? hostWords(`http.proxy.${name}`, { proxy, variable, service }) : hostWords(`http.proxy.${name}System`, { proxy, service });
  // Chromium would have asked for the sign-in in a window of its own; Rollbook's client cannot.
  if (problem.status === 407) return said('signIn');
  if (problem.status === 502 || problem.status === 503 || problem.status === 504) return said('unreachable');
  if (problem.status !== undefined) return said('refused');
  return said(problem.code === 'ENOTFOUND' || problem.code === 'EAI_AGAIN' ? 'notFound' : 'notAccepting');
}

/** The account for Details where it says more than the screen's sentence: the proxy's status, the connection's code. */
function technicalAccount(problem: NetworkProblem, service: string): string | undefined {
  if (problem.kind === 'certificate') {
    return problem.reason === 'other' ? `A secure connection to ${problem.host} could not be set up (${problem.code}); a device on the network may be interfering with secure traffic. Tell IT.` : undefined;
  }
  if (problem.code === PROXY_SETTINGS_UNREADABLE || problem.code === SOCKS_PROXY_UNSUPPORTED) return undefined;
  const settings = problem.variable ?? "this computer's proxy settings";
  const proxy = `The proxy server ${problem.proxy} (from ${settings})`;
  if (problem.status === 407) {
    return problem.variable
      ? `${proxy} asked for a sign-in Rollbook does not have (407). Put the proxy's user name and password in ${problem.variable} (http://user:password@host:port), or ask IT.`
      : `${proxy} asked for a sign-in (407), which Rollbook cannot give from those settings. Set HTTPS_PROXY to the proxy with your user name and password (http://user:password@host:port), or ask IT to let ${service} through without one.`;
  }
  if (problem.status === 502 || problem.status === 503 || problem.status === 504) {
    return `${proxy} could not reach ${service} (it answered ${problem.status}): ${service} may be down, or the proxy cannot reach it. Try again later; if it keeps failing, ask IT.`;
  }
  if (problem.status !== undefined) {
    const exception = problem.variable ? 'NO_PROXY' : "the proxy settings' exceptions";
    return `${proxy} refused to connect Rollbook to ${service} (it answered ${problem.status}). Ask IT whether ${service} may be reached through it, or add ${service}'s address to ${exception}.`;
  }
  if (problem.code === undefined) return undefined;
  const why = problem.code === 'ENOTFOUND' || problem.code === 'EAI_AGAIN' ? 'could not be found' : 'did not accept the connection';
  return `${proxy} ${why} (${problem.code}). Check ${settings}, or ask IT for the proxy's address.`;
}

/** A proxy problem that trying again in a second will not change: a sign-in it wants, or a kind of proxy Rollbook cannot use. */
export function isLastingProxyProblem(problem: NetworkProblem): boolean {
  return problem.kind === 'proxy' && (problem.status === 407 || problem.code === SOCKS_PROXY_UNSUPPORTED);
}

function* causeChain(cause: unknown): Generator<object> {
  let current: unknown = cause;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

function codeOf(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}
