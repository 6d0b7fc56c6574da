import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { describe, expect, it } from 'vitest';
import type { AllyCourseFile } from '../../shared/ipc/ally-channels';
import { saveWindow } from '../../renderer/src/features/calendar/calendar-cache';
import { windowAt } from '../../renderer/src/features/calendar/calendar-dates';
import { KINDS, save } from '../../renderer/src/features/content/review-cache';
import { RuleWithCriteria } from '../../shared/ipc/content-channels';
import { seesWords, studentsSeeFiles } from '../../renderer/src/features/accessibility/students-see';
import { freshDb } from './db-fixtures';
import { z } from 'zod';

/**
 * The Ally overview's "when students see it" from this device's copies: a rule's date saved when
 * its item was opened in Content moves the opening; the calendar's due date of the item's graded
 * column (same course, same title) is shown; nothing else of Learn is read.
 */
const NOW = Date.parse('2026-11-29T10:00:00Z');
const COURSE = '_3_1';
const file = (contentId: string, itemTitle: string, release: AllyCourseFile['release']): AllyCourseFile => ({
  fileKey: `${contentId}/a`,
  contentId,
  attachmentId: 'a',
  itemTitle,
  folderPath: ['Week 3'],
  fileName: `${itemTitle}.pdf`,
  mimeType: 'application/pdf',
  bytes: 10,
  hash: null,
  state: 'unknown',
  information: null,
  ...(release ? { release } : {}),
});

describe('when students see a file, from this device', () => {
  it('takes a saved rule’s date and the calendar’s due date, and a file without a way to students as open', async () => {
    const db = await freshDb();
    const opens = '2026-12-02T09:00:00.000Z';
    await save(db, { kind: KINDS.rules, courseId: COURSE, part: 'item-1', schema: z.array(RuleWithCriteria) }, [{ id: 'r', title: 'Later', criteria: [{ id: 'c', type: 'DateRange', startDate: opens }] }]);
    await saveWindow(db, '_7_1', windowAt(NOW), [
      { id: 'due-1', type: 'GradebookColumn', calendarId: COURSE, title: 'Essay 3', start: '2026-12-04T23:59:00.000Z', end: '2026-12-04T23:59:00.000Z' },
      { id: 'due-2', type: 'GradebookColumn', calendarId: '_9_1', title: 'Essay 3', start: '2026-12-01T23:59:00.000Z', end: '2026-12-01T23:59:00.000Z' },
    ]);
    const [essay, old] = await studentsSeeFiles(db, COURSE, '_7_1', [file('item-1', 'Essay 3', [{ contentId: 'item-1', title: 'Essay 3', available: 'Yes' }, { contentId: 'week-3', title: 'Week 3', available: 'Yes' }]), file('item-2', 'Old notes', undefined)], NOW);
    expect(essay?.sees).toEqual({ when: 'later', from: Date.parse(opens), until: null, someStudents: false });
    expect(essay?.due).toBe(Date.parse('2026-12-04T23:59:00.000Z'));
    expect(seesWords(essay!.sees)).toMatch(/^Opens /);
    expect(old?.sees.when).toBe('now');
    expect(old?.due).toBeNull();
  });
});
