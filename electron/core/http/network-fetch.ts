import type { LookupFunction } from 'node:net';
import { createSecureContext, type SecureContext } from 'node:tls';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import { createLogger } from '../../../shared/logger';
import { presentedIssuer } from './certificate-issuer';
import { networkProblemOf, ProxyFailure, UntrustedCertificate } from './network-problem';
import { proxyFor, readProxySettings, type ProxyServer, type ProxySettings } from './proxy-settings';
import { cachedTrustedCertificates } from './trusted-certificates';

/**
 * The one way the main side reaches the network: every request to Learn and Ally (HttpClient's
 * default, the token endpoint, the site check, Ally's batch) goes through `networkFetch()`.
 *
 * Under Node (browser mode, tests) it is Node's fetch over undici agents that honour HTTPS_PROXY /
 * HTTP_PROXY / NO_PROXY (proxy-settings.ts; this computer's own addresses never go through a proxy)
 * and trust the OS certificate store as well as Node's roots (trusted-certificates.ts). Node's own
 * fetch, not undici's: it keeps the platform's Request, Response and FormData (undici's fetch sends
 * a global FormData as the text "[object FormData]"); the agent is handed over as its `dispatcher`.
 *
 * The desktop host installs Electron's net.fetch instead (useHostNetworkFetch): Chromium's stack,
 * which already follows the system proxy settings and the OS store. electron/core never imports
 * electron; this is the port.
 */

export interface NetworkFetchOptions {
  /** Where the proxy variables are read; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Trusted certificate authorities (PEM); default Node's roots + the OS store + NODE_EXTRA_CA_CERTS. */
  certificates?: readonly string[];
  /** Tests: how names are resolved for direct connections (a proxy resolves its own). */
  lookup?: LookupFunction;
}

/** A fetch with its agents, which `close()` lets go of (tests; a host never needs to). */
export interface NetworkFetch {
  (input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** The agent a request to `url` goes through: for the one request fetch cannot send (Ally's GET with a body). */
  dispatcherFor: (url: URL) => Dispatcher;
  close: () => Promise<void>;
}

const log = createLogger('http:network');

/** Failures that happen before a proxy has carried anything to the server. */
const PROXY_CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);

export function createNetworkFetch(options: NetworkFetchOptions = {}): NetworkFetch {
  const settings: ProxySettings = readProxySettings(options.env ?? process.env);
  // One secure context for every TLS connection, built on the first one: building it from a few
  // hundred roots costs 100-150 ms of the event loop, which a plain-HTTP demo sandbox never needs
  // and which blocked the page's first files right after the host listened.
  let secureContext: SecureContext | undefined;
  const tlsContext = (): SecureContext => (secureContext ??= createSecureContext({ ca: [...(options.certificates ?? cachedTrustedCertificates())] }));
  const lookup = options.lookup ? { lookup: options.lookup } : {};
  const plain = new Agent({ connect: { ...lookup } });
  let secure: Agent | undefined;
  const direct = (url: URL): Agent => (url.protocol === 'https:' ? (secure ??= new Agent({ connect: { secureContext: tlsContext(), ...lookup } })) : plain);
  const proxies = new Map<string, ProxyAgent>();
  const viaProxy = (server: ProxyServer): ProxyAgent => {
    let agent = proxies.get(server.uri);
    if (!agent) {
      agent = new ProxyAgent({ uri: server.uri, requestTls: { secureContext: tlsContext() }, proxyTls: { secureContext: tlsContext() } });
      proxies.set(server.uri, agent);
      log.info('Using a proxy', { proxy: server.display, from: server.variable });
    }
    return agent;
  };
  const dispatcherFor = (url: URL): Dispatcher => {
    const server = proxyFor(url, settings);
    return server ? viaProxy(server) : direct(url);
  };
  // Routed per origin, as undici's EnvHttpProxyAgent does, so a redirect to another host takes its own route.
  const router = { dispatch: (opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) => dispatcherFor(new URL(String(opts.origin))).dispatch(opts, handler) };

  const send = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    try {
      return await fetch(input, { ...init, dispatcher: router } as RequestInit);
    } catch (error) {
      // fetch's own shape is kept (TypeError "fetch failed"): callers tell a network failure by it.
      const server = proxyFor(url, settings);
      if (server) {
        const failure = proxyFailure(error, server);
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
  return Object.assign(send, {
    dispatcherFor,
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

let hostFetch: typeof fetch | undefined;
let madeHere: NetworkFetch | undefined;

/**
 * The desktop host's port: Electron's net.fetch (Chromium's network stack, with the system proxy
 * settings and the OS certificate store). Called once, before the first request; undefined goes
 * back to the fetch made here (tests that ran main.ts in a shared module graph).
 */
export function useHostNetworkFetch(fetchOfHost: typeof fetch | undefined): void {
  hostFetch = fetchOfHost;
}

/** The fetch every main-side request to Learn and Ally uses: the host's, else one made here once. */
export function networkFetch(): typeof fetch {
  if (hostFetch) return hostFetch;
  madeHere ??= createNetworkFetch();
  return madeHere;
}
