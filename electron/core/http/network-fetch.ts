import type { LookupFunction } from 'node:net';
import { createSecureContext, type SecureContext } from 'node:tls';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import { createLogger } from '../../../shared/logger';
import { presentedIssuer } from './certificate-issuer';
import { networkProblemOf, ProxyFailure, UntrustedCertificate } from './network-problem';
import { isThisComputer, namesAProxy, proxyFor, readProxySettings, type ProxyServer, type ProxySettings } from './proxy-settings';
import { askSystem, type SystemProxyResolver } from './system-proxy';
import { cachedTrustedCertificates } from './trusted-certificates';

/**
 * The one way the main side reaches the network, in both hosts: every request to Learn and Ally
 * (HttpClient's default, the token endpoint, the site check, Ally's batch) goes through
 * `networkFetch()`.
 *
 * It is Node's fetch over undici agents that trust the OS certificate store as well as Node's
 * roots (trusted-certificates.ts) and take the route each URL's proxy settings give: HTTPS_PROXY /
 * HTTP_PROXY / NO_PROXY when they name a proxy (proxy-settings.ts), else, on the desktop, this
 * computer's own proxy settings as Chromium resolves them (system-proxy.ts; the host hands the
 * resolver over through useHostNetworkFetch, since electron/core never imports electron). This
 * computer's own addresses never go through a proxy. Node's own fetch, not undici's: it keeps the
 * platform's Request, Response and FormData (undici's fetch sends a global FormData as the text
 * "[object FormData]"); the agent is handed over as its `dispatcher`.
 *
 * Not Electron's net.fetch: under it `redirect: 'manual'` throws "Redirect was cancelled"
 * (electron/electron#43715), and photos, attachment links, Ally's 303 and the site check all
 * read redirects themselves (docs/decisions/network-stack-proxy-and-certificates.md, "One network stack").
 */

export interface NetworkFetchOptions {
  /** Where the proxy variables are read; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** The desktop: this computer's proxy for a URL, asked when no proxy variable is set. */
  systemProxy?: SystemProxyResolver;
  /** Trusted certificate authorities (PEM); default Node's roots + the OS store + NODE_EXTRA_CA_CERTS. */
  certificates?: readonly string[];
  /** Tests: how names are resolved for direct connections (a proxy resolves its own). */
  lookup?: LookupFunction;
}

