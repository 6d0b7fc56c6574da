import { Dexie } from 'dexie';
import { DEFAULT_DB_NAME, RollbookDb, storeExists } from './rollbook-db';

/**
 * The database every identity shared before stores were kept per identity (`DEFAULT_DB_NAME`), moved whole into the
 * store of the first identity it provably belongs to, so no waiting change is lost and none goes
 * to another identity.
 *
 * Its rows carry no site or user, so the proof is what it holds: every course it knows (the
 * courses table, and every course an op names) must be one of the signed-in user's courses, with
 * the same Learn id and the same course id (`_12_1` and `PSYC-101-F26`). The demo's courses never
 * match a real site's in both, so demo data never goes to a real site, and a colleague without
 * those courses never gets it. A store it does not belong to is left for the next sign-in.
 */
export type LegacyOutcome = 'none' | 'moved' | 'not-theirs';

/** The row in the new store that says the move was committed (a crash before the old delete then only deletes). */
const MOVED_MARK = 'movedFromSharedStore';

/** Scopes of queued changes that are not courses: the personal calendar and system announcements. */
const NOT_COURSES = new Set(['PERSONAL', 'system']);

export interface UserCourse {
  /** Learn's primary id (`_12_1`). */
  id: string;
  /** The human course id (`PSYC-101-F26`). */
  courseId: string;
}

export async function moveSharedStore(target: RollbookDb, courses: () => Promise<readonly UserCourse[]>): Promise<LegacyOutcome> {
  if (!(await storeExists(DEFAULT_DB_NAME))) return 'none';
  if (await target.settings.get(MOVED_MARK)) {
    await Dexie.delete(DEFAULT_DB_NAME);
    return 'moved';
  }
  const legacy = new RollbookDb(DEFAULT_DB_NAME);
  try {
    await legacy.open();
    const known = await legacy.courses.toArray();
    const named = new Set((await legacy.outbox.toArray()).map((op) => op.courseId).filter((id) => !NOT_COURSES.has(id)));
    if (known.length === 0 && named.size === 0 && (await legacy.outbox.count()) === 0) {
      // Nothing of anyone's to keep (reads come back from Learn): the old store just goes.
      legacy.close();
      await Dexie.delete(DEFAULT_DB_NAME);
      return 'none';
    }
    const mine = new Map((await courses()).map((c) => [c.id, c.courseId]));
    const belongs = known.length > 0 && known.every((c) => mine.get(c.id) === c.courseId) && [...named].every((id) => mine.has(id));
    if (!belongs) return 'not-theirs';
    await copyAll(legacy, target);
  } finally {
    legacy.close();
  }
  await Dexie.delete(DEFAULT_DB_NAME);
  return 'moved';
}

/**
 * Every table's rows in one transaction with the mark. Keys are kept, except the counters of
 * history tables (sync history, undo log, Ally reports) when the identity already has rows there:
 * those get new numbers after its own rather than overwrite them.
 */
async function copyAll(from: RollbookDb, to: RollbookDb): Promise<void> {
  const tables = from.tables.map((t) => t.name);
  const rows = new Map<string, Record<string, unknown>[]>();
  for (const name of tables) rows.set(name, await from.table<Record<string, unknown>>(name).toArray());
  await to.transaction('rw', tables.map((name) => to.table(name)), async () => {
    for (const name of tables) {
      const table = to.table<Record<string, unknown>>(name);
      const { auto, keyPath } = table.schema.primKey;
      let batch = rows.get(name) ?? [];
      if (auto && typeof keyPath === 'string' && (await table.count()) > 0) batch = batch.map(({ [keyPath]: _dropped, ...row }) => row);
      await table.bulkPut(batch);
    }
    await to.settings.put({ key: MOVED_MARK, value: new Date().toISOString() });
  });
}
