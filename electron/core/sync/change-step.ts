import type { OutboxOp } from '../../../shared/domain/outbox';
import { createdIdOf, isCreate, localRefsOf, withLearnIds, type ChangeOf, type CreateChannel, type QueuedChange } from '../../../shared/domain/queued-change';
import type { HostWords } from '../../../shared/ipc/host-words';
import { hostWords } from '../host-words';
import { ApiError } from '../http/api-error';
import { findCreated } from './change-match';
import type { PushContext } from './push-context';
import { repeatPost } from './repeat';

export type ChangeOp = Extract<OutboxOp, { kind: 'change' }>;

/**
 * Sends a queued change through the handler its channel has online (the app layer passes them
 * in), so a change made offline is checked and sent exactly as one made online. Throws what the
 * handler throws; `InputRefused` for a request the app itself refuses (no use sending it again).
 */
export type ChangeWriter = (change: QueuedChange, signal: AbortSignal) => Promise<unknown>;

/** A change the app refuses before it reaches Learn (ContentInputError and the like): the user must edit it. Its sentence as the catalogue's words too. */
export class InputRefused extends Error {
  override name = 'InputRefused';
  readonly words: HostWords | undefined;

  constructor(said: { message: string; words?: HostWords | undefined }) {
    super(said.message);
    this.words = said.words;
  }
}

/**
 * Replays content-review changes in the order the user made them, one at a time: a rule must exist
 * before its criterion, a criterion before its user list, and these changes are few.
 * - Creates look before they create (change-match.ts), and look again before repeating after a
 *   lost answer, so a replay never makes a second folder, rule or event.
 * - Local ids are mapped to Learn's as creates land; a change naming a local id whose create did not
 *   land waits (retryable), saying for what.
 * - A delete of something already gone (404) is done: the intent holds.
 */
export async function syncChanges(ctx: PushContext, ops: readonly ChangeOp[], write: ChangeWriter): Promise<void> {
  const ids = new Map<string, string>();
  const notCreated = new Map<string, string>();
  const claimed = new Set<string>();
  ctx.plan('changes', ops.length);
  for (const op of ops) {
    if (ctx.stopped) break;
    const change = withLearnIds(op.change, ids);
    const waitingFor = localRefsOf(change);
    if (waitingFor.length > 0) {
      // `what` is the label of the change it waits for, as the instructor named it: a value, never translated.
      const what = notCreated.get(waitingFor[0]!);
      ctx.book.set({ opId: op.opId, outcome: 'failed', retryable: true, ...(what === undefined ? hostWords('sync.waitsForUnknown') : hostWords('sync.waitsFor', { what })) });
      if (op.localId) notCreated.set(op.localId, op.label);
      ctx.tick('changes');
      continue;
    }
    try {
      if (isCreate(change.channel)) {
        const created = await ensureCreated(ctx, op, change as ChangeOf<CreateChannel>, write, claimed);
        claimed.add(created);
        if (op.localId) ids.set(op.localId, created);
        ctx.book.set({ opId: op.opId, outcome: 'done', createdId: created });
      } else {
        await sendOnce(ctx, change, write);
        ctx.book.set({ opId: op.opId, outcome: 'done' });
      }
    } catch (error) {
      if (op.localId) notCreated.set(op.localId, op.label);
      if (error instanceof InputRefused) ctx.book.set({ opId: op.opId, outcome: 'failed', retryable: false, message: error.message, ...(error.words ? { words: error.words } : {}) });
      else ctx.book.fail(op.opId, error);
    } finally {
      ctx.tick('changes');
    }
  }
}

const DELETES: ReadonlySet<QueuedChange['channel']> = new Set(['adaptiveRelease.deleteRule', 'adaptiveRelease.deleteCriterion', 'calendar.delete', 'announcements.delete', 'courseAnnouncements.delete']);

async function sendOnce(ctx: PushContext, change: QueuedChange, write: ChangeWriter): Promise<void> {
  try {
    await ctx.run((signal) => write(change, signal));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && DELETES.has(change.channel)) return;
    throw error;
  }
}

async function ensureCreated(ctx: PushContext, op: ChangeOp, change: ChangeOf<CreateChannel>, write: ChangeWriter, claimed: ReadonlySet<string>): Promise<string> {
  const known = new Set(op.known ?? []);
  return repeatPost(
    async () => {
      const found = await ctx.reading(() => findCreated(change, { learn: ctx.learn, signal: ctx.signal, at: op.at, known, claimed }));
      if (found !== undefined) return found;
      const response = await ctx.run((signal) => write(change, signal));
      const id = createdIdOf(change.channel, response);
      if (id === undefined) throw new InputRefused(hostWords('sync.noIdGiven'));
      return id;
    },
    { signal: ctx.signal, policy: ctx.retry },
  );
}
