import 'fake-indexeddb/auto'; // first: Dexie looks for indexedDB when it loads
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheRepo, corruptRows, courseRoster, keepPhotos, openIdentityStore, openRollbookDb, RollbookDb, storeNameOf } from '../../renderer/src/db';
import { openRow, openRowNow, sealRow, sealRowNow, SealedRowError, SEALED } from '../../renderer/src/db/sealed-row';
import { COURSE, testStoreKey } from './db-fixtures';

/**
 * Rows sealed at rest (renderer/src/db/at-rest.ts): what the repositories write comes back the
 * same, what IndexedDB holds names no student, a row changed outside Rollbook or opened with
 * another key is left out with a plain reason (never a crash), and a store from before sealing is
 * read, then sealed.
 */
const IDENTITY = 'site-00112233445566778899aabb';
const STUDENTS = [
  { userId: '_201_1', userName: 'zoe.quartz', givenName: 'Zoë', familyName: 'Quartermaine', studentId: 'S-7741-2093', email: 'zoe.quartz@students.example.edu', role: 'Student' },
  { userId: '_202_1', userName: 'abe.lincolnshire', givenName: 'Abe', familyName: 'Abernathy', studentId: 'S-1180-5521', email: 'abe.aber@students.example.edu', role: 'Student' },
];
const PHOTO = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 250, 251, 252]);
const SECRETS = ['Quartermaine', 'Abernathy', 'zoe.quartz', 'S-7741-2093', 'students.example.edu', 'Zoë', 'Psychology'];

/** Every byte IndexedDB holds for the store, as a page without the key reads it: raw, no Dexie, no middleware. */
async function rawDump(name: string): Promise<string> {
  const plain = new RollbookDb(name);
  await plain.open();
  try {
    const parts: string[] = [];
    for (const table of plain.tables) {
      for (const row of await table.toArray()) parts.push(JSON.stringify(row, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : v)));
    }
    return parts.join('\n');
  } finally {
    plain.close();
  }
}

async function fillStore(db: RollbookDb): Promise<void> {
  const cache = cacheRepo(db);
  await cache.putCourses([{ id: COURSE, courseId: 'PSYC-101', name: 'Psychology', ultra: true, organization: false, role: 'Instructor' }]);
  await cache.putRoster(COURSE, STUDENTS);
  await keepPhotos(db, [{ userId: '_201_1', fetchedAt: 1, state: 'photo', contentType: 'image/png', bytes: PHOTO }]);
  await db.attendanceRecords.put({ courseId: COURSE, meetingKey: '1001', userId: '_201_1', status: 'Present', baseStatus: null, savedAt: '2026-11-28T10:00:00.000Z' });
  await db.undoLog.add({ courseId: COURSE, meetingKey: '1001', at: '2026-11-28T10:00:00.000Z', changes: [{ userId: '_201_1', before: null, opId: 'op-1', after: 'Present' }] });
}

afterEach(async () => {
  await Dexie.delete(storeNameOf(IDENTITY));
});

