import type { UndoOutcome } from '../../db';

/** "1 student", "300 students". */
export function students(n: number): string {
  return n === 1 ? '1 student' : `${n} students`;
}

/**
 * What an undo did, in the toast's words: who is back as before (a student by name when it is
 * one), whether Learn follows, and what was kept. `nameOf`: a student's name by user id.
 */
export function undoneWords(outcome: UndoOutcome, nameOf: (userId: string) => string | undefined): string {
  const parts: string[] = [];
  const [only] = outcome.undone;
  if (outcome.restored > 0) {
    const who = outcome.restored === 1 && only ? (nameOf(only.userId) ?? '1 student') : students(outcome.restored);
    const learn = outcome.cleared > 0 ? ', here and in Learn at the next sync' : '';
    parts.push(`Undone: ${who} back as before${learn}`);
  }
  if (outcome.changedSince > 0) parts.push(`${students(outcome.changedSince)} changed since, by an import or in Learn, kept as they are`);
  if (outcome.notUndoable > 0) parts.push(`${students(outcome.notUndoable)} kept: Learn had a status before that Rollbook cannot send back`);
  return parts.length > 0 ? parts.join('; ') : 'Nothing to undo';
}
