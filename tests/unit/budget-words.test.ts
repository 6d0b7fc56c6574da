import { describe, expect, it } from 'vitest';
import { blockedSentence, budgetSentence, budgetState, whenWords } from '../../renderer/src/app/budget-words';
import type { RequestBudget } from '../../shared/ipc/budget-channels';
import { inTimeZone } from '../support/time-zone';

// The site's request budget in the words Settings, the site check and the status bar show.
inTimeZone('UTC');

const NOW = Date.parse('2026-11-28T14:05:00Z');
const budget = (patch: Partial<RequestBudget> = {}): RequestBudget => ({
  limit: 10_000,
  remaining: 7_412,
  resetAt: '2026-11-29T02:00:00Z',
  observedAt: '2026-11-28T14:04:30Z',
  reserve: 500,
  ...patch,
});
const say = (b: RequestBudget | null, now = NOW): string => budgetSentence(budgetState(b, now), now, 'en-GB');

describe('the request budget in words', () => {
  it('says what is left, about, of the site’s limit, and when it resets', () => {
    expect(say(budget())).toBe('About 7,400 of the site’s 10,000 Learn requests for today are left; resets at 02:00 tomorrow.');
    expect(say(budget({ remaining: 10_000 }))).toBe('All 10,000 Learn requests for today are left; resets at 02:00 tomorrow.');
    expect(say(budget({ remaining: 612, resetAt: '2026-11-28T20:00:00Z' }))).toBe('About 610 of the site’s 10,000 Learn requests for today are left; resets at 20:00.');
  });

  it('says when an old reading was made, and that nothing is known before Learn answers', () => {
    expect(say(budget({ observedAt: '2026-11-28T11:30:00Z' }))).toContain('are left (as of 11:30); resets at');
    expect(say(null)).toBe('Not known yet: Rollbook learns it from Learn’s next answer.');
    expect(say(budget(), Date.parse('2026-11-29T03:00:00Z'))).toBe('The site’s 10,000 Learn requests were renewed at 02:00; Rollbook learns how many are left from Learn’s next answer.');
  });

  it('below the reserve, says Rollbook is saving them', () => {
    const state = budgetState(budget({ remaining: 37 }), NOW);
    expect(state.kind).toBe('saving');
    expect(say(budget({ remaining: 37 }))).toMatch(/^37 of the site’s 10,000 .* Rollbook is saving them: only your own changes and what you open are sent\.$/);
  });

  it('at 0 left, or while Learn asked to wait, names when sending starts again', () => {
    const usedUp = budgetState(budget({ remaining: 0 }), NOW);
    if (usedUp.kind !== 'blocked') throw new Error('0 left blocks');
    expect(usedUp.until).toBe('2026-11-29T02:00:00Z');
    expect(blockedSentence(usedUp, 2_094, NOW, 'en-GB')).toBe('Learn’s request limit for this site is used up for today. Rollbook will send your 2,094 changes after 02:00 tomorrow.');
    expect(blockedSentence(usedUp, 1, NOW, 'en-GB')).toContain('Rollbook will send your change after');

    const wait = budgetState(budget({ blockedUntil: '2026-11-28T14:06:00Z' }), NOW);
    if (wait.kind !== 'blocked') throw new Error('a gate blocks');
    expect(wait.usedUp).toBe(false);
    expect(blockedSentence(wait, 3, NOW, 'en-GB')).toBe('Learn asked Rollbook to wait before sending more. Rollbook will send your 3 changes after 14:06.');
    // Once the gate's time has passed, the site takes requests again.
    expect(budgetState(budget({ blockedUntil: '2026-11-28T14:06:00Z' }), Date.parse('2026-11-28T14:06:01Z')).kind).toBe('ok');
  });

  it('names a day when the time is not today or tomorrow', () => {
    expect(whenWords('2026-12-03T02:00:00Z', NOW, 'en-GB')).toBe('3 Dec, 02:00');
  });
});
