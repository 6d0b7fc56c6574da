import { describe, expect, it } from 'vitest';
import type { Meeting } from '../../shared/api/attendance';
import { findCreatedMeeting, sameMeeting } from '../../shared/domain/meeting-match';

/** How a create whose answer was lost is recognised among the course's meetings. */

const fields = { title: 'Review session', description: 'Before the midterm', start: '2026-11-30T10:00:00-05:00', end: '2026-11-30T11:15:00-05:00' };
const onServer = (id: number, over: Partial<Meeting> = {}): Meeting => ({
  id,
  courseId: '_1_1',
  title: 'Review session',
  description: 'Before the midterm',
  start: '2026-11-30T15:00:00.000Z',
  end: '2026-11-30T16:15:00.000Z',
  ...over,
});

describe('meeting match', () => {
  it('matches the same title, description and times, whatever zone the times were written in', () => {
    expect(sameMeeting(onServer(1), fields)).toBe(true);
  });

  it('tells apart meetings that differ in any field the user typed', () => {
    expect(sameMeeting(onServer(1, { title: 'Review' }), fields)).toBe(false);
    expect(sameMeeting(onServer(1, { description: '' }), fields)).toBe(false);
    expect(sameMeeting(onServer(1, { end: '2026-11-30T16:30:00.000Z' }), fields)).toBe(false);
    expect(sameMeeting(onServer(1, { end: null }), fields)).toBe(false);
    expect(sameMeeting(onServer(1, { externalLink: 'https://example.edu/room' }), fields)).toBe(false);
  });

  it('gives each create its own meeting: one already taken is skipped', () => {
    const list = [onServer(1), onServer(2)];
    expect(findCreatedMeeting(list, fields, new Set())?.id).toBe(1);
    expect(findCreatedMeeting(list, fields, new Set([1]))?.id).toBe(2);
    expect(findCreatedMeeting(list, fields, new Set([1, 2]))).toBeUndefined();
  });
});
