import { describe, expect, it } from 'vitest';
import { budgetState } from '../../renderer/src/app/budget-words';
import { statusWords, type LearnTrouble } from '../../renderer/src/app/status-words';
import type { RequestBudget } from '../../shared/ipc/budget-channels';
import { inTimeZone } from '../support/time-zone';

// The status bar's words: "Online" only when Learn takes what is sent; each other state says whose
// it is and until when, and a Sync now that cannot be pressed says why beside it.
inTimeZone('UTC');

const NOW = Date.parse('2026-11-28T16:29:00Z');
const budget = (patch: Partial<RequestBudget> = {}): RequestBudget => ({
  limit: 10_000,
  remaining: 7_412,
  resetAt: '2026-11-29T02:00:00Z',
  observedAt: '2026-11-28T16:28:30Z',
  reserve: 500,
  ...patch,
});
const words = (b: RequestBudget | null, trouble: LearnTrouble | null = null, online = true, waiting = 3) =>
  statusWords({ online, budget: budgetState(b, NOW), trouble, waiting, now: NOW }, 'en-GB');

describe('the status bar in words', () => {
  it('is green "Online" only when Learn takes what is sent', () => {
    expect(words(budget())).toEqual({ pill: 'Online', tone: 'ok', note: null, noteKind: null, syncWaits: null });
    expect(words(null).pill).toBe('Online');
  });

  it('offline: says so, and Sync now says when it sends', () => {
    expect(words(budget({ remaining: 0 }), { kind: 'had-a-problem', retryAt: undefined }, false)).toEqual({ pill: 'Offline', tone: 'warn', note: null, noteKind: null, syncWaits: 'Sends when you are back online' });
  });

  it('when Learn asked to wait (a 429 with Retry-After), names the time in the pill, the note and beside Sync now', () => {
    const w = words(budget({ blockedUntil: '2026-11-28T16:31:00Z' }));
    expect(w.pill).toBe('Learn asked to wait until 16:31');
    expect(w.tone).toBe('warn');
    expect(w.note).toBe('Learn asked Rollbook to wait before sending more. Rollbook will send your 3 changes after 16:31.');
    expect(w.syncWaits).toBe('Sends after 16:31');
    // Learn's own failure reported by the last sync does not hide the wait, which decides when anything goes.
    expect(words(budget({ blockedUntil: '2026-11-28T16:31:00Z' }), { kind: 'had-a-problem', retryAt: NOW + 60_000 }).pill).toBe('Learn asked to wait until 16:31');
  });

  it('when the site’s requests are used up, names the reset', () => {
    const w = words(budget({ remaining: 0 }));
    expect(w.pill).toBe('Requests used up until 02:00 tomorrow');
    expect(w.note).toBe('Learn’s request limit for this site is used up for today. Rollbook will send your 3 changes after 02:00 tomorrow.');
    expect(w.syncWaits).toBe('Sends after 02:00 tomorrow');
  });

  it('a 5xx is Learn’s problem, with when Rollbook tries again; Sync now stays pressable', () => {
    const w = words(budget(), { kind: 'had-a-problem', retryAt: Date.parse('2026-11-28T16:31:00Z') });
    expect(w).toEqual({
      pill: 'Learn has a problem',
      tone: 'warn',
      note: 'Learn had a problem; Rollbook will try again at 16:31. Your changes are kept on this device; you need not change anything.',
      noteKind: 'trouble',
      syncWaits: null,
    });
    expect(words(budget(), { kind: 'had-a-problem', retryAt: undefined }, true, 1).note).toBe('Learn had a problem; Rollbook will try again at the next sync. Your change is kept on this device; you need not change anything.');
  });

  it('no answer at all is "Learn not answering"', () => {
    const w = words(budget(), { kind: 'not-answering', retryAt: Date.parse('2026-11-28T16:30:00Z') }, true, 0);
    expect(w.pill).toBe('Learn not answering');
    expect(w.note).toBe('Learn is not answering; Rollbook will try again at 16:30.');
  });
});