describe('rows sealed at rest', () => {
  it('come back as written, in name order, photos byte for byte, while IndexedDB holds no name, user name, email, student id or photo', async () => {
    const key = await testStoreKey();
    const db = await openIdentityStore(IDENTITY, key);
    await fillStore(db);
    expect((await courseRoster(db, COURSE)).map((s) => s.familyName)).toEqual(['Abernathy', 'Quartermaine']);
    expect(await db.rosterMembers.get([COURSE, '_201_1'])).toMatchObject(STUDENTS[0]!);
    expect((await db.photos.get('_201_1'))?.bytes).toEqual(PHOTO);
    // A filter reads through a cursor: its rows are opened too.
    expect((await db.rosterMembers.filter((m) => m.courseId === COURSE).toArray()).map((m) => m.email).sort()).toEqual([STUDENTS[1]!.email, STUDENTS[0]!.email]);
    expect(await db.attendanceRecords.where('meetingKey').equals('1001').first()).toMatchObject({ status: 'Present' });
    expect(await db.undoLog.toArray()).toEqual([expect.objectContaining({ changes: [expect.objectContaining({ userId: '_201_1', after: 'Present' })] })]);
    db.close();

    const raw = await rawDump(storeNameOf(IDENTITY));
    for (const secret of SECRETS) expect(raw.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(raw).not.toContain(Buffer.from(PHOTO).toString('latin1'));
    // The ids the indexes need stay: the store still answers by course, meeting and student id.
    expect(raw).toContain('_201_1');
    // The roll call's rows are sealed too: no status, no undo step, readable without the key.
    expect(raw).not.toMatch(/Present|"status"|"changes"/);
  });

  it('seals the roll call’s rows at once and the roster’s with WebCrypto in one format: either opens what the other sealed', async () => {
    const key = await testStoreKey();
    const row = { courseId: COURSE, meetingKey: '1001', userId: '_201_1', status: 'Late', baseStatus: null };
    const clear = new Set(['courseId', 'meetingKey', 'userId']);
    const atOnce = sealRowNow(key, 'attendanceRecords', row, clear, new Set());
    expect(Object.keys(atOnce).sort()).toEqual([SEALED, 'courseId', 'meetingKey', 'userId']);
    expect(await openRow(key, 'attendanceRecords', atOnce as never)).toEqual(row);
    expect(openRowNow(key, 'attendanceRecords', (await sealRow(key, 'attendanceRecords', row, clear, new Set())) as never)).toEqual(row);
    // Read again (from the opened rows kept in memory): the same row, in objects of its own.
    const first = openRowNow(key, 'attendanceRecords', atOnce as never);
    first.status = 'Absent';
    expect(openRowNow(key, 'attendanceRecords', atOnce as never)).toEqual(row);
    // Another table's name, a changed byte or another key: it does not open, with the same plain reason.
    expect(() => openRowNow(key, 'conflicts', atOnce as never)).toThrow(SealedRowError);
    const bytes = (atOnce[SEALED] as Uint8Array).slice();
    bytes[14]! ^= 1;
    expect(() => openRowNow(key, 'attendanceRecords', { ...atOnce, [SEALED]: bytes })).toThrow(/could not be read/);
    const other = await testStoreKey();
    expect(() => openRowNow(other, 'attendanceRecords', atOnce as never)).toThrow(SealedRowError);
  });

  it('refuses a tampered row with a plain reason, and the screens skip it instead of failing', async () => {
    const key = await testStoreKey();
    const sealed = await sealRow(key, 'rosterMembers', { ...STUDENTS[0]!, courseId: COURSE, sortName: 'x' }, new Set(['courseId', 'userId']), new Set(['sortName']));
    const bytes = (sealed[SEALED] as Uint8Array).slice();
    bytes[bytes.length - 20]! ^= 1;
    await expect(openRow(key, 'rosterMembers', { ...sealed, [SEALED]: bytes })).rejects.toThrow(SealedRowError);
    await expect(openRow(key, 'rosterMembers', { ...sealed, [SEALED]: bytes })).rejects.toThrow(/could not be read: it was changed outside Rollbook/);
    // Sealed for another table: does not open either.
    await expect(openRow(key, 'photos', sealed as Record<string, unknown> & { $sealed: Uint8Array<ArrayBuffer> })).rejects.toThrow(SealedRowError);

    const db = await openIdentityStore(IDENTITY, key);
    await fillStore(db);
    db.close();
    const plain = await openRollbookDb(storeNameOf(IDENTITY));
    const row = (await plain.rosterMembers.get([COURSE, '_201_1'])) as unknown as Record<string, Uint8Array>;
    row[SEALED]![30]! ^= 0xff;
    await plain.rosterMembers.put(row as never);
    plain.close();

    const again = await openIdentityStore(IDENTITY, key);
    expect((await courseRoster(again, COURSE)).map((s) => s.familyName)).toEqual(['Abernathy']);
    expect(await corruptRows(again)).toEqual([expect.objectContaining({ table: 'rosterMembers', problem: expect.stringMatching(/could not be read/) })]);
    again.close();
  });

  it('opened with another key (a key the host forgot or replaced): nothing shows, nothing crashes, each unreadable row is named in words, and nothing is lost', async () => {
    const key = await testStoreKey();
    const db = await openIdentityStore(IDENTITY, key);
    await fillStore(db);
    db.close();
    const other = await openIdentityStore(IDENTITY, await testStoreKey());
    expect(await courseRoster(other, COURSE)).toEqual([]);
    expect(await corruptRows(other)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table: 'courses', problem: expect.stringMatching(/could not be read: it was changed outside Rollbook or saved under another sign-in/) }),
        expect.objectContaining({ table: 'rosterMembers', problem: expect.stringMatching(/could not be read/) }),
      ]),
    );
    other.close();
    // Reading with the wrong key rewrote nothing: the right key opens every row again.
    const again = await openIdentityStore(IDENTITY, key);
    expect((await courseRoster(again, COURSE)).map((s) => s.familyName)).toEqual(['Abernathy', 'Quartermaine']);
    expect((await again.photos.get('_201_1'))?.bytes).toEqual(PHOTO);
    expect(await corruptRows(again)).toEqual([]);
    again.close();
  });

  it('reads a store written before sealing, then seals every row of it on the first open', async () => {
    const before = await openRollbookDb(storeNameOf(IDENTITY));
    await fillStore(before);
    before.close();
    expect(await rawDump(storeNameOf(IDENTITY))).toContain('Quartermaine');

    const key = await testStoreKey();
    const db = await openIdentityStore(IDENTITY, key);
    expect((await courseRoster(db, COURSE)).map((s) => s.familyName)).toEqual(['Abernathy', 'Quartermaine']);
    expect((await db.photos.get('_201_1'))?.bytes).toEqual(PHOTO);
    db.close();
    const raw = await rawDump(storeNameOf(IDENTITY));
    for (const secret of SECRETS) expect(raw.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(raw).not.toContain('Present');
  });

  it('seals, on the first open, the roll call’s rows a store kept clear when only the roster was sealed', async () => {
    const key = await testStoreKey();
    const before = await openIdentityStore(IDENTITY, key);
    await fillStore(before);
    before.close();
    // As the first sealing left a store: the roster sealed, the mark of that time, a mark in clear.
    const plain = await openRollbookDb(storeNameOf(IDENTITY));
    await plain.settings.clear();
    await plain.settings.put({ key: 'sealedAtRest', value: '2026-11-28T09:00:00.000Z' });
    await plain.attendanceRecords.clear();
    await plain.attendanceRecords.put({ courseId: COURSE, meetingKey: '1001', userId: '_201_1', status: 'Excused', baseStatus: null, savedAt: '2026-11-28T10:00:00.000Z' });
    plain.close();
    expect(await rawDump(storeNameOf(IDENTITY))).toContain('Excused');

    const db = await openIdentityStore(IDENTITY, key);
    expect(await db.attendanceRecords.get(['1001', '_201_1'])).toMatchObject({ status: 'Excused' });
    expect((await courseRoster(db, COURSE)).map((s) => s.familyName)).toEqual(['Abernathy', 'Quartermaine']);
    db.close();
    expect(await rawDump(storeNameOf(IDENTITY))).not.toContain('Excused');
  });
});
