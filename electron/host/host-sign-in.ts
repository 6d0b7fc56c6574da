import type { AuthStatus } from '../../shared/ipc/contract';
import type { Logger } from '../../shared/logger';
import { fileSiteMemory } from '../core/app/data-folder';
import { fileSiteList } from '../core/app/known-sites';
import { SignInService } from '../core/app/sign-in-service';
import { applyDeploymentFile, managedDeploymentPath } from '../core/app/managed-deployment';
import { DeploymentFileError } from '../core/auth/deployment-file';
import { hostWords } from '../core/host-words';
import type { HostWords } from '../../shared/ipc/host-words';
import type { TokenVault } from '../core/auth/token-vault';
import type { RequestBudgets } from '../core/http/request-budgets';
import { demoBrowser } from './demo-browser';
import { allowListedOpener } from './external-url';

/**
 * The bundled sandbox as the demo sign-in needs it. Plain values: only main.ts and web-host.ts
 * import sandbox/ (.dependency-cruiser.cjs), so they read these from it and pass them in.
 */
export interface DemoSignIn {
  /** The sandbox's origin (`http://127.0.0.1:PORT`): the only place the demo browser goes. */
  sandboxOrigin: string;
  learnUrl: string;
  applicationKey: string;
  applicationSecret: string;
  userName: string;
  password: string;
}

export interface HostSignInOptions {
  vault: TokenVault;
  /** Where the known sites and the last real site's key and URL are kept. */
  dataDir: string;
  /** The host's way to the system browser, before the allow-list. */
  open: (url: string) => Promise<void>;
  /** The host's allow-list for `open`, read on every call (it follows the site signed in to). */
  allowedOrigins: (signIn: SignInService) => Iterable<string | undefined>;
  /** Present when the host runs the bundled sandbox: the demo is offered beside real sites. */
  demo?: DemoSignIn;
  onChange: (status: AuthStatus) => void;
  log: Pick<Logger, 'warn' | 'info'>;
  /** The deployment file IT manages; default the operating system's managed path; null: none (tests). */
  deploymentFile?: string | null;
  /** Each Learn site's request budget (its daily quota), shared by every client the host makes. */
  budgets?: RequestBudgets;
}

/** Builds the SignInService both hosts use and restores the last sign-in. */
export async function startHostSignIn(options: HostSignInOptions): Promise<SignInService> {
  const { demo } = options;
  const sites = fileSiteList(options.dataDir);
  const deploymentProblem = await useDeploymentFile(options, sites);
  const signIn: SignInService = new SignInService({
    vault: options.vault,
    openExternal: allowListedOpener(options.open, () => options.allowedOrigins(signIn)),
    ...(demo
      ? {
          demo: {
            learnUrl: demo.learnUrl,
            applicationKey: demo.applicationKey,
            applicationSecret: demo.applicationSecret,
            openExternal: demoBrowser({ sandboxOrigin: demo.sandboxOrigin, userName: demo.userName, password: demo.password }),
          },
        }
      : {}),
    memory: fileSiteMemory(options.dataDir),
    sites,
    onChange: options.onChange,
    ...(deploymentProblem ? { deploymentProblem } : {}),
    ...(options.budgets ? { budgets: options.budgets } : {}),
  });
  // A damaged vault or an unreachable Learn must not stop the app: the user signs in again.
  await signIn.restore().catch((error: unknown) => {
    options.log.warn('Could not restore the last sign-in', { error: error instanceof Error ? error.message : typeof error });
  });
  return signIn;
}

/**
 * Applies the managed deployment file; a problem is logged and returned for the site chooser, and
 * never stops the app. The chooser shows the problem's sentence, then what to do (`hostnotes.deployment.askIT`).
 */
async function useDeploymentFile(options: HostSignInOptions, sites: ReturnType<typeof fileSiteList>): Promise<{ message: string; words: HostWords } | undefined> {
  const path = options.deploymentFile === undefined ? managedDeploymentPath() : options.deploymentFile;
  if (path === null) return undefined;
  try {
    const outcome = await applyDeploymentFile(path, { vault: options.vault, sites });
    if (outcome.state !== 'absent') options.log.info('Deployment file applied', { path, site: outcome.learnUrl, outcome: outcome.state });
    return undefined;
  } catch (error) {
    // DeploymentFileError names the file and the field, never a value: safe to log and to show.
    const said = error instanceof DeploymentFileError ? error : hostWords('hostnotes.deployment.notUsed', { path, error: error instanceof Error ? error.name : 'error' });
    options.log.warn('Deployment file not used', { path, problem: said.message });
    return { message: `${said.message} ${hostWords('hostnotes.deployment.askIT').message}`, words: said.words };
  }
}
