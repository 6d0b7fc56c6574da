import { createNetworkFetch, useHostNetworkFetch, type NetworkFetch, type NetworkFetchOptions } from '../core/http/network-fetch';

/** What the desktop asks of Electron's session: its proxy for a URL, in PAC's form ("PROXY host:port; DIRECT"). */
export interface ProxyResolvingSession {
  resolveProxy(url: string): Promise<string>;
}

/**
 * The desktop's network set-up, as main.ts makes it (and the integration test, with a session
 * whose resolver names the test's proxy): the one network fetch both hosts use, routed by this
 * computer's proxy settings as Chromium resolves them (PAC and WPAD included), unless HTTPS_PROXY /
 * HTTP_PROXY name a proxy. Chromium's own network stack (net.fetch) is not used for Learn or Ally:
 * docs/decisions/network-stack-proxy-and-certificates.md, "One network stack". Call once, after the app is ready.
 */
export function useDesktopNetwork(session: ProxyResolvingSession, options: Omit<NetworkFetchOptions, 'systemProxy'> = {}): NetworkFetch {
  const network = createNetworkFetch({ ...options, systemProxy: (url) => session.resolveProxy(url.href) });
  useHostNetworkFetch(network);
  return network;
}
