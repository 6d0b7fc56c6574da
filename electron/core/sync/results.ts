import type { Follower } from '../../../shared/domain/coalesce';
import type { OpResult, OutboxOp } from '../../../shared/domain/outbox';
import type { HostWords } from '../../../shared/ipc/host-words';
import { SignInRequiredError } from '../auth/access-token';
import { asPart, hostWords, type HostSentence } from '../host-words';
import { ApiError } from '../http/api-error';
import { serverMessage } from '../http/failure-text';
import { networkProblemWords } from '../http/network-problem';

/**
 * The results of one push: one per op, in input order. Ops the plan folded into others take their
 * leader's result (shared, or "superseded" once the leader landed; a failed leader fails its
 * followers too, so nothing is dropped before it reached Learn). An op nobody settled (the push
 * stopped first) fails as retryable: it is sent again next time.
 */
export class ResultBook {
  readonly #results = new Map<string, OpResult>();

  set(result: OpResult): void {
    this.#results.set(result.opId, result);
  }

  has(opId: string): boolean {
    return this.#results.has(opId);
  }

  /** Records a failure: why in plain words (the screen names the record), the technical account as its detail. */
  fail(opId: string, error: unknown): void {
    this.set({ opId, outcome: 'failed', ...failureOf(error) });
  }

  /** `stopReason`: why the push stopped, said for each op it left unsent (push-context.ts). */
  finish(ops: readonly OutboxOp[], followers: readonly Follower[], stopReason: { message: string; words?: HostWords } | undefined): OpResult[] {
    const leaderOf = new Map(followers.map((f) => [f.opId, f]));
    const resolve = (opId: string, seen: Set<string>): OpResult => {
      const own = this.#results.get(opId);
      if (own) return own;
      const follower = leaderOf.get(opId);
      if (follower && !seen.has(opId)) {
        const leader = resolve(follower.leader, seen.add(opId));
        if (leader.outcome === 'failed') return { ...leader, opId };
        if (follower.mode === 'supersede') return { opId, outcome: 'superseded', by: follower.leader };
        return { ...leader, opId };
      }
      return {
        opId,
        outcome: 'failed',
        retryable: true,
        ...(stopReason ?? hostWords('sync.notSentYet')),
      };
    };
    return ops.map((op) => resolve(op.opId, new Set()));
  }
}

/**
 * Whether trying again later can help, why it failed in one plain sentence ("Learn had a problem;
 * it will be sent again at the next sync."), and the technical account for "Details" (which names
 * Learn's ids and answer). The sentence never names the record: every screen that shows it
 * already does, in the user's names ("Absent for dabara at QA hostile 1: Absent for
 * _276_1 at ... Could not mark _276_1 ..." said the same thing three times). A refusal under the
 * site's request quota carries `retryAt`, when Learn takes requests again: the sentence names no
 * clock time (the renderer adds it, in the user's format) and the renderer waits until then.
 */
export function failureOf(error: unknown): { retryable: boolean; message: string; detail?: string; retryAt?: string; learn?: LearnTrouble; words?: HostWords } {
  const { retryable, reason, until, words: reasonWords, sentence } = reasonOf(error);
  const learn = learnTroubleOf(error);
  const again = until ? '; it will be sent again at the first sync after that' : '; it will be sent again at the next sync';
  const message = sentence?.message ?? (error instanceof SignInRequiredError ? `${reason}: sign in and it will be sent.` : retryable ? `${reason}${again}.` : `${reason}.`);
  const words = sentence?.words ?? reasonWords;
  const detail = error instanceof Error ? error.message : String(error);
  const retryAt = error instanceof ApiError && error.status === 429 && error.retryAt !== undefined ? new Date(error.retryAt).toISOString() : undefined;
  return { retryable, message, ...(detail && detail !== reason ? { detail } : {}), ...(retryAt ? { retryAt } : {}), ...(learn ? { learn } : {}), ...(words ? { words } : {}) };
}

/** Whose failure it was, when it was Learn's: no answer, or a server error (5xx). The change itself was not judged. */
export type LearnTrouble = 'not-answering' | 'had-a-problem';

