import type { AttendanceStatus } from '../api/attendance';
import { byName, type NamedPerson } from './name-order';

/**
 * The roll call's seating orders:
 * - `name`: last name, then given name, in the user's language (name-order.ts);
 * - `last-status`: by the status at the meeting before, absent first (then late, excused,
 *   present, and those with none), so the instructor sees first whom to check on; by name within;
 * - `random`: shuffled, but the same every time for one meeting (seeded by the meeting), so rows
 *   do not move while roll is taken or when the screen is opened again.
 */
export const SEATING_ORDERS = ['name', 'last-status', 'random'] as const;
export type SeatingOrder = (typeof SEATING_ORDERS)[number];

const LAST_STATUS_RANK: Readonly<Record<AttendanceStatus, number>> = { Absent: 0, Late: 1, Excused: 2, Present: 3 };

export interface SeatingInput {
  /** Statuses at the meeting before, by user id (for `last-status`). */
  previous?: ReadonlyMap<string, AttendanceStatus>;
  /** What the random order is seeded with: the meeting's key. */
  seed?: string;
  locale?: string | readonly string[];
}

type Seated = NamedPerson & { userId: string };

/** A copy of `people` in the chosen order. */
export function seat<T extends Seated>(people: readonly T[], order: SeatingOrder, input: SeatingInput = {}): T[] {
  const names = byName(input.locale);
  if (order === 'last-status') {
    const rank = (p: T): number => {
      const status = input.previous?.get(p.userId);
      return status ? LAST_STATUS_RANK[status] : 4;
    };
    return [...people].sort((a, b) => rank(a) - rank(b) || names(a, b));
  }
  if (order === 'random') {
    const seed = input.seed ?? '';
    const keyed = people.map((p) => ({ p, key: hash32(`${seed}\u0000${p.userId}`) }));
    return keyed.sort((a, b) => a.key - b.key || names(a.p, b.p)).map((k) => k.p);
  }
  return [...people].sort(names);
}

/** FNV-1a, 32 bits: a stable, well-spread number per (meeting, student). */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
