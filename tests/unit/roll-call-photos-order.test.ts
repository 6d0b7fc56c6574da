import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { RollbookDb } from '../../renderer/src/db';
import { PhotoBook } from '../../renderer/src/features/attendance/photo-book.svelte';
import type { ResponseOf } from '../../shared/ipc/contract';
import { freshDb } from './db-fixtures';

/** Students as the roster gives them, here without Learn's avatar link (the weekly rule). */
const students = (...ids: string[]): { userId: string }[] => ids.map((userId) => ({ userId }));

let db: RollbookDb;
afterEach(() => db?.close());

/**
 * Photos of the students on screen are asked of Learn before the rest of the roster:
 * a roll call scrolled, or seated in another order, fills the rows in view first.
 */
describe('photo book order', () => {
  it('asks for the photos in view next, then the rest in roster order', async () => {
    db = await freshDb();
    const asked: string[] = [];
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const book = new PhotoBook(db, (userId): Promise<ResponseOf<'learn.photo'>> => (asked.push(userId), held.then(() => ({ state: 'none' }))));
    const roster = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    await book.load(students(...roster), true);
    // Three at a time: the first three of the roster are on their way already.
    expect(asked).toEqual(['a', 'b', 'c']);
    book.inView(['g', 'e']);
    release();
    await expect.poll(() => asked.length).toBe(8);
    expect(asked).toEqual(['a', 'b', 'c', 'g', 'e', 'd', 'f', 'h']);
    await expect.poll(() => book.photoOf('h')).toEqual({ kind: 'none' });
    book.close();
  });

  it('applies a view reported before the roster was read', async () => {
    db = await freshDb();
    const asked: string[] = [];
    const book = new PhotoBook(db, (userId): Promise<ResponseOf<'learn.photo'>> => (asked.push(userId), Promise.resolve({ state: 'none' })));
    book.inView(['h']);
    await book.load(students('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), true);
    await expect.poll(() => asked.length).toBe(8);
    expect(asked.indexOf('h')).toBeLessThan(asked.indexOf('d'));
    book.close();
  });

  it('asks again for the photos a second load took out of the queue (the roster read again while they waited)', async () => {
    db = await freshDb();
    const asked: string[] = [];
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const book = new PhotoBook(db, (userId): Promise<ResponseOf<'learn.photo'>> => (asked.push(userId), held.then(() => ({ state: 'none' }))));
    const roster = students('a', 'b', 'c', 'd', 'e', 'f');
    await book.load(roster, true);
    expect(asked).toEqual(['a', 'b', 'c']);
    // The class list arrives again from Learn: the same students, loaded again.
    await book.load(roster, true);
    release();
    await expect.poll(() => book.photoOf('f')).toEqual({ kind: 'none' });
    expect([...asked].sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    book.close();
  });
});
