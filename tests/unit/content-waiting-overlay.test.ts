import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { RuleWithCriteria } from '../../shared/ipc/content-channels';
import { discardChange, queueChange, waitingChanges, type ChangeInput } from '../../renderer/src/db';
import { mapLocalId } from '../../renderer/src/db/changes-repo';
import { knownIds, labels } from '../../renderer/src/features/content/change-labels';
import { itemOf, markText, overlayMembers, overlayRules, waitingItems } from '../../renderer/src/features/content/waiting-overlay';
import { freshDb } from './db-fixtures';

// Content: changes made offline, laid over the last read from Learn.
const COURSE = '_12_1';
const ITEM = '_300_1';
const RULE = '_500_1';
const last: RuleWithCriteria[] = [
  {
    id: RULE,
    title: 'Scored 8 or more',
    criteria: [
      { id: '_600_1', type: 'GradeRange', gradeColumnId: '_70_1', minScore: 8, maxScore: null },
      { id: '_601_1', type: 'DateRange', startDate: null, endDate: '2026-12-18T23:59:00.000Z' },
    ],
  },
];

async function queued(...inputs: Omit<ChangeInput, 'courseId'>[]) {
  const db = await freshDb();
  const refs = [];
  for (const input of inputs) refs.push(await queueChange(db, { courseId: COURSE, ...input }));
  return { db, refs };
}

