import { describe, expect, it, vi } from 'vitest';
import { createSet, importRequestOf } from '../../renderer/src/features/attendance-csv/import-request';
import { startLanguage } from '../../renderer/src/ui/i18n';
import { planFile } from '../../shared/csv/pipeline';
import { localDateTime } from '../../shared/csv/sheet';
import { meetingName, type MeetingName } from '../../shared/domain/meeting-name';
import { loadCatalogue } from '../../shared/i18n/catalogues';
import { en } from '../../shared/i18n/messages/en';
import { translator } from '../../shared/i18n/translate';
import { fixtureSheet } from './csv-support';

/** A meeting Learn holds without a title is named by its start, never with an empty name, and in the screen's language. */
describe('an untitled meeting', () => {
  it('is named by when it starts, as a sentence any language writes; a titled one by its title', () => {
    const untitled = { key: 'meetings.untitled', values: { when: '31 Aug 2026, 14:04' } };
    expect(meetingName('', '31 Aug 2026, 14:04')).toEqual(untitled);
    expect(meetingName('   ', '31 Aug 2026, 14:04')).toEqual(untitled);
    expect(meetingName(null, '31 Aug 2026, 14:04')).toEqual(untitled);
    expect(meetingName(' Lecture 4 ', '31 Aug 2026, 14:04')).toBe('Lecture 4');
  });

  it('has a name in the import preview, in the language of the screen', async () => {
    const sheet = fixtureSheet();
    const untitled = { ...sheet.meetings[2]!, title: '' };
    const planned = planFile(new TextEncoder().encode('Username,Meeting id,Status\nmokafor,1003,P\nrnunez,1001,L\n'), { ...sheet, meetings: [sheet.meetings[0]!, sheet.meetings[1]!, untitled] });
    const when = localDateTime(untitled.start);
    const [first, second] = planned.planner.items.map((i) => i.meeting);
    expect(second).toBe(`Lecture 1 (${localDateTime(sheet.meetings[0]!.start)})`);
    const write = async (locale: 'en' | 'es' | 'de' | 'ar', name: MeetingName | undefined): Promise<string> => {
      const t = translator(locale, await loadCatalogue(locale), en);
      return typeof name === 'string' || name === undefined ? String(name) : t(name.key, name.values);
    };
    expect(await write('en', first)).toBe(`Meeting on ${when}`);
    expect(await write('es', first)).toBe(`Reunión del ${when}`);
    expect(await write('de', first)).toBe(`Termin am ${when}`);
    expect(await write('ar', first)).toContain(when);
    expect(await write('ar', first)).not.toMatch(/Meeting/);
  });

  it('is created with its start in the instructor’s language when the file gives it no title', async () => {
    // The page's <html> element, which startLanguage marks with the language.
    vi.stubGlobal('document', { documentElement: { lang: '', dir: '' } });
    try {
      await startLanguage('fr', ['fr-FR']);
      const planned = planFile(new TextEncoder().encode('Username,2026-09-25\nmokafor,P\nrnunez,A\n'), fixtureSheet());
      expect(planned.planner.missing).toMatchObject([{ title: '', records: 2 }]);
      const missing = planned.planner.missing[0]!;
      const request = importRequestOf('_1_1', 'appel.csv', planned.planner.items, planned.planner.missing, createSet([0]));
      // Learn's students read this title: French, as the screen, never "Meeting 2026-09-25".
      expect(request.created.map((c) => c.fields.title)).toEqual([`Séance du ${localDateTime(missing.start)}`]);
    } finally {
      await startLanguage('en', ['en']);
      vi.unstubAllGlobals();
    }
  });
});
