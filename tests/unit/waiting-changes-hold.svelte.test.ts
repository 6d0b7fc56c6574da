// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { discardChange, queueChange } from '../../renderer/src/db';
import { LiveWaitingChanges } from '../../renderer/src/app/waiting-changes.svelte';
import { COURSE, freshDb } from './db-fixtures';

describe('a change that left while the screen reads Learn again', () => {
  let cleanup = (): void => undefined;
  afterEach(() => cleanup());

  it('stays laid over until the read fails, then goes, and the failed read raises no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const listen = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', listen);
    try {
      const db = await freshDb();
      const queued = await queueChange(db, { courseId: COURSE, label: 'New folder "Week 3"', change: { channel: 'content.create', request: { courseId: COURSE, kind: 'folder', title: 'Week 3' } } });
      let fail = (_why: Error): void => undefined;
      // The screen's read of Learn: it handles its own failure, as a screen does.
      const reading = new Promise<void>((_resolve, reject) => (fail = reject));
      reading.catch(() => undefined);
      let waiting: LiveWaitingChanges | undefined;
      cleanup = $effect.root(() => {
        waiting = new LiveWaitingChanges(db, () => COURSE, () => reading);
      });
      const laidOver = (): string[] => waiting?.laidOver.map((c) => c.opId) ?? [];
      await expect.poll(laidOver).toEqual([queued.opId]);

      // It leaves the queue (discarded here; a sync would do the same): held while the read is on its way.
      await discardChange(db, queued.opId);
      await expect.poll(() => waiting?.all.length).toBe(0);
      expect(laidOver()).toEqual([queued.opId]);

      fail(new Error('Learn had a problem; try again later.'));
      await expect.poll(laidOver).toEqual([]);
      // Node reports an unhandled rejection once the microtasks have run: give it that turn.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listen);
    }
  });
});
