import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { attendanceRepo, attendanceSheet, confirmImport, expandOutbox, importsOf, outboxRepo, undoImport, type RollbookDb } from '../../renderer/src/db';
import { importRequestOf } from '../../renderer/src/features/attendance-csv/import-request';
import { planFile } from '../../shared/csv/pipeline';
import { COURSE, seededCourse } from './csv-course-db';
import { fixture } from './csv-support';

/**
 * Confirming a preview writes records and outbox ops exactly like roll-call taps, all in one
 * transaction; undo takes the whole import back while Learn has not got it.
 */
const seeded = (): Promise<RollbookDb> =>
  seededCourse([
    { id: 50001, userId: '_101_1', status: 'Present' },
    { id: 50002, userId: '_102_1', status: 'Absent' },
  ]);

async function importFixture(db: RollbookDb, name: string, create = new Set<number>()) {
  const sheet = await attendanceSheet(db, COURSE, 'PSYC-101-F26');
  const f = planFile(fixture(name), sheet);
  return confirmImport(db, importRequestOf(COURSE, name, f.planner.items, f.planner.missing, create));
}

const statusesOf = async (db: RollbookDb) => Object.fromEntries((await db.attendanceRecords.toArray()).map((r) => [`${r.meetingKey} ${r.userId}`, r.status]));

