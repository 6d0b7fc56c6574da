import type { UndoOutcome } from '../../db';
import { t } from '../../ui/i18n';

/**
 * What an undo did, in the toast's words: who is back as before (a student by name when it is
 * one), whether Learn follows, and what was kept. `nameOf`: a student's name by user id.
 */
export function undoneWords(outcome: UndoOutcome, nameOf: (userId: string) => string | undefined): string {
  const parts: string[] = [];
  const [only] = outcome.undone;
  if (outcome.restored > 0) {
    const learn = outcome.cleared > 0 ? 'yes' : 'no';
    const name = outcome.restored === 1 && only ? nameOf(only.userId) : undefined;
    parts.push(name ? t('rollcall.undoneStudent', { name, learn }) : t('rollcall.undoneStudents', { count: outcome.restored, learn }));
  }
  if (outcome.changedSince > 0) parts.push(t('rollcall.changedSince', { count: outcome.changedSince }));
  if (outcome.notUndoable > 0) parts.push(t('rollcall.notUndoable', { count: outcome.notUndoable }));
  return parts.length > 0 ? parts.reduce((before, after) => t('rollcall.andThen', { before, after })) : t('rollcall.nothingToUndo');
}
