import type { AppInfo, SandboxHealth } from '../../../shared/ipc/contract';
import type { HostWords } from '../../../shared/ipc/host-words';
import type { Handlers } from '../ipc/dispatcher';

/** What a host tells the core about itself (ports, not Electron objects). */
export interface AppHostPort {
  host: AppInfo['host'];
  mode: AppInfo['mode'];
  version: string;
  learnSite: string;
  tokenProtection: string;
  /** The same as a catalogue key, when the host's vault has one. */
  tokenProtectionWords?: HostWords | undefined;
  /** Demo mode: asks the bundled sandbox whether Learn and Ally answer. */
  probeSandbox(): Promise<SandboxHealth>;
}

/** The `app.*` channels. */
export function appHandlers(port: AppHostPort): Pick<Handlers, 'app.info' | 'app.sandboxHealth'> {
  return {
    'app.info': () =>
      Promise.resolve({
        name: 'Rollbook',
        version: port.version,
        host: port.host,
        mode: port.mode,
        learnSite: port.learnSite,
        tokenProtection: port.tokenProtection,
        ...(port.tokenProtectionWords ? { tokenProtectionWords: port.tokenProtectionWords } : {}),
      }),
    'app.sandboxHealth': () => port.probeSandbox(),
  };
}
