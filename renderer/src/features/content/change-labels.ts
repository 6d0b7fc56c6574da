import type { NewContent } from '../../../../shared/ipc/content-channels';
import { t } from '../../ui/i18n';
import { typeName } from './release-form';

/**
 * Each content change in the user's words: what the waiting list, the status bar's failures and
 * Learn's refusals name it by (`New folder "Week 3"`, `Rename rule "A" to "B"`), in the language
 * chosen when the change was made (the label is kept with the change). Also what a create's
 * `known` holds: the Learn ids already where it goes, so replay never takes one of them for the
 * thing it made.
 */

/** `words` of a thing, then where it is (`in` a folder, `on`/`of` an item) when known. */
const placed = (words: string, key: 'labels.in' | 'labels.on' | 'labels.of', where: string | undefined): string => (where ? t(key, { words, where }) : words);

export const labels = {
  newContent: (kind: NewContent['kind'], title: string, where?: string): string => placed(t('labels.newContent', { kind, title }), 'labels.in', where),
  newAssignment: (title: string, where?: string): string => placed(t('labels.newAssignment', { title }), 'labels.in', where),
  newRule: (title: string, item?: string): string => placed(t('labels.newRule', { title }), 'labels.on', item),
  renameRule: (from: string, to: string): string => t('labels.renameRule', { from, to }),
  deleteRule: (title: string, item?: string): string => placed(t('labels.deleteRule', { title }), 'labels.of', item),
  newCriterion: (type: string, rule: string): string => t('labels.newCriterion', { type: typeName(type), rule }),
  changeCriterion: (type: string, rule: string): string => t('labels.changeCriterion', { type: typeName(type), rule }),
  removeCriterion: (type: string, rule: string): string => t('labels.removeCriterion', { type: typeName(type), rule }),
  replaceList: (which: 'users' | 'groups', count: number, item?: string): string =>
    t('labels.replaceList', { list: placed(t(which === 'users' ? 'labels.usersList' : 'labels.groupsList'), 'labels.of', item), which, count }),
};

/** The Learn ids already there, from the last read of that place (none for a place made on this device). */
export function knownIds(items: readonly { id: string }[] | undefined): string[] {
  return (items ?? []).map((i) => i.id).filter((id) => !id.startsWith('local:'));
}