describe('content changes waiting, over the last read', () => {
  it('shows items created offline where they will be, a folder made offline holding its own', async () => {
    const { db, refs } = await queued({ label: 'New folder "Offline unit"', change: { channel: 'content.create', request: { courseId: COURSE, kind: 'folder', title: 'Offline unit' } }, known: ['_1_1', '_2_1'] });
    const folder = refs[0]?.localId ?? '';
    await queueChange(db, { courseId: COURSE, label: 'New document', change: { channel: 'content.create', request: { courseId: COURSE, kind: 'document', title: 'Notes', parentId: folder, body: '<p>x</p>' } } });
    await queueChange(db, { courseId: COURSE, label: 'New assignment', change: { channel: 'content.createAssignment', request: { courseId: COURSE, title: 'Essay 3', parentId: '_9_1', files: [] } } });
    const items = waitingItems(await waitingChanges(db, COURSE), true);
    expect(items.map((i) => [i.item.title, i.parent, i.item.contentHandler?.id])).toEqual([
      ['Offline unit', '', 'resource/x-bb-folder'],
      ['Notes', folder, 'resource/x-bb-document'],
      ['Essay 3', '_9_1', 'resource/x-bb-asmt-test-link'],
    ]);
    expect(items[0]?.item.id).toBe(folder);
    expect(waitingItems(await waitingChanges(db, COURSE), false)[2]?.item.contentHandler?.id).toBe('resource/x-bb-assignment');
    // Discarding the folder takes the document made inside it with it.
    expect(await discardChange(db, refs[0]?.opId ?? '')).toBe(2);
    expect(waitingItems(await waitingChanges(db, COURSE), true).map((i) => i.item.title)).toEqual(['Essay 3']);
  });

  it('lays rule and criterion changes over the rules as last read, in the order made', async () => {
    const { db, refs } = await queued(
      { label: 'New rule', change: { channel: 'adaptiveRelease.createRule', request: { courseId: COURSE, contentId: ITEM, title: 'Offline rule' } }, known: [RULE] },
      { label: 'Rename', change: { channel: 'adaptiveRelease.renameRule', request: { courseId: COURSE, contentId: ITEM, ruleId: RULE, title: 'Renamed' } } },
      { label: 'Change', change: { channel: 'adaptiveRelease.updateCriterion', request: { courseId: COURSE, contentId: ITEM, ruleId: RULE, criterionId: '_600_1', change: { minScore: 9 } } } },
      { label: 'Remove', change: { channel: 'adaptiveRelease.deleteCriterion', request: { courseId: COURSE, contentId: ITEM, ruleId: RULE, criterionId: '_601_1' } } },
      { label: 'Other item', change: { channel: 'adaptiveRelease.deleteRule', request: { courseId: COURSE, contentId: '_301_1', ruleId: '_501_1' } } },
    );
    const newRule = refs[0]?.localId ?? '';
    await queueChange(db, { courseId: COURSE, label: 'Date', change: { channel: 'adaptiveRelease.createCriterion', request: { courseId: COURSE, contentId: ITEM, ruleId: newRule, criterion: { type: 'DateRange', endDate: '2026-12-20T09:00:00.000Z' } } } });
    await queueChange(db, { courseId: COURSE, label: 'Rename new', change: { channel: 'adaptiveRelease.renameRule', request: { courseId: COURSE, contentId: ITEM, ruleId: newRule, title: 'Offline rule 2' } } });
    const waiting = await waitingChanges(db, COURSE);
    const rules = overlayRules(last, waiting, ITEM);

    expect(rules.map((r) => [r.title, r.learnTitle, r.pending?.mark])).toEqual([
      ['Renamed', 'Scored 8 or more', 'changed'],
      ['Offline rule 2', undefined, 'new'], // renamed before Learn ever saw it: still "new"
    ]);
    expect(rules[0]?.criteria.map((c) => [c.criterion.id, c.pending?.mark, 'minScore' in c.criterion ? c.criterion.minScore : null])).toEqual([
      ['_600_1', 'changed', 9],
      ['_601_1', 'deleted', null],
    ]);
    expect(rules[1]?.criteria.map((c) => [c.criterion.type, c.pending?.mark])).toEqual([['DateRange', 'new']]);
    expect(last[0]?.title).toBe('Scored 8 or more'); // the read itself is untouched
    // Another item's changes leave these rules alone; a change naming a rule not read is not drawn.
    expect(overlayRules(last, waiting, '_301_1').map((r) => [r.title, r.pending])).toEqual([['Scored 8 or more', null]]);
    expect(waiting.filter((w) => itemOf(w.change) === ITEM)).toHaveLength(6);

    // Once the rule lands, the changes naming it carry Learn's id.
    await mapLocalId(db, newRule, '_502_1');
    expect((await waitingChanges(db, COURSE)).map((w) => ('ruleId' in w.change.request ? w.change.request.ruleId : null)).slice(-2)).toEqual(['_502_1', '_502_1']);
  });

  it('marks a failed change and a deleted rule in words', () => {
    const at = '2026-11-23T06:00:00.000Z';
    const failed = { opId: 'a', courseId: COURSE, at, label: 'Delete rule', state: 'failed' as const, error: 'gone', change: { channel: 'adaptiveRelease.deleteRule' as const, request: { courseId: COURSE, contentId: ITEM, ruleId: RULE } } };
    const [rule] = overlayRules(last, [failed], ITEM);
    expect(rule?.pending).toEqual({ mark: 'deleted', failed: true });
    expect(markText(rule?.pending ?? null)).toBe('not sent to Learn: see the waiting list');
    expect(markText({ mark: 'deleted', failed: false })).toBe('will be deleted (waiting to be sent)');
    expect(markText({ mark: 'new', failed: false })).toBe('waiting to be sent');
    expect(markText(null)).toBeNull();
  });

  it('shows the last user or group list replacement of a members criterion', () => {
    const at = '2026-11-23T06:00:00.000Z';
    const ref = { courseId: COURSE, contentId: ITEM, ruleId: RULE, criterionId: '_602_1' };
    const set = (opId: string, userIds: string[]) => ({ opId, courseId: COURSE, at, label: 'Replace', state: 'pending' as const, change: { channel: 'adaptiveRelease.setUsers' as const, request: { ...ref, userIds } } });
    const shown = overlayMembers({ groupIds: ['_1_1'], userIds: ['_10_1'] }, [set('a', ['_11_1']), set('b', ['_12_1', '_13_1'])], '_602_1');
    expect(shown).toEqual({ members: { groupIds: ['_1_1'], userIds: ['_12_1', '_13_1'] }, users: { mark: 'changed', failed: false }, groups: null });
    expect(overlayMembers({ groupIds: [], userIds: ['_10_1'] }, [set('a', [])], 'other').users).toBeNull();
  });

  it('labels each change in the user\'s words and keeps only Learn ids as known', () => {
    expect(labels.newContent('folder', 'Week 3')).toBe('New folder "Week 3"');
    expect(labels.newContent('link', 'Pool', 'Extra credit')).toBe('New web link "Pool" in "Extra credit"');
    expect(labels.newAssignment('Essay 3', 'Week 4')).toBe('New assignment "Essay 3" in "Week 4"');
    expect(labels.newRule('Lab only', 'Week 1 overview')).toBe('New release rule "Lab only" on "Week 1 overview"');
    expect(labels.renameRule('A', 'B')).toBe('Rename rule "A" to "B"');
    expect(labels.deleteRule('A')).toBe('Delete rule "A"');
    expect(labels.newCriterion('DateRange', 'A')).toBe('New "Date range" criterion in rule "A"');
    expect(labels.changeCriterion('GradeRange', 'A')).toBe('Change the "Grade range (points)" criterion of rule "A"');
    expect(labels.removeCriterion('Memberships', 'A')).toBe('Remove the "Members (groups and users)" criterion of rule "A"');
    expect(labels.replaceList('users', 1, 'Extra')).toBe('Replace the users list of "Extra" (1 user)');
    expect(labels.replaceList('groups', 2)).toBe('Replace the groups list (2 groups)');
    expect(knownIds([{ id: '_1_1' }, { id: 'local:1234abcd-0000' }, { id: '_2_1' }])).toEqual(['_1_1', '_2_1']);
    expect(knownIds(undefined)).toEqual([]);
  });
});
