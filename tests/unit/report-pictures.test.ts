import { describe, expect, it } from 'vitest';
import { summarise, sortSummaries } from '../../shared/csv/report';
import { perMeeting, stripOf, stripWords, termSummary } from '../../shared/csv/report-pictures';
import { courseScore, historyWords, sparkPoints } from '../../renderer/src/features/accessibility/score-pictures';
import type { AllyCourseFile } from '../../shared/ipc/ally-channels';
import { loadCatalogue } from '../../shared/i18n/catalogues';
import { en } from '../../shared/i18n/messages/en';
import { translator } from '../../shared/i18n/translate';
import { fixtureSheet, MEETINGS } from './csv-support';

/** The data behind the report's chart and strips and the Ally overview's gauge and sparklines. */
const sheet = fixtureSheet([
  ['1002', '_101_1', 'Late'],
  ['1003', '_101_1', 'Excused'],
  ['1002', '_102_1', 'Absent'],
  ['1002', '_103_1', 'Present'],
]);

describe('report chart and strips', () => {
  it('counts each meeting over the whole roster, oldest first, with the report’s rate rule', () => {
    const tallies = perMeeting(sheet);
    expect(tallies.map((t) => t.meeting.key)).toEqual(['1001', '1002', '1003']);
    expect(tallies.map((t) => [t.counts.Present, t.counts.Late, t.counts.Absent, t.counts.Excused, t.notMarked])).toEqual([
      [1, 0, 1, 0, 4],
      [1, 1, 1, 0, 3],
      [0, 0, 0, 1, 5],
    ]);
    // Excused only: nobody counted yet, so no rate rather than 0 %.
    expect(tallies.map((t) => t.rate)).toEqual([0.5, 2 / 3, null]);
  });

  it('says the chart in a sentence: span, mean and the lowest meeting', () => {
    const text = termSummary(perMeeting(sheet), 'en-GB');
    expect(text).toBe('3 meetings from 1 Sept to 10 Sept: on average 58% present or late; lowest 50% at Lecture 1 on 1 Sept.');
    expect(termSummary([], 'en-GB')).toBe('No meetings yet.');
    expect(termSummary(perMeeting({ ...sheet, statuses: new Map() }), 'en-GB')).toBe('3 meetings from 1 Sept to 10 Sept; none marked yet.');
  });

  it('ends the sentence with one full stop where the day’s abbreviated month has its own (German, French)', async () => {
    const german = translator('de', await loadCatalogue('de'), en);
    expect(termSummary(perMeeting(sheet), 'de-DE', german)).toMatch(/ am 1\. Sept\.$/);
    const french = translator('fr', await loadCatalogue('fr'), en);
    expect(termSummary(perMeeting(sheet), 'fr-FR', french)).toMatch(/ le 1 sept\.$/);
  });

  it('gives a student one cell a meeting, and says it in words', () => {
    expect(stripOf(sheet, '_101_1')).toEqual(['Present', 'Late', 'Excused']);
    expect(stripOf(sheet, '_104_1')).toEqual([null, null, null]);
    expect(stripWords(stripOf(sheet, '_102_1'))).toBe('Meeting by meeting: Absent, Absent, not marked');
    expect(stripWords(stripOf({ ...sheet, meetings: [] }, '_101_1'))).toBe('No meetings yet');
    expect(stripOf(sheet, '_101_1')).toHaveLength(MEETINGS.length);
  });

  it('sorts by a column, ties and the name column in name order, students without a rate last', () => {
    const rows = summarise(sheet);
    const names = (column: Parameters<typeof sortSummaries>[1], direction: 'ascending' | 'descending'): string[] => sortSummaries(rows, column, direction, 'en').map((s) => s.student.userName);
    expect(names('name', 'ascending')).toEqual(['hacker', 'jmuller', 'anguyen', 'rnunez', 'sobrien', 'mokafor']);
    expect(names('name', 'descending')).toEqual(['mokafor', 'sobrien', 'rnunez', 'anguyen', 'jmuller', 'hacker']);
    expect(names('Absent', 'descending')).toEqual(['jmuller', 'hacker', 'anguyen', 'rnunez', 'sobrien', 'mokafor']);
    expect(names('rate', 'descending')).toEqual(['rnunez', 'mokafor', 'jmuller', 'hacker', 'anguyen', 'sobrien']);
    expect(names('rate', 'ascending')).toEqual(['jmuller', 'rnunez', 'mokafor', 'hacker', 'anguyen', 'sobrien']);
  });
});

const checked = (fileKey: string, score: number | null, state: AllyCourseFile['state'] = 'checked'): AllyCourseFile =>
  ({ fileKey, fileName: fileKey, state, information: score === null ? null : { feedback: { score } } }) as unknown as AllyCourseFile;

describe('Ally gauge and sparklines', () => {
  it('scores the course as the mean of its checked files, and says how many', () => {
    expect(courseScore([checked('a', 0.2), checked('b', 0.8), checked('c', null, 'unknown'), checked('d', null, 'processing')])).toEqual({ score: 0.5, files: 2 });
    expect(courseScore([checked('c', null, 'unknown')])).toBeNull();
  });

  it('draws each score held from its first to its last read, and says the history in words', () => {
    const history = [
      { score: 0.4, from: '2026-11-01T10:00:00.000Z', to: '2026-11-02T10:00:00.000Z', hash: 'h' },
      { score: null, from: '2026-11-02T12:00:00.000Z', to: '2026-11-02T12:00:00.000Z', hash: null },
      { score: 0.8, from: '2026-11-03T10:00:00.000Z', to: '2026-11-03T10:00:00.000Z', hash: 'h' },
    ];
    expect(sparkPoints(history)).toEqual([
      { at: Date.parse('2026-11-01T10:00:00.000Z'), value: 0.4 },
      { at: Date.parse('2026-11-02T10:00:00.000Z'), value: 0.4 },
      { at: Date.parse('2026-11-03T10:00:00.000Z'), value: 0.8 },
    ]);
    expect(historyWords(history)).toMatch(/^Score over time: 40% \(.*2026.*\), then 80% \(.*2026.*\)$/);
    expect(historyWords([])).toBe('No score yet');
  });
});
