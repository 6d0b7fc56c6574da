import { describe, expect, it } from 'vitest';
import { whatViewerSees, type ItemStep, type Viewer } from '../../shared/domain/student-view';
import { whenStudentsSee } from '../../shared/domain/when-students-see';
import { ar } from '../../shared/i18n/messages/ar';
import { en } from '../../shared/i18n/messages/en';
import { translator } from '../../shared/i18n/translate';
import { reasonWords } from '../../renderer/src/features/content/reason-words';

/**
 * Why a student does not see an item: shared/domain gives a message and its values, the renderer
 * says it. In English each reason reads as the sentence the student view has always shown, the
 * folder it lies in included; in another language no English is left.
 */
const NOW = Date.parse('2026-11-29T10:00:00Z');
const item: ItemStep = { contentId: 'item', title: 'Bonus reading', available: 'Yes' };
const folder: ItemStep = { contentId: 'folder', title: 'Week 3', available: 'Yes' };
const ben: Viewer = { kind: 'student', userId: 'u-ben', name: 'Ben Osei' };
const lab2: Viewer = { kind: 'group', groupId: 'g-2', name: 'Lab section 2' };
const members = (userIds: string[], groupIds: string[] = []) => [[{ type: 'Memberships', members: { userIds, groupIds }, words: '' }]];
const why = (v: ReturnType<typeof whatViewerSees>) => ('why' in v ? reasonWords(v.why) : null);

describe('the student view\'s reasons in words', () => {
  it('reads in English as the student view says them, inside a folder too', () => {
    expect(why(whatViewerSees([item, { ...folder, available: 'No' }], () => [], ben, NOW))).toBe('Inside “Week 3”, which is hidden from students');
    expect(why(whatViewerSees([{ ...item, available: 'PartiallyVisible' }], () => [], ben, NOW))).toBe('Students see only its title');
    expect(why(whatViewerSees([item, folder], (id) => (id === 'folder' ? members([], ['g-1']) : []), lab2, NOW))).toBe('Inside “Week 3”: “Lab section 2” is not among the members or groups it is released to');
    expect(why(whatViewerSees([item], () => members(['u-ana']), ben, NOW))).toBe('Ben Osei is not among the members or groups it is released to');
    const passed = [[{ type: 'DateRange', endDate: new Date(NOW - 1000).toISOString(), words: '' }]];
    expect(why(whatViewerSees([item, folder], (id) => (id === 'folder' ? passed : []), ben, NOW))).toBe('Inside “Week 3”, whose release conditions’ dates have passed');
    const overview = whenStudentsSee([item, { ...folder, available: 'No' }], () => undefined, NOW);
    expect(overview.when === 'never' && reasonWords(overview.why)).toBe('Inside “Week 3”, which is hidden from students');
  });

  it('leaves no English word in Arabic, whatever the reason', () => {
    const say = translator('ar', ar, en);
    const keys = Object.keys(en).filter((k) => k.startsWith('content.why.')) as (keyof typeof en)[];
    for (const key of keys) {
      const words = say(key, { name: 'بن', folder: 'الأسبوع 3', condition: 'اختبار 5', why: 'سبب' });
      // The brand names stay as they are in every language.
      expect(words.replace(/Rollbook|Learn/g, ''), key).not.toMatch(/[a-z]{2}/i);
    }
  });
});
