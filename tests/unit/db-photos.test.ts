import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { cacheRepo, PHOTO_REFRESH_MS, previousMarks } from '../../renderer/src/db';
import { BridgeError } from '../../renderer/src/bridge';
import { PhotoBook } from '../../renderer/src/features/attendance/photo-book.svelte';
import type { ResponseOf } from '../../shared/ipc/contract';
import { COURSE, freshDb, members } from './db-fixtures';

/** Students as the roster gives them, here without Learn's avatar link (the weekly rule). */
const students = (...ids: string[]): { userId: string }[] => ids.map((userId) => ({ userId }));

/**
 * The roll call's photo book over a real (fake-indexeddb) store: photos are kept with their time,
 * shown from the device without asking again within the week, asked again after it, and a
 * student without one is not asked for on every roll call.
 */
const PNG_BASE64 = Buffer.from('\x89PNG\r\n\x1a\nrest', 'latin1').toString('base64');

function fakeLearn(answers: Record<string, ResponseOf<'learn.photo'>>) {
  const asked: string[] = [];
  const fetchPhoto = (userId: string): Promise<ResponseOf<'learn.photo'>> => {
    asked.push(userId);
    return Promise.resolve(answers[userId] ?? { state: 'none' });
  };
  return { asked, fetchPhoto };
}

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
  expect(await check()).toBe(true);
}

