import { randomBytes } from 'node:crypto';
import { createLogger } from '../../../shared/logger';
import { SignInRequiredError } from '../auth/access-token';
import { hostWords } from '../host-words';
import type { TokenVault } from '../auth/token-vault';
import type { Handlers } from '../ipc/dispatcher';
import type { AuthStatus } from '../../../shared/ipc/contract';

const log = createLogger('app.store-key');

/**
 * `store.key` and `store.forgetKey`: the key that seals an identity's local store at rest
 * (docs/decisions/local-data-sealed-at-rest.md). Kept in the host's vault (safeStorage on the
 * desktop, the 0600 file in browser mode) under the identity, never in the page's storage. It is
 * handed over only to the identity signed in, as `sync.push` takes only that identity's ops: a
 * page cannot read another identity's data by naming it.
 */
export interface StoreKeyDeps {
  vault: TokenVault;
  /** The identity signed in (its store's key), undefined when nobody is. */
  identity: () => string | undefined;
}

/** The vault's entry for an identity: a prefix of its own, so no site's entry can be named the same. */
const entryOf = (identity: string): string => `store:${identity}`;

export interface StoreKeys {
  handlers: Pick<Handlers, 'store.key' | 'store.forgetKey'>;
  /**
   * Reads (or on a first sign-in makes and keeps) the key of the identity a sign-in just named,
   * before its page asks: the page's `store.key` then answers from the vault's memory, not after a
   * chain of file writes queued behind Learn's first answers on the host's event loop. Settles
   * (never rejects) once the key is read or kept.
   */
  prepare(status: AuthStatus): Promise<void>;
}

export function storeKeys(deps: StoreKeyDeps): StoreKeys {
  // One at a time: two windows asking at once for an identity's first key must get the same one.
  let queue: Promise<unknown> = Promise.resolve();
  const keyOf = async (identity: string): Promise<{ key: string }> => {
    if (deps.identity() !== identity) {
      log.warn('Refused a store key for an identity that is not signed in');
      throw new SignInRequiredError(hostWords('host.signIn.storeOwner'));
    }
    const kept = await deps.vault.get(entryOf(identity), 'store-key');
    if (kept !== undefined) return { key: kept };
    const key = randomBytes(32).toString('base64');
    await deps.vault.set(entryOf(identity), 'store-key', key);
    log.info('Made the key that seals this identity’s data on this device');
    return { key };
  };
  const next = (identity: string): Promise<{ key: string }> => {
    const run = queue.then(() => keyOf(identity));
    queue = run.catch(() => undefined);
    return run;
  };
  const handlers: StoreKeys['handlers'] = {
    'store.key': ({ identity }) => next(identity),
    'store.forgetKey': async ({ identity }) => {
      await deps.vault.delete(entryOf(identity), 'store-key');
      return {};
    },
  };
  return {
    handlers,
    prepare(status) {
      // A failure is the page's to hear when it asks (store.key tries again).
      if (status.state !== 'signed-in' || !status.identity) return Promise.resolve();
      return next(status.identity.key).then(
        () => undefined,
        () => undefined,
      );
    },
  };
}
