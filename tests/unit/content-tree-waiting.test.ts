import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Content } from '../../shared/api/content';
import { queueChange, waitingChanges, type WaitingChange } from '../../renderer/src/db';
import { ContentTree, TOP } from '../../renderer/src/features/content/content-tree.svelte';
import { KINDS, save } from '../../renderer/src/features/content/review-cache';
import { freshDb } from './db-fixtures';

// The tree with content made offline: waiting items after each folder's last-read items.
const COURSE = '_12_1';
const folder = (id: string, title: string): Content => ({ id, title, contentHandler: { id: 'resource/x-bb-folder' } });
const doc = (id: string, title: string): Content => ({ id, title, contentHandler: { id: 'resource/x-bb-document' } });
const Items = z.array(Content);

describe('content tree with waiting creates', () => {
  it('shows each waiting create under its folder, offers a folder made offline, and knows only Learn ids', async () => {
    const db = await freshDb();
    await save(db, { kind: KINDS.children, courseId: COURSE, part: 'top', schema: Items }, [folder('_1_1', 'Week 1'), doc('_2_1', 'Syllabus')]);
    const unit = await queueChange(db, { courseId: COURSE, label: 'New folder "Offline unit"', change: { channel: 'content.create', request: { courseId: COURSE, kind: 'folder', title: 'Offline unit' } } });
    await queueChange(db, { courseId: COURSE, label: 'New document', change: { channel: 'content.create', request: { courseId: COURSE, kind: 'document', title: 'Notes', parentId: unit.localId ?? '' } } });
    let waiting: WaitingChange[] = await waitingChanges(db, COURSE);
    // Offline: reads come from the saved copy, and nothing is asked of Learn.
    const tree = new ContentTree(db, COURSE, () => false, () => waiting, true);
    await tree.load(TOP);
    await tree.load(unit.localId ?? ''); // a folder made offline has nothing to read
    expect(tree.folders.has(unit.localId ?? '')).toBe(false);

    expect(tree.rows.map((r) => [r.item.title, r.level, r.position, r.setSize, r.waiting ? r.waiting.state : null])).toEqual([
      ['Week 1', 1, 1, 3, null],
      ['Syllabus', 1, 2, 3, null],
      ['Offline unit', 1, 3, 3, 'pending'],
    ]);
    await tree.toggle(tree.rows[2]!.item);
    expect(tree.rows.map((r) => [r.item.title, r.level, r.parent === unit.localId])).toEqual([
      ['Week 1', 1, false],
      ['Syllabus', 1, false],
      ['Offline unit', 1, false],
      ['Notes', 2, true],
    ]);
    expect(tree.knownFolders).toEqual([
      { id: '_1_1', path: 'Week 1' },
      { id: unit.localId, path: 'Offline unit', waiting: true },
    ]);
    expect(tree.knownIn(TOP)).toEqual(['_1_1', '_2_1']);
    expect(tree.knownIn(unit.localId ?? '')).toEqual([]);

    // Landed: the waiting list is empty, so only Learn's read shows (no local leftovers).
    waiting = [];
    expect(tree.rows.map((r) => r.item.title)).toEqual(['Week 1', 'Syllabus']);
  });
});
