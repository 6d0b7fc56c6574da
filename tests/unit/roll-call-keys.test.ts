import { describe, expect, it } from 'vitest';
import { countStatuses, describeCounts, rollCallAction } from '../../renderer/src/features/attendance/roll-call-keys';
import { draftFromMeeting, fieldsFromDraft, meetingLabel } from '../../renderer/src/features/attendance/meeting-form';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) =>
  rollCallAction({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('roll call keys', () => {
  it('sets a status with its first letter, in either case', () => {
    expect(['p', 'A', 'l', 'E'].map((k) => key(k))).toEqual([
      { type: 'set', status: 'Present' },
      { type: 'set', status: 'Absent' },
      { type: 'set', status: 'Late' },
      { type: 'set', status: 'Excused' },
    ]);
  });

  it('moves with arrows, pages, Home and End, never past either end', () => {
    const to = (k: string, i: number) => {
      const a = key(k);
      if (a?.type !== 'move') throw new Error(`${k} is not a move`);
      return a.to(i, 300, 10);
    };
    expect([to('ArrowDown', 0), to('ArrowDown', 299), to('ArrowUp', 0), to('ArrowUp', 5)]).toEqual([1, 299, 0, 4]);
    expect([to('PageDown', 295), to('PageUp', 3), to('Home', 150), to('End', 0)]).toEqual([299, 0, 0, 299]);
  });

  it('undoes with Ctrl+Z or Cmd+Z, and leaves other shortcuts to the browser', () => {
    expect(key('z', { ctrlKey: true })).toEqual({ type: 'undo' });
    expect(key('Z', { metaKey: true })).toEqual({ type: 'undo' });
    expect(key('p', { ctrlKey: true })).toBeNull();
    expect(key('a', { altKey: true })).toBeNull();
    expect(key('x')).toBeNull();
  });

  it('counts statuses, with who is not marked yet, in one sentence', () => {
    const counts = countStatuses(['Present', 'Present', 'Late', null, undefined]);
    expect(counts).toEqual({ Present: 2, Absent: 0, Late: 1, Excused: 0, Unmarked: 2, Other: 0 });
    expect(describeCounts(counts)).toBe('2 present, 0 absent, 1 late, 0 excused, 2 not marked');
  });

  it('counts a status Learn has that Rollbook does not know as marked, apart from the four', () => {
    const counts = countStatuses(['Present', 'Remote', null]);
    expect(describeCounts(counts)).toBe('1 present, 0 absent, 0 late, 0 excused, 1 other, 1 not marked');
  });
});

describe('meeting form', () => {
  it('turns a local date and times into a meeting and back', () => {
    const parsed = fieldsFromDraft({ title: ' Lecture 24 ', date: '2026-11-24', startTime: '09:00', endTime: '10:15' });
    if (!('fields' in parsed)) throw new Error(parsed.problem);
    expect(parsed.fields.title).toBe('Lecture 24');
    expect(new Date(parsed.fields.end).getTime() - new Date(parsed.fields.start).getTime()).toBe(75 * 60_000);
    expect(draftFromMeeting({ title: 'Lecture 24', start: parsed.fields.start, end: parsed.fields.end })).toEqual({
      title: 'Lecture 24',
      date: '2026-11-24',
      startTime: '09:00',
      endTime: '10:15',
    });
  });

  it('says what is wrong instead of saving a meeting Learn would refuse', () => {
    expect(fieldsFromDraft({ title: '  ', date: '2026-11-24', startTime: '09:00', endTime: '10:00' })).toEqual({ problem: 'Give the meeting a title.' });
    expect(fieldsFromDraft({ title: 'x', date: '2026-11-24', startTime: '10:00', endTime: '09:00' })).toEqual({ problem: 'The meeting must end after it starts.' });
    expect(fieldsFromDraft({ title: 'x', date: '', startTime: '10:00', endTime: '11:00' })).toEqual({ problem: 'Enter a date and start and end times.' });
  });

  it('names a meeting made in Learn without a title by its date', () => {
    expect(meetingLabel({ title: 'Lab', start: '2026-11-24T09:00:00Z' })).toBe('Lab');
    expect(meetingLabel({ title: '', start: '2026-11-24T09:00:00Z' })).toMatch(/2026/);
  });
});
