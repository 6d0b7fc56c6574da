import type { OpResult, OutboxOp } from '../../../shared/domain/outbox';
import type { EventName, EventOf, SyncProgress } from '../../../shared/ipc/contract';
import { createLogger } from '../../../shared/logger';
import { SignInRequiredError } from '../auth/access-token';
import { hostError, hostWords } from '../host-words';
import type { Handlers } from '../ipc/dispatcher';
import type { LearnClient } from '../learn/learn-client';

/**
 * The `sync.push` channel: hands the renderer's pending outbox ops to the sync engine of the
 * signed-in site and pushes `sync.progress` events while it works. The renderer names the identity
 * whose store the ops come from; a push for anyone but the identity signed in is refused whole.
 *
 * Pushes run one after another: a timer's push and "Sync now" arriving together must not send the
 * same ops twice at once (each would read the server before the other wrote). The engine itself is
 * idempotent; this only keeps the request count honest.
 */
const log = createLogger('app.sync');

/** What the handler needs of the engine (electron/core/sync/sync-engine.ts, the agreed signature). */
export interface SyncEnginePort {
  push(ops: OutboxOp[], options?: { signal?: AbortSignal; onProgress?: (p: SyncProgress) => void }): Promise<OpResult[]>;
}

export interface SyncHandlerDeps {
  /** The client of the signed-in site (throws SignInRequiredError when there is none). */
  learn: () => LearnClient;
  /** The identity signed in (its local store's key), undefined when nobody is. */
  identity: () => string | undefined;
  /** Builds the engine for a site's client (`createSyncEngine`). */
  createEngine: (learn: LearnClient) => SyncEnginePort;
  emit: <E extends EventName>(event: E, payload: EventOf<E>) => void;
}

export function syncHandlers(deps: SyncHandlerDeps): Pick<Handlers, 'sync.push'> {
  const engines = new WeakMap<LearnClient, SyncEnginePort>();
  let queue: Promise<unknown> = Promise.resolve();

  const push = async (identity: string, ops: OutboxOp[]): Promise<{ results: OpResult[] }> => {
    if (ops.length === 0) return { results: [] };
    // Ops are sent only under the identity whose store they come from (docs/security.md): checked
    // when the push starts, in the queue, so a switch while an earlier push ran is seen.
    const signedIn = deps.identity();
    if (signedIn !== identity) {
      log.warn('Refused a push for an identity that is not signed in', { ops: ops.length, signedIn: signedIn !== undefined });
      throw new SignInRequiredError(hostWords(signedIn === undefined ? 'host.signIn.nothingSent' : 'host.signIn.otherSignIn'));
    }
    const learn = deps.learn();
    let engine = engines.get(learn);
    if (!engine) {
      engine = deps.createEngine(learn);
      engines.set(learn, engine);
    }
    const results = await engine.push(ops, { onProgress: (progress) => deps.emit('sync.progress', progress) });
    // The contract promises one result per op, in order: a broken promise must not reach the store.
    if (results.length !== ops.length || results.some((r, i) => r.opId !== ops[i]?.opId)) {
      log.error('The sync engine answered out of step with the ops it was given', { ops: ops.length, results: results.length });
      throw hostError('Error', 'hostnotes.sync.outOfStep');
    }
    return { results };
  };

  return {
    'sync.push': ({ identity, ops }) => {
      const run = queue.then(() => push(identity, ops));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
