import type { CourseGroup } from '../../../shared/api/users';
import type { CourseGroupName } from '../../../shared/ipc/contract';
import type { LearnClient } from './learn-client';
import type { FieldName } from './paging';

/**
 * Every group of a course that a person may name (adaptive release's Memberships criteria hold
 * group ids), the groups inside group sets included. Learn's "Get Groups" lists only top-level
 * groups, and may list the sets among them without marking them (GroupV2 has no kind), so the
 * sets are read too: their ids leave the top-level list (a criterion cannot name a set, the vendor's
 * adaptive release page) and each set's groups join it. Requests: the top-level list and the sets
 * side by side, then one list per set; each item only the fields a name needs.
 */

const NAME_FIELDS: readonly FieldName<CourseGroup>[] = ['id', 'externalId', 'name'];

/** Shown for a group Learn gives without a name (GroupV2's name is optional). */
const NO_NAME = 'A group without a name';

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

function named(g: Partial<CourseGroup>): CourseGroupName | undefined {
  if (!g.id) return undefined;
  return { id: g.id, ...(g.externalId ? { externalId: g.externalId } : {}), name: g.name ?? NO_NAME };
}

export async function readCourseGroupNames(learn: LearnClient, courseId: string): Promise<CourseGroupName[]> {
  const [topLevel, sets] = await Promise.all([
    all(learn.courses.listGroups(courseId, { fields: NAME_FIELDS })),
    all(learn.courses.listGroupSets(courseId, { fields: ['id'] })),
  ]);
  const setIds = new Set(sets.flatMap((s) => (s.id ? [s.id] : [])));
  const inSets = await Promise.all([...setIds].map((setId) => all(learn.courses.listGroupSetGroups(courseId, setId, { fields: NAME_FIELDS }))));
  const groups = new Map<string, CourseGroupName>();
  for (const g of [...topLevel.filter((g) => !setIds.has(g.id ?? '')), ...inSets.flat()]) {
    const group = named(g);
    if (group) groups.set(group.id, group);
  }
  return [...groups.values()];
}
