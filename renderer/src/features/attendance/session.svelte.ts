import { BridgeError, invoke, on } from '../../bridge';
import { appLocale } from '../../ui/i18n';
import { problemOf, type Problem } from '../../ui/problem';
import type { AuthStatus, SignInRequest } from '../../../../shared/ipc/contract';
import type { Identity } from '../../../../shared/ipc/site-channels';

/**
 * Who is signed in, as the main side reports it (it alone holds tokens). The renderer only asks
 * for operations by name and follows `auth.changed`, e.g. when a refresh is refused mid-sync.
 */
export class Session {
  #status = $state<AuthStatus | null>(null);
  #busy = $state(false);
  #signingIn = $state(false);
  #problem = $state<Problem | null>(null);
  /** What kind of failure the problem is (the host's error name, e.g. `LearnNotFound`), for a form that marks the field it concerns. */
  #problemName = $state<string | undefined>(undefined);

  constructor() {
    on('auth.changed', (status) => {
      this.#status = status;
    });
  }

  get status(): AuthStatus | null {
    return this.#status;
  }
  get signedIn(): boolean {
    return this.#status?.state === 'signed-in';
  }
  /** Signed in with the user known: whose store may be open. Undefined otherwise. */
  get identity(): Identity | undefined {
    return this.#status?.state === 'signed-in' ? this.#status.identity : undefined;
  }
  get busy(): boolean {
    return this.#busy;
  }
  /** A sign-in is under way (not a status read or a sign-out): the signed-in part can start loading. */
  get signingIn(): boolean {
    return this.#signingIn;
  }
  get problem(): Problem | null {
    return this.#problem;
  }
  get problemName(): string | undefined {
    return this.#problemName;
  }

  load(): Promise<void> {
    return this.#run(() => invoke('auth.status', {}));
  }
  signInDemo(): Promise<void> {
    return this.#run(() => invoke('auth.signInDemo', {}), true);
  }
  /** The browser's sign-in pages (the host's "you can close this tab") are in the app's language. */
  signIn(request: SignInRequest): Promise<void> {
    return this.#run(() => invoke('auth.signIn', { ...request, language: appLocale() }), true);
  }
  signOut(): Promise<void> {
    return this.#run(() => invoke('auth.signOut', {}));
  }
  /** Opens a site this device knows (its kept sign-in, or the browser). */
  openSite(learnUrl: string): Promise<void> {
    return this.#run(() => invoke('auth.openSite', { learnUrl, language: appLocale() }), true);
  }
  /** After a sign-in as someone other than the site's last user here: yes, that account is mine. */
  confirmUser(): Promise<void> {
    return this.#run(() => invoke('auth.confirmUser', {}));
  }
  /** Back to the site chooser; the sign-in stays kept for switching back. */
  leaveSite(): Promise<void> {
    return this.#run(() => invoke('auth.leaveSite', {}));
  }

  async #run(call: () => Promise<AuthStatus>, signingIn = false): Promise<void> {
    this.#busy = true;
    this.#signingIn = signingIn;
    this.#problem = null;
    this.#problemName = undefined;
    try {
      this.#status = await call();
    } catch (error) {
      this.#problem = problemOf(error, 'Rollbook could not reach its host. Restart the app.');
      this.#problemName = error instanceof BridgeError ? error.errorName : undefined;
    } finally {
      this.#busy = false;
      this.#signingIn = false;
    }
  }
}
