import { net } from 'electron';

/**
 * The desktop's network fetch: Electron's net.fetch, Chromium's network stack, which follows the
 * system's proxy settings (PAC files and WPAD included) and trusts the operating system's
 * certificate store, as the instructor's browser does. Handed to the core through its port
 * (useHostNetworkFetch in electron/core/http/network-fetch.ts), since electron/core never imports
 * electron. Call only after the app is ready.
 */
export function chromiumFetch(): typeof fetch {
  return (input, init) => net.fetch(input instanceof URL ? input.href : input, init);
}
