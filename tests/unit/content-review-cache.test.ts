import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BridgeError } from '../../renderer/src/bridge';
import { KINDS, offlineMark, readThrough, type ReadSpec } from '../../renderer/src/features/content/review-cache';
import { freshDb } from './db-fixtures';

/** Reads kept for offline review: Learn's answer saved, the saved copy shown (marked) when Learn is out of reach. */
const spec: ReadSpec<string[]> = { kind: KINDS.children, courseId: '_12_1', part: 'top', schema: z.array(z.string()) };
const unreachable = (): Promise<string[]> => Promise.reject(new TypeError('Failed to fetch'));

describe('readThrough', () => {
  it('saves what Learn answers and shows it as fresh', async () => {
    const db = await freshDb();
    const shown = await readThrough(db, spec, true, () => Promise.resolve(['Week 1', 'Week 2']));
    expect(shown).toMatchObject({ value: ['Week 1', 'Week 2'], offline: false, problem: null });
    const row = await db.reviewCache.get('content.children:_12_1:top');
    expect(row).toMatchObject({ courseId: '_12_1', kind: 'content.children', value: ['Week 1', 'Week 2'] });
  });

  it('shows the saved copy, marked with its time, offline or when Learn cannot be reached', async () => {
    const db = await freshDb();
    const first = await readThrough(db, spec, true, () => Promise.resolve(['Week 1']));
    const offline = await readThrough(db, spec, false, () => Promise.reject(new Error('must not be called offline')));
    expect(offline).toEqual({ value: ['Week 1'], savedAt: first.savedAt, offline: true, problem: { message: 'You are offline.' } });
    const unreached = await readThrough(db, spec, true, unreachable);
    expect(unreached).toMatchObject({ value: ['Week 1'], offline: true, problem: { message: 'Rollbook could not reach Learn.' } });
    // Learn's refusal keeps its technical account for the Details disclosure.
    const refused = await readThrough(db, spec, true, () => Promise.reject(new BridgeError('content.children', 'ApiError', 'Learn did not do it.', 'Could not list the content of _12_1: Learn answered 403.')));
    expect(refused).toMatchObject({ value: ['Week 1'], problem: { message: 'Learn did not do it.', detail: 'Could not list the content of _12_1: Learn answered 403.' } });
    expect(offlineMark(first.savedAt ?? '')).toMatch(/^Offline: as of .*\d/);
  });

  it('says when nothing was saved, and treats a damaged row as not saved', async () => {
    const db = await freshDb();
    expect(await readThrough(db, spec, false, unreachable)).toMatchObject({ value: undefined, problem: { message: expect.stringContaining('Nothing was saved on this device') as unknown } });
    await db.reviewCache.put({ key: 'content.children:_12_1:top', courseId: '_12_1', kind: 'content.children', savedAt: new Date().toISOString(), value: { not: 'a list' } });
    expect((await readThrough(db, spec, false, unreachable)).value).toBeUndefined();
  });
});
