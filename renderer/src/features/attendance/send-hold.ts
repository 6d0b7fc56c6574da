import type { MeetingRef, OutboxOp } from '../../../../shared/domain/outbox';
import type { MeetingRow } from '../../db';
import type { PushHold, SyncRunner } from './sync.svelte';

/**
 * A minute with no new mark ends the hold. In a roll called aloud the absences come tens of
 * seconds apart (the name is called, nobody answers, the next names are called), so a shorter
 * pause would send each absence on its own, which is what the hold is there to avoid; a longer
 * one leaves marks off Learn longer for no gain once the instructor has stopped.
 */
export const PAUSE_ENDS_HOLD_MS = 60_000;

/**
 * While a roll is being taken online, its marks are saved at once but not sent one by one: they
 * go together when the roll is finished, so Learn's bulk can set the many and only the few
 * others go one by one (docs/decisions/roll-call-send-hold.md, "A push waits while a roll call is taken"). The hold
 * begins with the first mark on the screen and ends, with one push, on the first of: everyone
 * marked ("Mark everyone not yet marked Present" or the last student), "Send now", leaving the
 * screen, the window hidden or closed, or PAUSE_ENDS_HOLD_MS with no new mark. The instructor's
 * own "Sync now" sends them too (sync.svelte.ts). Construct during component initialisation.
 */
export class SendHold implements PushHold {
  /** Whether this screen's marks are held (the runner's `held` says whether a sync took them meanwhile). */
  #on = false;
  #pause: ReturnType<typeof setTimeout> | undefined;
  readonly #stop: () => void;

  constructor(
    private readonly sync: Pick<SyncRunner, 'holdBack' | 'letGo'>,
    /** Whether a waiting op is a mark of this roll call. */
    private readonly isThisRoll: (op: OutboxOp) => boolean,
    /** How many marks of this roll wait (the screen's rows). */
    private readonly waitingMarks: () => number,
  ) {
    // Leaving the window: a laptop closed or another app in front is the end of taking the roll,
    // and marks must not wait on a device that may be put away.
    const hidden = (): void => {
      if (document.visibilityState === 'hidden') this.end();
    };
    const closing = (): void => this.end();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', closing);
    this.#stop = () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', closing);
    };
  }

  holds(op: OutboxOp): boolean {
    return (op.kind === 'record.set' || op.kind === 'record.clear') && this.isThisRoll(op);
  }

  get marks(): number {
    return this.waitingMarks();
  }

  /** A mark was made (or undone): the hold begins, or goes on for another pause. */
  marked(): void {
    this.#on = true;
    this.sync.holdBack(this);
    clearTimeout(this.#pause);
    this.#pause = setTimeout(() => this.end(), PAUSE_ENDS_HOLD_MS);
  }

  /** The hold ends: what it held goes in one push. Safe to call when nothing is held. */
  end(): void {
    clearTimeout(this.#pause);
    if (!this.#on) return;
    this.#on = false;
    void this.sync.letGo(this);
  }

  /** The screen is going away: leaving the roll call ends the hold. */
  dispose(): void {
    this.#stop();
    this.end();
  }
}

/**
 * Whether an op's meeting ref names the roll call's meeting: the ref the screen was opened with,
 * or either id of its row as last read (a meeting created offline gets its server id meanwhile).
 */
export function isMeeting(ref: MeetingRef, opened: MeetingRef, row: MeetingRow | undefined): boolean {
  if ('serverId' in ref) return row?.serverId === ref.serverId || ('serverId' in opened && opened.serverId === ref.serverId);
  return ref.localId === row?.localId || ref.localId === row?.key || ('localId' in opened && opened.localId === ref.localId);
}
