import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutboxOp } from '../../shared/domain/outbox';
import { createdIdOf, isCreate, localRefsOf, newLocalId, QUEUEABLE_CHANNELS, QueuedChange, withLearnIds } from '../../shared/domain/queued-change';

/** The content changes the outbox holds: held to their channel's request schema, local ids named and mapped. */

const COURSE = '_12_1';

describe('a queued content change', () => {
  it("is held to its channel's own request schema, as if it were sent online", () => {
    expect(QueuedChange.safeParse({ channel: 'content.create', request: { courseId: COURSE, kind: 'folder', title: 'Week 3' } }).success).toBe(true);
    // The seed's rule-title limit, checked in the outbox as in the contract.
    expect(QueuedChange.safeParse({ channel: 'adaptiveRelease.createRule', request: { courseId: COURSE, contentId: '_3_1', title: 'x'.repeat(101) } }).success).toBe(false);
    // "This event" never carries a recurrence (the calendar channel's refinement applies too).
    const oneEventWithRecurrence = { type: 'Personal', id: '_5_1', scope: 'this', change: { recurrence: { frequency: 'Daily', interval: 1, count: 2 } } };
    expect(QueuedChange.safeParse({ channel: 'calendar.update', request: oneEventWithRecurrence }).success).toBe(false);
    // A read channel is not a change.
    expect(QueuedChange.safeParse({ channel: 'content.children', request: { courseId: COURSE } }).success).toBe(false);
  });

  it('travels in the outbox with its label, and a create with its local id', () => {
    const localId = newLocalId();
    const op = {
      opId: '1',
      kind: 'change',
      courseId: COURSE,
      at: '2026-11-23T09:00:00.000Z',
      change: { channel: 'content.create', request: { courseId: COURSE, kind: 'folder', title: 'Week 3' } },
      label: 'New folder "Week 3"',
      localId,
      known: ['_1_1'],
    };
    expect(OutboxOp.parse(op)).toEqual(op);
    expect(OutboxOp.safeParse({ ...op, label: '' }).success).toBe(false);
    expect(OutboxOp.safeParse({ ...op, localId: 'not-local' }).success).toBe(false);
  });

  it('knows which writes create something Learn cannot deduplicate', () => {
    expect(QUEUEABLE_CHANNELS.filter(isCreate)).toEqual(['content.create', 'content.createAssignment', 'adaptiveRelease.createRule', 'adaptiveRelease.createCriterion', 'calendar.create', 'announcements.create', 'courseAnnouncements.create']);
  });

  it("names the local ids it waits for, and takes Learn's ids in their place", () => {
    const rule = newLocalId();
    const item = newLocalId();
    const change: QueuedChange = { channel: 'adaptiveRelease.createCriterion', request: { courseId: COURSE, contentId: item, ruleId: rule, criterion: { type: 'Memberships' } } };
    expect(localRefsOf(change)).toEqual([item, rule]);
    const partly = withLearnIds(change, new Map([[item, '_40_1']]));
    expect(partly.request).toMatchObject({ contentId: '_40_1', ruleId: rule });
    expect(localRefsOf(partly)).toEqual([rule]);
    const mapped = withLearnIds(partly, new Map([[rule, '_7_1']]));
    expect(localRefsOf(mapped)).toEqual([]);
    // Unchanged input stays the same object (the store rewrites only ops that changed).
    expect(withLearnIds(mapped, new Map([[rule, '_7_1']]))).toBe(mapped);
    // The course id is never mistaken for a local id.
    expect(mapped.request.courseId).toBe(COURSE);
  });

  it('mapping never leaves a local id that the map knows (property)', () => {
    const id = fc.oneof(fc.constant('_5_1'), fc.uuid().map((u) => `local:${u}`));
    fc.assert(
      fc.property(id, id, fc.boolean(), (contentId, parentId, known) => {
        const change: QueuedChange = { channel: 'content.create', request: { courseId: COURSE, parentId, kind: 'document', title: 'T' } };
        const moved: QueuedChange = { channel: 'adaptiveRelease.createRule', request: { courseId: COURSE, contentId, title: 'R' } };
        const ids = new Map(known ? [parentId, contentId].filter((v) => v.startsWith('local:')).map((v) => [v, '_9_1'] as [string, string]) : []);
        for (const c of [change, moved]) {
          const left = localRefsOf(withLearnIds(c, ids));
          expect(left.every((v) => !ids.has(v))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("reads Learn's id of what each create made from its handler's answer", () => {
    expect(createdIdOf('content.create', { item: { id: '_1_1' } })).toBe('_1_1');
    expect(createdIdOf('content.createAssignment', { result: { contentId: '_2_1' }, item: { id: '_2_1' } })).toBe('_2_1');
    expect(createdIdOf('adaptiveRelease.createRule', { id: '_3_1', title: 'R', criteria: [] })).toBe('_3_1');
    expect(createdIdOf('adaptiveRelease.createCriterion', { criterion: { id: '_4_1' } })).toBe('_4_1');
    expect(createdIdOf('calendar.create', { item: { id: '_5_1' } })).toBe('_5_1');
    expect(createdIdOf('announcements.create', { announcement: { id: '_6_1' } })).toBe('_6_1');
    expect(createdIdOf('announcements.create', {})).toBeUndefined();
  });
});