/** A fetch with its agents, which `close()` lets go of (tests; a host never needs to). */
export interface NetworkFetch {
  (input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /**
   * Sends what fetch cannot (Ally's GET with a body) over the agent `url`'s route takes, with the
   * same failures in words as the fetch: `send` gets that agent.
   */
  carry: <T>(url: URL, send: (dispatcher: Dispatcher) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}

const log = createLogger('http:network');

/** Failures that happen before a proxy has carried anything to the server. */
const PROXY_CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);

export function createNetworkFetch(options: NetworkFetchOptions = {}): NetworkFetch {
  const settings: ProxySettings = readProxySettings(options.env ?? process.env);
  // Proxy variables, when they name a proxy, win over the system's settings (how a proxy password is given).
  const system = namesAProxy(settings) ? undefined : options.systemProxy;
  // One secure context for every TLS connection, built on the first one: building it from a few
  // hundred roots costs 100-150 ms of the event loop, which a plain-HTTP demo sandbox never needs
  // and which blocked the page's first files right after the host listened.
  let secureContext: SecureContext | undefined;
  const tlsContext = (): SecureContext => (secureContext ??= createSecureContext({ ca: [...(options.certificates ?? cachedTrustedCertificates())] }));
  warnIfChecksOffAsked(process.env);
  // Certificate checks are explicit on every agent: Node takes NODE_TLS_REJECT_UNAUTHORIZED=0 only
  // where the option is left out, so the variable cannot quietly turn them off (ignored, and said).
  const lookup = options.lookup ? { lookup: options.lookup } : {};
  const plain = new Agent({ connect: { rejectUnauthorized: true, ...lookup } });
  let secure: Agent | undefined;
  const direct = (url: URL): Agent => (url.protocol === 'https:' ? (secure ??= new Agent({ connect: { secureContext: tlsContext(), rejectUnauthorized: true, ...lookup } })) : plain);
  // One agent per proxy, kept: its connections are reused by every request that takes it.
  const proxies = new Map<string, ProxyAgent>();
  const viaProxy = (server: ProxyServer): ProxyAgent => {
    let agent = proxies.get(server.uri);
    if (!agent) {
      agent = new ProxyAgent({ uri: server.uri, requestTls: { secureContext: tlsContext(), rejectUnauthorized: true }, proxyTls: { secureContext: tlsContext(), rejectUnauthorized: true } });
      proxies.set(server.uri, agent);
      log.info('Using a proxy', { proxy: server.display, from: server.variable ?? 'system settings' });
    }
    return agent;
  };
  const agentFor = (url: URL, route: ProxyServer | undefined): Dispatcher => (route ? viaProxy(route) : direct(url));
  /** The proxy `url` goes through, or undefined for a direct connection; a ProxyFailure when the system's settings leave none usable. */
  const routeFor = async (url: URL): Promise<ProxyServer | undefined> => (system && !isThisComputer(url) ? askSystem(system, url) : proxyFor(url, settings));
  // Routed per origin, as undici's EnvHttpProxyAgent does, so a redirect to another host takes its own route.
  const router = (first: URL, route: ProxyServer | undefined) => ({
    dispatch: (opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean => {
      const origin = new URL(String(opts.origin));
      if (origin.origin === first.origin) return agentFor(origin, route).dispatch(opts, handler);
      // A PAC file may decide by the whole URL: it is asked for the one the redirect reached.
      routeFor(new URL(opts.path, origin))
        .then((other) => {
          agentFor(origin, other).dispatch(opts, handler);
        })
        .catch((error: Error) => handler.onError?.(error));
      return true;
    },
  });

  const carry = async <T>(url: URL, send: (dispatcher: Dispatcher, route: ProxyServer | undefined) => Promise<T>): Promise<T> => {
    let route: ProxyServer | undefined;
    try {
      route = await routeFor(url);
    } catch (error) {
      // fetch's own shape is kept (TypeError "fetch failed"): callers tell a network failure by it.
      throw new TypeError('fetch failed', { cause: error });
    }
    try {
      return await send(agentFor(url, route), route);
    } catch (error) {
      if (route) {
        const failure = proxyFailure(error, route);
        throw failure ? new TypeError('fetch failed', { cause: failure }) : error;
      }
      const problem = networkProblemOf(error, url);
      if (problem?.kind === 'certificate' && problem.reason === 'untrusted') {
        const issuer = await presentedIssuer(url, options.lookup ? { lookup: options.lookup } : {});
        if (issuer) throw new TypeError('fetch failed', { cause: new UntrustedCertificate(issuer, error) });
      }
      throw error;
    }
  };
  const send = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    return carry(url, (_agent, route) => fetch(input, { ...init, dispatcher: router(url, route) } as RequestInit));
  };
  return Object.assign(send, {
    carry: <T>(url: URL, use: (dispatcher: Dispatcher) => Promise<T>) => carry(url, (agent) => use(agent)),
    close: async () => {
      await Promise.all([plain.close(), ...(secure ? [secure.close()] : []), ...[...proxies.values()].map((agent) => agent.close())]);
    },
  });
}

/** The proxy's own failure (refused, not found, or an error answer to CONNECT), or undefined when the failure was further on. */
function proxyFailure(error: unknown, server: ProxyServer): ProxyFailure | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    // undici's ProxyAgent: "Proxy response (407) !== 200 when HTTP Tunneling"; written by undici, holds no URL.
    const status = /^Proxy response \((\d{3})\)/.exec(current.message);
    if (status) return new ProxyFailure(server.display, server.variable, Number(status[1]), current);
    if (current.message === 'Proxy Authentication Required (407)') return new ProxyFailure(server.display, server.variable, 407, current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && PROXY_CONNECT_CODES.has(code)) return new ProxyFailure(server.display, server.variable, undefined, current);
    current = current.cause;
  }
  return undefined;
}

let warnedChecksOff = false;

/**
 * NODE_TLS_REJECT_UNAUTHORIZED=0 asks Node to accept any certificate. Rollbook does not (every
 * agent sets rejectUnauthorized), and says so once, loudly, so nobody believes the checks are off,
 * or that they are on only by chance (docs/security.md, "Hostile bytes").
 */
export function warnIfChecksOffAsked(env: NodeJS.ProcessEnv): void {
  if (warnedChecksOff || env.NODE_TLS_REJECT_UNAUTHORIZED !== '0') return;
  warnedChecksOff = true;
  log.warn('NODE_TLS_REJECT_UNAUTHORIZED=0 is set, and Rollbook ignores it: Learn’s and Ally’s certificates are still checked. To trust a campus certificate, install it in the system’s certificate store or set NODE_EXTRA_CA_CERTS to its file.');
}

let hostFetch: NetworkFetch | undefined;
let madeHere: NetworkFetch | undefined;

/**
 * The desktop host's port: the network fetch made with this computer's proxy settings
 * (electron/host/desktop-network.ts). Called once, before the first request; undefined goes back
 * to the fetch made here (tests that ran main.ts in a shared module graph).
 */
export function useHostNetworkFetch(fetchOfHost: NetworkFetch | undefined): void {
  hostFetch = fetchOfHost;
}

/** The fetch every main-side request to Learn and Ally uses: the host's, else one made here once. */
export function networkFetch(): NetworkFetch {
  if (hostFetch) return hostFetch;
  madeHere ??= createNetworkFetch();
  return madeHere;
}