describe('confirming an import', () => {
  it('writes each new or changed record with its op, skips unchanged ones, and records the import', async () => {
    const db = await seeded();
    const done = await importFixture(db, 'grid-excel-bom-crlf.csv');
    expect(done).toMatchObject({ written: 7, meetingsCreated: 0 });
    expect(await statusesOf(db)).toMatchObject({ '1001 _101_1': 'Present', '1001 _102_1': 'Present', '1002 _101_1': 'Late', '1003 _103_1': 'Absent' });
    const ops = expandOutbox(await db.outbox.toArray()).map((o) => o.op);
    expect(ops).toHaveLength(7);
    expect(ops.find((o) => o.kind === 'record.set' && o.userId === '_102_1' && 'serverId' in o.meeting && o.meeting.serverId === 1001)).toMatchObject({ status: 'Present', baseStatus: 'Absent' });
    const [row] = await importsOf(db, COURSE);
    expect(row).toMatchObject({ fileName: 'grid-excel-bom-crlf.csv', counts: { new: 6, changed: 1, unchanged: 1, error: 0 }, waiting: 7, sent: 0 });
    expect(row?.changes.find((c) => c.userId === '_102_1' && c.meetingKey === '1001')?.before).toBe('Absent');
  });

  it('creates the missing meeting the user chose, in the same transaction, with the records pointing at it', async () => {
    const db = await seeded();
    const done = await importFixture(db, 'bad-rows.csv', new Set([0]));
    expect(done).toMatchObject({ written: 2, meetingsCreated: 1 });
    const trip = (await db.meetings.toArray()).find((m) => m.title === 'Field trip');
    expect(trip?.serverId).toBeUndefined();
    const ops = expandOutbox(await db.outbox.orderBy('opId').toArray()).map((o) => o.op);
    expect(ops.map((o) => o.kind)).toEqual(['meeting.create', 'record.set', 'record.set']);
    expect(ops[1]).toMatchObject({ meeting: { localId: trip?.key }, userId: '_103_1', status: 'Present', baseStatus: null });
  });

  it('writes nothing at all when any part fails', async () => {
    const db = await seeded();
    const sheet = await attendanceSheet(db, COURSE, 'PSYC-101-F26');
    const f = planFile(fixture('bad-rows.csv'), sheet);
    const request = importRequestOf(COURSE, 'bad-rows.csv', f.planner.items, f.planner.missing, new Set([0]));
    const broken = { ...request, existing: new Map([['1003', [{ userId: '_101_1', status: 'Late' as const }]]]), created: request.created.map((c) => ({ ...c, fields: { ...c.fields, title: '' } })) };
    await expect(confirmImport(db, broken)).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.imports.count()).toBe(0);
    expect(await db.meetings.count()).toBe(3);
    expect((await statusesOf(db))['1003 _101_1']).toBeUndefined();
  });

  it('writes nothing when a row further in is invalid, after earlier rows were already valid', async () => {
    const db = await seeded();
    const bad = 'Here' as unknown as 'Present';
    const request = {
      courseId: COURSE,
      fileName: 'odd.csv',
      existing: new Map([['1003', [{ userId: '_101_1', status: 'Late' as const }, { userId: '_102_1', status: bad }]]]),
      created: [],
      counts: { new: 2, changed: 0, unchanged: 0, error: 0 },
    };
    await expect(confirmImport(db, request)).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.imports.count()).toBe(0);
    expect((await statusesOf(db))['1003 _101_1']).toBeUndefined();
  });

  it('refuses a preview whose meeting was deleted since, naming the fix', async () => {
    const db = await seeded();
    const sheet = await attendanceSheet(db, COURSE, 'PSYC-101-F26');
    const f = planFile(fixture('email-tab.csv'), sheet);
    await db.meetings.update('1003', { deleted: true });
    await expect(confirmImport(db, importRequestOf(COURSE, 'email-tab.csv', f.planner.items, f.planner.missing, new Set()))).rejects.toThrow(/preview the file again/);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('undoing an import', () => {
  it('before sync: withdraws every op, puts back every status and removes the meeting it created', async () => {
    const db = await seeded();
    const before = await statusesOf(db);
    const { id } = await importFixture(db, 'grid-excel-bom-crlf.csv');
    await importFixture(db, 'bad-rows.csv', new Set([0]));
    const trip = (await importsOf(db, COURSE))[0]!;
    expect(await undoImport(db, trip.id)).toMatchObject({ restored: 2, notUndoable: 0, meetingsRemoved: 1, changedSince: 0, meetingsKept: 0 });
    expect((await db.meetings.toArray()).map((m) => m.title)).not.toContain('Field trip');

    expect(await undoImport(db, id)).toMatchObject({ restored: 7, notUndoable: 0, meetingsRemoved: 0, changedSince: 0, meetingsKept: 0 });
    expect(await statusesOf(db)).toEqual(before);
    expect(await outboxRepo(db).pending()).toEqual([]);
    const list = await importsOf(db, COURSE);
    expect(list.every((i) => i.undoneAt !== undefined && i.waiting === 0)).toBe(true);
    await expect(undoImport(db, id)).rejects.toThrow('already undone');
  });

  it('after part of it synced: sends back what Learn had, and clears on Learn what had no status', async () => {
    const db = await seeded();
    const { id } = await importFixture(db, 'grid-excel-bom-crlf.csv');
    const sent = await outboxRepo(db).pending();
    // Learn applied two of the seven: Jürgen's change (he was Absent) and one new mark (no status before).
    const jurgen = sent.find((o) => o.kind === 'record.set' && o.userId === '_102_1' && o.status === 'Present')!;
    const fresh = sent.find((o) => o.kind === 'record.set' && o.userId === '_103_1' && o.status === 'Absent')!;
    await outboxRepo(db).applyResults([
      { opId: jurgen.opId, outcome: 'done', serverRecordId: 50002, serverStatus: 'Present' },
      { opId: fresh.opId, outcome: 'done', serverRecordId: 50100, serverStatus: 'Absent' },
    ]);
    expect((await importsOf(db, COURSE))[0]).toMatchObject({ waiting: 5, sent: 2 });

    expect(await undoImport(db, id)).toMatchObject({ restored: 7, notUndoable: 0, meetingsRemoved: 0, changedSince: 0, meetingsKept: 0 });
    const pending = await outboxRepo(db).pending();
    // Jürgen back to Absent, based on what Learn now has; Renée had no status: her record is cleared on Learn.
    expect(pending).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'record.set', userId: '_102_1', status: 'Absent', baseStatus: 'Present' }),
        expect.objectContaining({ kind: 'record.clear', baseStatus: 'Absent' }),
      ]),
    );
    expect(pending).toHaveLength(2);
    expect((await statusesOf(db))['1003 _103_1']).toBeUndefined();
  });

  it('keeps a meeting it created when the user took roll there since, with that tap', async () => {
    const db = await seeded();
    const { id } = await importFixture(db, 'bad-rows.csv', new Set([0]));
    const trip = (await db.meetings.toArray()).find((m) => m.title === 'Field trip')!;
    // After the import, the instructor marks a student the file did not name.
    await attendanceRepo(db).setStatus(COURSE, { localId: trip.key }, '_104_1', 'Excused');

    expect(await undoImport(db, id)).toMatchObject({ restored: 2, notUndoable: 0, meetingsRemoved: 0, changedSince: 0, meetingsKept: 0 });
    expect((await db.meetings.toArray()).map((m) => m.title)).toContain('Field trip');
    expect(Object.entries(await statusesOf(db)).filter(([k]) => k.startsWith(trip.key))).toEqual([[`${trip.key} _104_1`, 'Excused']]);
    const pending = await outboxRepo(db).pending();
    expect(pending.map((o) => o.kind)).toEqual(['meeting.create', 'record.set']);
    expect(pending[1]).toMatchObject({ userId: '_104_1', status: 'Excused' });
  });

  it('keeps a status the user changed again after the import, and sends that one', async () => {
    const db = await seeded();
    const { id } = await importFixture(db, 'grid-excel-bom-crlf.csv');
    const imported = (await outboxRepo(db).pending()).find((o) => o.kind === 'record.set' && o.userId === '_102_1')!;
    if (imported.kind !== 'record.set') throw new Error('expected a record op');
    // After the import, the instructor taps Jürgen as Late on the roll call.
    await attendanceRepo(db).setStatus(COURSE, imported.meeting, '_102_1', 'Late');

    const out = await undoImport(db, id);
    expect(out).toMatchObject({ restored: 6, changedSince: 1 });
    const key = 'serverId' in imported.meeting ? String(imported.meeting.serverId) : '';
    expect((await statusesOf(db))[`${key} _102_1`]).toBe('Late');
    // What will reach Learn for him is the tap, not the status from before the import.
    const his = (await outboxRepo(db).pending()).filter((o) => o.kind === 'record.set' && o.userId === '_102_1' && JSON.stringify(o.meeting) === JSON.stringify(imported.meeting));
    expect(his.at(-1)).toMatchObject({ status: 'Late' });
  });
});
