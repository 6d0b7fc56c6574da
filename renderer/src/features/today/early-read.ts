import PQueue from 'p-queue';
import { invoke } from '../../bridge';
import type { MyCourse } from '../../../../shared/ipc/contract';
import { FRESH_FOR_MS } from '../../db/read-freshness';
import type { Meeting } from '../../../../shared/api/attendance';

/**
 * Learn's lists for Today, asked for as soon as the host names who signed in (a quick
 * start): the course list, then each course's meetings, travel while that identity's store opens
 * and Today paints the device's copy, instead of after. Nothing is written here: Today's first
 * read takes the answers (once, for the same identity, while fresh) and stores them through the
 * same writer and its rules (`readSince` is when each meetings request left).
 */
export interface EarlyLists {
  courses: Promise<MyCourse[]>;
  /** By course id: the meetings asked for early (courses Today would ask for: no organisations, no cross-listed children). */
  meetings: Map<string, Promise<{ meetings: Meeting[]; readSince: string }>>;
  /** By course id: the meetings answers already here (Today writes them with the course list, in one transaction). */
  arrived: Map<string, { meetings: Meeting[]; readSince: string }>;
  /** Learn's course list is here, and each course's meetings asked for. */
  listed: boolean;
}

/** Meetings asked side by side: the figures come in one go, and a course list of 30 does not flood the host. */
export const MEETINGS_AT_ONCE = 6;

/** A course whose meetings Today reads: not an organisation, not a cross-listed child (its parent holds its attendance). */
export function hasOwnMeetings(course: Pick<MyCourse, 'organization' | 'parentId'>): boolean {
  return !course.organization && course.parentId === undefined;
}

/** A course's meetings from Learn, with when the request left (the writer's `readSince`). */
export async function askMeetings(courseId: string): Promise<{ meetings: Meeting[]; readSince: string }> {
  const readSince = new Date().toISOString();
  return { meetings: (await invoke('learn.meetings', { courseId })).meetings, readSince };
}

/** An early read older than this is not used: Today asks Learn itself. */
const EARLY_FRESH_MS = 15_000;

let early: (EarlyLists & { identityKey: string; startedAt: number }) | undefined;

/**
 * When Today last wrote Learn's lists for an identity, kept where the early read can see it before
 * the identity's store is open (localStorage): a start within FRESH_FOR_MS of it asks Learn nothing early.
 */
const listsReadItem = (identityKey: string): string => `rollbook.listsRead:${identityKey}`;

export function noteListsRead(identityKey: string, now = Date.now()): void {
  try {
    globalThis.localStorage?.setItem(listsReadItem(identityKey), String(now));
  } catch {
    // Storage refused: the next start reads early, as before.
  }
}

function listsReadRecently(identityKey: string, now = Date.now()): boolean {
  const at = Number(globalThis.localStorage?.getItem(listsReadItem(identityKey)) ?? Number.NaN);
  return at <= now && now - at < FRESH_FOR_MS;
}

/** Whether Today ever wrote Learn's lists for this identity on this device (so far as this page's storage says). */
export function listsEverRead(identityKey: string): boolean {
  try {
    return globalThis.localStorage?.getItem(listsReadItem(identityKey)) != null;
  } catch {
    return true; // Storage refused: no first start can be told apart, so none is treated as one.
  }
}

/** Starts the early read for the identity just signed in, unless Today read Learn's lists within the last few minutes. */
export function readLearnEarly(identityKey: string): void {
  if (listsReadRecently(identityKey)) return;
  const queue = new PQueue({ concurrency: MEETINGS_AT_ONCE });
  const meetings: EarlyLists['meetings'] = new Map();
  const arrived: EarlyLists['arrived'] = new Map();
  const lists = { identityKey, startedAt: Date.now(), meetings, arrived, listed: false };
  const courses = invoke('learn.myCourses', {}).then(({ courses: list }) => {
    for (const course of list) {
      if (!hasOwnMeetings(course)) continue;
      const answer = queue.add(() => askMeetings(course.id));
      // Whoever takes it sees the failure; untaken, it must not be an unhandled rejection.
      answer.then((read) => arrived.set(course.id, read), () => undefined);
      meetings.set(course.id, answer);
    }
    lists.listed = true;
    return list;
  });
  courses.catch(() => undefined);
  early = Object.assign(lists, { courses });
}

const freshFor = (identityKey: string): typeof early => (early && early.identityKey === identityKey && Date.now() - early.startedAt < EARLY_FRESH_MS ? early : undefined);

/** The early read for this identity, if there is a fresh one; taken once. */
export function takeEarlyLists(identityKey: string): EarlyLists | undefined {
  const taken = freshFor(identityKey);
  early = undefined;
  return taken;
}

/** Whether a fresh early read for this identity has its course list here (not taken). */
export function earlyListHere(identityKey: string): boolean {
  return freshFor(identityKey)?.listed === true;
}