describe('photo book', () => {
  it("asks again only when Learn's avatar link changes, however old the kept photo", async () => {
    const db = await freshDb();
    let now = Date.parse('2026-11-26T09:00:00Z');
    const photo = { state: 'photo', contentType: 'image/png', base64: PNG_BASE64 } as const;
    const first = fakeLearn({ a: photo, b: photo });
    const book = new PhotoBook(db, first.fetchPhoto, () => now);
    await book.load([{ userId: 'a', avatarLink: '/a?version=1' }, { userId: 'b', avatarLink: '/b?version=1' }], true);
    await until(() => book.photoOf('b') !== undefined);
    book.close();
    await until(async () => (await db.photos.count()) === 2);
    expect(first.asked.sort()).toEqual(['a', 'b']);

    // A term later, the links unchanged: nothing asked. b's changed: only b.
    now += 20 * PHOTO_REFRESH_MS;
    const later = fakeLearn({ a: photo, b: photo });
    const next = new PhotoBook(db, later.fetchPhoto, () => now);
    await next.load([{ userId: 'a', avatarLink: '/a?version=1' }, { userId: 'b', avatarLink: '/b?version=2' }], true);
    await until(() => later.asked.length === 1);
    expect(later.asked).toEqual(['b']);
    next.close();
    await until(async () => (await db.photos.get('b'))?.link === '/b?version=2');
  });

  it('keeps what Learn answers and shows it next time without asking, offline or not', async () => {
    const db = await freshDb();
    let now = Date.parse('2026-11-26T09:00:00Z');
    const photo = { state: 'photo', contentType: 'image/png', base64: PNG_BASE64 } as const;
    const learn = fakeLearn({ a: photo, b: { state: 'none' }, c: { state: 'refused', reason: 'not an image' }, d: photo });
    const book = new PhotoBook(db, learn.fetchPhoto, () => now);
    await book.load(students('a', 'b', 'c', 'd'), true);
    await until(() => book.photoOf('c') !== undefined && book.photoOf('d') !== undefined);
    expect(book.photoOf('a')?.kind).toBe('photo');
    expect(book.photoOf('b')).toEqual({ kind: 'none' });
    expect(book.photoOf('c')).toEqual({ kind: 'none', reason: 'not an image' });
    book.close();
    await until(async () => (await db.photos.count()) === 4);

    // Next roll call, a day later: everything from the device, Learn not asked.
    now += 24 * 60 * 60 * 1000;
    const again = fakeLearn({});
    const next = new PhotoBook(db, again.fetchPhoto, () => now);
    await next.load(students('a', 'b', 'c', 'd'), true);
    const shown = next.photoOf('a');
    expect(shown?.kind).toBe('photo');
    if (shown?.kind === 'photo') expect(Buffer.from(await shown.blob.arrayBuffer()).subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(shown?.kind === 'photo' && shown.blob.type).toBe('image/png');
    expect(again.asked).toEqual([]);
    expect(next.photoOf('d')?.kind).toBe('photo');

    // After a week, asked again (the kept photo still shows meanwhile); offline, never asked.
    now += PHOTO_REFRESH_MS;
    const offline = fakeLearn({});
    await new PhotoBook(db, offline.fetchPhoto, () => now).load(students('a', 'b', 'c', 'd'), false);
    expect(offline.asked).toEqual([]);
    // Learn's answers held back: the kept photo shows while they are awaited.
    const asked: string[] = [];
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answers: Record<string, ResponseOf<'learn.photo'>> = { a: { state: 'none' }, b: { state: 'none' }, c: { state: 'refused', reason: 'too large' }, d: { state: 'refused', reason: 'too large' } };
    const later = new PhotoBook(db, (userId) => (asked.push(userId), held.then(() => answers[userId]!)), () => now);
    await later.load(students('a', 'b', 'c', 'd'), true);
    expect(later.photoOf('a')?.kind).toBe('photo');
    await until(() => asked.length === 3);
    release();
    await until(() => asked.length === 4);
    // Learn now has none for a (the student removed it): initials from now on. A bad answer for d keeps its photo.
    await until(() => later.photoOf('a')?.kind === 'none');
    later.close();
    await until(async () => (await db.photos.get('d'))?.fetchedAt === now);
    expect((await db.photos.get('d'))?.state).toBe('photo');
    expect(later.photoOf('d')?.kind).toBe('photo');
    db.close();
  });
});

describe('photo book failures', () => {
  it('skips a student whose answer was unusable, and stops asking once Learn is out of reach', async () => {
    const db = await freshDb();
    const asked: string[] = [];
    const fetchPhoto = (userId: string): Promise<ResponseOf<'learn.photo'>> => {
      asked.push(userId);
      if (userId === 'bad') return Promise.reject(new BridgeError('learn.photo', 'ApiError', 'Learn answered something unexpected'));
      if (userId === 'gone') return Promise.reject(new BridgeError('learn.photo', 'LearnUnreachable', 'Learn cannot be reached'));
      return Promise.resolve({ state: 'none' });
    };
    const book = new PhotoBook(db, fetchPhoto);
    // Three are asked at once, so up to two after 'gone' may already be on their way; not the rest.
    await book.load(students('bad', 'ok1', 'ok2', 'gone', 'after1', 'after2', 'after3'), true);
    await until(() => asked.includes('gone'));
    await until(() => book.photoOf('ok2') !== undefined);
    expect(book.photoOf('bad')).toBeUndefined();
    expect(asked.filter((id) => id.startsWith('after')).length).toBeLessThan(3);
    book.close();
    await until(async () => (await db.photos.count()) >= 2);
    expect((await db.photos.toCollection().primaryKeys()).sort()).toEqual(expect.arrayContaining(['ok1', 'ok2']));
    expect(await db.photos.get('bad')).toBeUndefined(); // not kept: asked again next time
    db.close();
  });
});

describe('SVG photos (a drawing can carry script)', () => {
  it('never shows an SVG kept before they were refused, and replaces it with what Learn says now', async () => {
    const db = await freshDb();
    const now = Date.parse('2026-11-26T09:00:00Z');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    await db.photos.put({ userId: 'drawn', fetchedAt: now, state: 'photo', contentType: 'image/svg+xml', bytes: svg, link: '/drawn?v=1' });
    const learn = fakeLearn({ drawn: { state: 'refused', reason: 'The photo is an SVG drawing.' } });
    const book = new PhotoBook(db, learn.fetchPhoto, () => now);
    await book.load([{ userId: 'drawn', avatarLink: '/drawn?v=1' }], true);
    await until(() => learn.asked.length === 1);
    await until(() => book.photoOf('drawn') !== undefined);
    expect(book.photoOf('drawn')).toEqual({ kind: 'none', reason: 'The photo is an SVG drawing.' });
    book.close();
    await until(async () => (await db.photos.get('drawn'))?.state === 'refused');
    expect((await db.photos.get('drawn'))?.contentType).toBeUndefined();
    db.close();
  });
});

describe('statuses at the meeting before (seating by last status)', () => {
  it('reads the latest earlier meeting of the course, not a later one or the meeting itself', async () => {
    const db = await freshDb();
    const cache = cacheRepo(db);
    await cache.putRoster(COURSE, members(3));
    const meeting = (id: number, start: string) => ({ id, courseId: COURSE, title: `L${id}`, description: '', start, end: null });
    await cache.putMeetings(COURSE, [meeting(1, '2026-09-01T09:00:00.000Z'), meeting(2, '2026-09-08T09:00:00.000Z'), meeting(3, '2026-09-15T09:00:00.000Z'), meeting(4, '2026-09-22T09:00:00.000Z')], new Date().toISOString());
    await cache.putRecords(COURSE, 1, [{ id: 11, userId: '_100_1', status: 'Present' }], new Date().toISOString());
    await cache.putRecords(COURSE, 2, [
      { id: 21, userId: '_100_1', status: 'Absent' },
      { id: 22, userId: '_101_1', status: 'Late' },
    ], new Date().toISOString());
    await cache.putRecords(COURSE, 3, [{ id: 31, userId: '_102_1', status: 'Excused' }], new Date().toISOString());
    await cache.putRecords(COURSE, 4, [{ id: 41, userId: '_100_1', status: 'Present' }], new Date().toISOString());
    expect(Object.fromEntries(await previousMarks(db, COURSE, { serverId: 3 }))).toEqual({ _100_1: 'Absent', _101_1: 'Late' });
    expect((await previousMarks(db, COURSE, { serverId: 1 })).size).toBe(0);
    db.close();
  });
});
