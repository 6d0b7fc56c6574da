import type { NewContent } from '../../../../shared/ipc/content-channels';
import { typeName } from './release-form';

/**
 * Each content change in the user's words: what the waiting list, the status bar's failures and
 * Learn's refusals name it by (`New folder "Week 3"`, `Rename rule "A" to "B"`). Also what a
 * create's `known` holds: the Learn ids already where it goes, so replay never takes one of them
 * for the thing it made.
 */

const KIND_WORDS: Record<NewContent['kind'], string> = { folder: 'folder', document: 'document', link: 'web link' };
const inside = (where: string | undefined): string => (where ? ` in "${where}"` : '');
const on = (item: string | undefined): string => (item ? ` of "${item}"` : '');
const typeWords = (type: string): string => typeName(type).toLowerCase();

export const labels = {
  newContent: (kind: NewContent['kind'], title: string, where?: string): string => `New ${KIND_WORDS[kind]} "${title}"${inside(where)}`,
  newAssignment: (title: string, where?: string): string => `New assignment "${title}"${inside(where)}`,
  newRule: (title: string, item?: string): string => `New release rule "${title}"${item ? ` on "${item}"` : ''}`,
  renameRule: (from: string, to: string): string => `Rename rule "${from}" to "${to}"`,
  deleteRule: (title: string, item?: string): string => `Delete rule "${title}"${on(item)}`,
  newCriterion: (type: string, rule: string): string => `New ${typeWords(type)} criterion in rule "${rule}"`,
  changeCriterion: (type: string, rule: string): string => `Change the ${typeWords(type)} criterion of rule "${rule}"`,
  removeCriterion: (type: string, rule: string): string => `Remove the ${typeWords(type)} criterion of rule "${rule}"`,
  replaceList: (which: 'users' | 'groups', count: number, item?: string): string => `Replace the ${which} list${on(item)} (${count} ${count === 1 ? which.slice(0, -1) : which})`,
};

/** The Learn ids already there, from the last read of that place (none for a place made on this device). */
export function knownIds(items: readonly { id: string }[] | undefined): string[] {
  return (items ?? []).map((i) => i.id).filter((id) => !id.startsWith('local:'));
}
