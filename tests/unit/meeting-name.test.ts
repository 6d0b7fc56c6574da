import { describe, expect, it } from 'vitest';
import { planFile } from '../../shared/csv/pipeline';
import { localDateTime } from '../../shared/csv/sheet';
import { meetingName } from '../../shared/domain/meeting-name';
import { fixtureSheet } from './csv-support';

/** A meeting Learn holds without a title is named by its start, never with an empty name. */
describe('an untitled meeting', () => {
  it('is named by when it starts', () => {
    expect(meetingName('', '31 Aug 2026, 14:04')).toBe('Meeting on 31 Aug 2026, 14:04');
    expect(meetingName('   ', '31 Aug 2026, 14:04')).toBe('Meeting on 31 Aug 2026, 14:04');
    expect(meetingName(null, '31 Aug 2026, 14:04')).toBe('Meeting on 31 Aug 2026, 14:04');
    expect(meetingName('Lecture 4', '31 Aug 2026, 14:04')).toBe('Lecture 4');
  });

  it('has a name in the import preview', () => {
    const sheet = fixtureSheet();
    const untitled = { ...sheet.meetings[2]!, title: '' };
    const planned = planFile(new TextEncoder().encode('Username,Meeting id,Status\nmokafor,1003,P\nrnunez,1001,L\n'), { ...sheet, meetings: [sheet.meetings[0]!, sheet.meetings[1]!, untitled] });
    const meetings = planned.planner.items.map((i) => i.meeting);
    expect(meetings).toEqual([`Meeting on ${localDateTime(untitled.start)}`, `Lecture 1 (${localDateTime(sheet.meetings[0]!.start)})`]);
  });
});