function learnTroubleOf(error: unknown): LearnTrouble | undefined {
  if (!(error instanceof ApiError)) return undefined;
  // A campus network's certificate or proxy has its own words (what IT can do): not Learn's doing.
  if ((error.kind === 'network' && !error.problem) || error.kind === 'timeout') return 'not-answering';
  if (error.kind === 'http' && (error.status ?? 0) >= 500) return 'had-a-problem';
  return undefined;
}

/**
 * Why, and the whole sentence failureOf makes of it as a catalogue key (`sync.<name>`, in every
 * language): the renderer writes it in the instructor's language. A sentence of its own (a campus
 * network's, with its reason as a part) is `sentence`, said as it is.
 */
type Reason = { retryable: boolean; reason: string; until?: boolean; words?: HostWords; sentence?: HostSentence };
const keyed = (name: string, reason: Omit<Reason, 'words'>, values?: Record<string, string>): Reason => ({ ...reason, words: { key: `sync.${name}`, ...(values ? { values } : {}) } });

function reasonOf(error: unknown): Reason {
  if (error instanceof SignInRequiredError) return keyed('notSignedIn', { retryable: true, reason: 'Rollbook is not signed in to Learn' });
  // Not Learn's answer (a fault of Rollbook's own): its English account goes to Details, not on the screen.
  if (!(error instanceof ApiError)) return keyed('unexpected', { retryable: true, reason: 'something went wrong in Rollbook (see Details, and please report it)' });
  switch (error.kind) {
    case 'network':
      // A campus network's certificate or proxy: its own sentence already says what IT can do.
      if (error.problem) {
        const said = networkProblemWords(error.problem, error.service);
        const part = asPart(said.words);
        return { retryable: true, reason: said.message.replace(/\.$/, ''), ...(part ? { sentence: hostWords('sync.networkProblem', undefined, { reason: part }) } : {}) };
      }
      return error.outcomeUnknown
        ? keyed('connectionDropped', { retryable: true, reason: 'the connection dropped before Learn answered (Rollbook checks what Learn has before sending it again)' })
        : keyed('unreachable', { retryable: true, reason: 'Learn could not be reached' });
    case 'timeout':
      return keyed('timeout', { retryable: true, reason: 'Learn did not answer in time' });
    case 'aborted':
      return keyed('stopped', { retryable: true, reason: 'the sync stopped before it was sent' });
    case 'invalid-response':
      return keyed('notUnderstood', { retryable: false, reason: 'Learn answered in a way Rollbook does not understand (see Details, and please report it)' });
    case 'http':
      // The site's budget says so (Remaining 0, or the gate closed until the reset), not the length of a Retry-After.
      if (error.rateLimit === 'used-up' || error.rateLimit === 'reserve') return keyed('usedUp', { retryable: true, reason: "Learn takes no more requests from Rollbook until the site's limit resets (the site's daily request limit is used up)", until: true });
      if (error.status === 429 && error.retryAt !== undefined && error.retryAt - Date.now() >= LONG_WAIT_MS) return keyed('askedToWait', { retryable: true, reason: 'Learn asked Rollbook to wait before sending more', until: true });
      return httpReason(error.status ?? 0, serverMessage(error.body));
  }
}

/** A wait this long is not "the next sync" (which comes within a minute): the sentence says "after that". */
const LONG_WAIT_MS = 15 * 60_000;

function httpReason(status: number, said: string | undefined): Reason {
  if (status === 429) return keyed('slowDown', { retryable: true, reason: 'Learn asked Rollbook to slow down' });
  if (status >= 500) return keyed('hadProblem', { retryable: true, reason: 'Learn had a problem' });
  if (status === 401) return keyed('newSignIn', { retryable: true, reason: 'Learn asked for a new sign-in' });
  if (status === 403) return keyed('roleNotAllowed', { retryable: false, reason: 'your Learn role does not allow it; ask your Learn administrator for the permission' });
  if (status === 404) return keyed('gone', { retryable: false, reason: 'Learn no longer has it: it may have been deleted or moved in Learn' });
  if (status === 409 && !said) return keyed('changedMeanwhile', { retryable: false, reason: 'it was changed in Learn at the same time; refresh and try again' });
  if (said) return keyed('refusedSaid', { retryable: false, reason: `Learn refused it ("${said}"); correct it here, or ask your Learn administrator if it looks right` }, { said });
  return keyed('refused', { retryable: false, reason: 'Learn refused it; correct it here, or ask your Learn administrator if it looks right' });
}
