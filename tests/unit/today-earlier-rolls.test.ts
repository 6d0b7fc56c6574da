import { describe, expect, it } from 'vitest';
import { budgetState } from '../../renderer/src/app/budget-words';
import { budgetLow, costWords, outcomeWords, progressWords, readButtonWords, rollsRequests } from '../../renderer/src/features/today/earlier-rolls';
import type { RequestBudget } from '../../shared/ipc/budget-channels';
import { inTimeZone } from '../support/time-zone';

// Today's earlier rolls, read only when asked: what the button says it costs, where it has got
// to, and how it ended (a low site budget stops it with the reset time).
inTimeZone('UTC');

const NOW = Date.parse('2026-11-28T14:05:00Z');
const budget = (patch: Partial<RequestBudget> = {}): RequestBudget => ({ limit: 10_000, remaining: 7_412, resetAt: '2026-11-29T02:00:00Z', observedAt: '2026-11-28T14:04:30Z', reserve: 500, ...patch });
const state = (patch?: Partial<RequestBudget>) => budgetState(budget(patch), NOW);

describe("Today's earlier rolls", () => {
  it('costs one request per 100 students a meeting, and the class list first when none is saved', () => {
    expect(rollsRequests(28, 300)).toEqual({ requests: 84, atLeast: false });
    expect(rollsRequests(28, 40)).toEqual({ requests: 28, atLeast: false });
    expect(rollsRequests(28, 0)).toEqual({ requests: 29, atLeast: true });
  });

  it('names the meetings on the button and the cost beside it, with what the site has left', () => {
    expect(readButtonWords(28, 'en')).toBe('Read 28 earlier meetings from Learn');
    expect(readButtonWords(1, 'en')).toBe('Read 1 earlier meeting from Learn');
    expect(costWords(28, 300, state(), NOW, 'en')).toBe('Takes about 84 Learn requests; the site has 7,412 left today.');
    expect(costWords(1, 80, budgetState(null, NOW), NOW, 'en')).toBe('Takes about 1 Learn request.');
    expect(costWords(28, 0, budgetState(null, NOW), NOW, 'en')).toBe('Takes at least 29 Learn requests (more for a class over 100 students).');
    // A low budget is said before the click.
    expect(costWords(28, 300, state({ remaining: 37 }), NOW, 'en-GB')).toBe('Takes about 84 Learn requests; the site has only 37 left today, kept for roll calls until 02:00 tomorrow.');
    expect(costWords(28, 300, state({ remaining: 0 }), NOW, 'en-GB')).toBe(
      'Takes about 84 Learn requests. Learn’s request limit for this site is used up for today. Rollbook sends nothing to Learn until 02:00 tomorrow.',
    );
  });

  it('says where the read has got to', () => {
    expect(progressWords({ step: 'class list' })).toBe('Reading the roster from Learn…');
    expect(progressWords({ step: 'rolls', done: 2, total: 28 }, 'en')).toBe('Reading meeting 3 of 28 from Learn…');
  });

  it('stops politely below the reserve or while Learn asks to wait, naming when to try again', () => {
    expect(budgetLow(state())).toBe(false);
    expect(budgetLow(budgetState(null, NOW))).toBe(false);
    expect(budgetLow(state({ remaining: 37 }))).toBe(true);
    expect(outcomeWords({ kind: 'stopped', read: 12, total: 28, state: state({ remaining: 37 }) }, NOW, 'en-GB')).toBe(
      'Stopped after 12 of 28 meetings: few of the site’s Learn requests are left today, and Rollbook keeps them for roll calls. Read the rest after 02:00 tomorrow.',
    );
    expect(outcomeWords({ kind: 'stopped', read: 0, total: 28, state: state({ remaining: 0 }) }, NOW, 'en-GB')).toBe(
      'Not read. Learn’s request limit for this site is used up for today. Rollbook sends nothing to Learn until 02:00 tomorrow.',
    );
  });

  it('says how the read ended', () => {
    expect(outcomeWords({ kind: 'read', read: 28, failed: 0 }, NOW, 'en')).toBe('Read 28 meetings from Learn; the attendance rate counts them.');
    expect(outcomeWords({ kind: 'read', read: 27, failed: 1 }, NOW, 'en')).toBe('Read 27 meetings from Learn; Learn did not send 1 other. Try again later.');
    expect(outcomeWords({ kind: 'closed' }, NOW)).toBe('');
  });
});
