import type { RollbookDb } from '../../db';
import { earlyListHere, listsEverRead } from './early-read';
import { readCoursesAndMeetings, type LearnRead } from './today-refresh';

/**
 * A first start on this device (no Learn lists ever written for the identity): the early read's
 * answers are stored as the identity's store opens, before the screens get it. Today then finds
 * the courses with its first read of the store, instead of reading an empty store, painting
 * "Reading Learn", waiting a frame, writing, and reading the store again
 * (docs/decisions/start-up.md).
 *
 * A start with lists on the device is untouched: Today paints the device's copy first, then asks
 * Learn. The screens never wait for Learn itself: only when the course list is already here, for
 * its first write (with the meetings already here), and at most FIRST_LISTS_WAIT_MS. Meetings
 * still on their way come while the screens mount; Today takes the rest of the read
 * (`takeFirstRead`) and shows its lists once they are all in, so nothing is asked twice and no
 * card moves.
 */
export const FIRST_LISTS_WAIT_MS = 1_000;

const firstReads = new WeakMap<RollbookDb, Promise<LearnRead>>();

/** Starts storing the early lists in the store that just opened, on a first start; resolves once the course list is in, or when the wait is over. */
export function storeFirstLists(db: RollbookDb, identityKey: string): Promise<void> {
  if (listsEverRead(identityKey) || !earlyListHere(identityKey)) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_LISTS_WAIT_MS);
    // No site check yet: Today asks for it only when Learn refuses a course.
    const read = readCoursesAndMeetings(db, identityKey, () => undefined, () => resolve());
    // A failed read is Today's to report (it takes the same promise): the screens just stop waiting.
    read.then(() => resolve(), () => resolve());
    firstReads.set(db, read);
  }).finally(() => clearTimeout(timer));
}

/** The read `storeFirstLists` started for this store, for Today's first refresh; taken once. */
export function takeFirstRead(db: RollbookDb): Promise<LearnRead> | undefined {
  const read = firstReads.get(db);
  firstReads.delete(db);
  return read;
}
