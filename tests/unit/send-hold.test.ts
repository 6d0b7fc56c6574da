import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isMeeting, PAUSE_ENDS_HOLD_MS, SendHold } from '../../renderer/src/features/attendance/send-hold';
import type { PushHold } from '../../renderer/src/features/attendance/sync.svelte';
import type { MeetingRef, OutboxOp } from '../../shared/domain/outbox';
import { heldSentence } from '../../renderer/src/app/waiting-words';

/**
 * The roll call's hold: when it ends and so lets its marks go (one push each time), read through
 * the runner's two calls it makes. The push itself and the marks on Learn are the E2E test's
 * (roll-call-hold.test.ts); this one covers the timing a test in a browser can only sample.
 */

/** What the sync runner hears from the hold: a hold begun (or renewed), and each time it is let go. */
function runner(): { holdBack: (h: PushHold) => void; letGo: (h: PushHold) => Promise<void>; held: PushHold | null; letGoes: number } {
  const r = {
    held: null as PushHold | null,
    letGoes: 0,
    holdBack(h: PushHold) {
      r.held = h;
    },
    letGo(h: PushHold) {
      if (r.held === h) {
        r.held = null;
        r.letGoes++;
      }
      return Promise.resolve();
    },
  };
  return r;
}

const page = { document: new EventTarget() as EventTarget & { visibilityState: string }, window: new EventTarget() };

beforeEach(() => {
  vi.useFakeTimers();
  page.document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  page.window = new EventTarget();
  vi.stubGlobal('document', page.document);
  vi.stubGlobal('window', page.window);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const mark = (meeting: MeetingRef, courseId = 'c1'): OutboxOp => ({
  kind: 'record.set',
  opId: 'op-1',
  courseId,
  at: '2026-12-01T09:00:00.000Z',
  meeting,
  userId: 'u1',
  status: 'Absent',
  baseStatus: null,
});

describe('a roll call holding its marks', () => {
  it('ends a minute after the last mark, not a minute after the first', () => {
    const sync = runner();
    const hold = new SendHold(sync, () => true, () => 2);
    hold.marked();
    expect(sync.held).toBe(hold);
    vi.advanceTimersByTime(40_000);
    hold.marked(); // the next absence, 40 s on
    vi.advanceTimersByTime(PAUSE_ENDS_HOLD_MS - 1);
    expect(sync.letGoes).toBe(0);
    vi.advanceTimersByTime(1);
    expect(sync.letGoes).toBe(1);
    expect(sync.held).toBeNull();
  });

  it('lets go once whichever ways out come after each other', () => {
    const sync = runner();
    const hold = new SendHold(sync, () => true, () => 1);
    hold.marked();
    hold.end(); // "Send now"
    page.document.visibilityState = 'hidden';
    page.document.dispatchEvent(new Event('visibilitychange'));
    hold.dispose(); // leaving the screen
    vi.advanceTimersByTime(PAUSE_ENDS_HOLD_MS * 2);
    expect(sync.letGoes).toBe(1);
  });

  it('ends when the window is hidden or closed, and on leaving the screen, and then listens no more', () => {
    for (const leave of ['hidden', 'pagehide', 'dispose'] as const) {
      const sync = runner();
      const hold = new SendHold(sync, () => true, () => 1);
      hold.marked();
      if (leave === 'hidden') {
        page.document.visibilityState = 'hidden';
        page.document.dispatchEvent(new Event('visibilitychange'));
      } else if (leave === 'pagehide') page.window.dispatchEvent(new Event('pagehide'));
      else hold.dispose();
      expect(sync.letGoes, leave).toBe(1);
      hold.dispose();
      page.document.visibilityState = 'visible';
    }
    // A screen gone: a later mark elsewhere and a hidden window do not reach its runner.
    const sync = runner();
    const gone = new SendHold(sync, () => true, () => 1);
    gone.dispose();
    page.window.dispatchEvent(new Event('pagehide'));
    expect(sync.letGoes).toBe(0);
  });

  it('does not end on a visible window, nor let go of what a sync already took', () => {
    const sync = runner();
    const hold = new SendHold(sync, () => true, () => 1);
    hold.marked();
    page.document.dispatchEvent(new Event('visibilitychange')); // shown again, still visible
    expect(sync.letGoes).toBe(0);
    sync.held = null; // the instructor's "Sync now" took the marks
    vi.advanceTimersByTime(PAUSE_ENDS_HOLD_MS);
    expect(sync.letGoes).toBe(0);
  });

  it("holds only this roll's marks", () => {
    const hold = new SendHold(runner(), (op) => op.kind === 'record.set' && op.courseId === 'c1' && isMeeting(op.meeting, { localId: 'm-local' }, undefined), () => 0);
    expect(hold.holds(mark({ localId: 'm-local' }))).toBe(true);
    expect(hold.holds(mark({ localId: 'other' }))).toBe(false);
    expect(hold.holds(mark({ localId: 'm-local' }, 'c2'))).toBe(false);
    expect(hold.holds({ kind: 'meeting.delete', opId: 'op-2', courseId: 'c1', at: '2026-12-01T09:00:00.000Z', meeting: { localId: 'm-local' } })).toBe(false);
  });
});

describe('which meeting a mark is of', () => {
  const row = { key: '42', serverId: 42, localId: 'm-local' } as Parameters<typeof isMeeting>[2];
  it('knows a meeting by either of its ids once created on Learn', () => {
    expect(isMeeting({ serverId: 42 }, { localId: 'm-local' }, row)).toBe(true);
    expect(isMeeting({ localId: 'm-local' }, { serverId: 42 }, row)).toBe(true);
    expect(isMeeting({ serverId: 43 }, { serverId: 42 }, row)).toBe(false);
    expect(isMeeting({ serverId: 42 }, { serverId: 42 }, undefined)).toBe(true);
  });
});

describe("the status bar's words", () => {
  it('counts the marks', () => {
    expect(heldSentence(1)).toBe('1 mark saved on this device · sent to Learn when you finish the roll call');
    expect(heldSentence(1200)).toBe('1,200 marks saved on this device · sent to Learn when you finish the roll call');
  });
});
