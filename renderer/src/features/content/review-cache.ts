import type { z } from 'zod';
import { BridgeError } from '../../bridge';
import { problemOf, type Problem } from '../../ui/problem';
import { readReview, saveReview, type RollbookDb } from '../../db';
import { t } from '../../ui/i18n';

/**
 * Every content and release read is kept in `reviewCache` (one JSON value per key), so the course
 * can be reviewed offline. A read shows Learn's answer when it can get one, else the copy saved on
 * this device marked "Offline: as of <time>". Saved values are read back through their schemas: a
 * damaged row counts as not saved rather than breaking the screen.
 */

export const KINDS = {
  children: 'content.children',
  search: 'content.search',
  item: 'content.item',
  access: 'content.access',
  rules: 'adaptiveRelease.rules',
  members: 'adaptiveRelease.members',
  groups: 'course.groups',
  groupMembers: 'course.groupMembers',
} as const;
export type Kind = (typeof KINDS)[keyof typeof KINDS];

/** What a screen shows: the value, when it was read from Learn, and whether it is a saved copy. */
export type Shown<T> = { value: T; savedAt: string; offline: boolean; problem: Problem | null } | { value: undefined; savedAt: null; offline: boolean; problem: Problem };

export interface ReadSpec<T> {
  kind: Kind;
  courseId: string;
  /** What distinguishes this read within its kind (a folder id, an item id, a filter). */
  part: string;
  schema: z.ZodType<T>;
}

export const cacheKey = (spec: Pick<ReadSpec<unknown>, 'kind' | 'courseId' | 'part'>): string => `${spec.kind}:${spec.courseId}:${spec.part}`;

export function readSaved<T>(db: RollbookDb, spec: ReadSpec<T>): Promise<{ value: T; savedAt: string } | undefined> {
  return readReview(db, cacheKey(spec), spec.schema);
}

export function save<T>(db: RollbookDb, spec: ReadSpec<T>, value: T): Promise<string> {
  return saveReview(db, { key: cacheKey(spec), courseId: spec.courseId, kind: spec.kind }, value);
}

/** Why Learn's answer is not shown, in words, with Learn's technical account for Details. */
export function whyNot(error: unknown): Problem {
  if (error instanceof BridgeError) return problemOf(error, error.message);
  // fetch() rejects with a TypeError when the host cannot be reached; anything else is a fault here.
  if (error instanceof TypeError || !(error instanceof Error)) return { message: t('content.unreachable') };
  return { message: t('content.fault'), detail: error.message };
}

/**
 * Learn's answer (saved for later) when online and it answers; else the saved copy, marked
 * offline, with the reason; else the reason alone. A refusal from Learn (403, 404) is not a
 * network problem: the saved copy is still shown, with Learn's message.
 */
export async function readThrough<T>(db: RollbookDb, spec: ReadSpec<T>, online: boolean, fetch: () => Promise<T>): Promise<Shown<T>> {
  if (online) {
    try {
      const value = await fetch();
      const savedAt = await save(db, spec, value);
      return { value, savedAt, offline: false, problem: null };
    } catch (error) {
      return fallback(db, spec, whyNot(error));
    }
  }
  return fallback(db, spec, { message: t('content.offline') });
}

async function fallback<T>(db: RollbookDb, spec: ReadSpec<T>, problem: Problem): Promise<Shown<T>> {
  const saved = await readSaved(db, spec);
  if (saved) return { ...saved, offline: true, problem };
  return { value: undefined, savedAt: null, offline: true, problem: { ...problem, message: t('content.nothingSaved', { problem: problem.message }) } };
}

/** "Offline: as of 23 Nov 2026, 09:14", as on every screen. */
export { offlineMark } from '../../ui/offline-mark';
