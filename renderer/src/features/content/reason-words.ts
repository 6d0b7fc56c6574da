import type { ReleaseReason } from '../../../../shared/domain/release-window';
import { t } from '../../ui/i18n';

/**
 * Why students do not (or may not) see an item, in the instructor's language: shared/domain gives
 * the reason as a message and its values, and the folder it lies in, if not in the item itself.
 */
export function reasonWords(reason: ReleaseReason): string {
  const own = 'values' in reason ? t(reason.key, reason.values) : t(reason.key);
  const folder = reason.folder;
  if (folder === undefined) return own;
  switch (reason.key) {
    case 'content.why.hidden':
      return t('content.why.insideHidden', { folder });
    case 'content.why.titleOnly':
      return t('content.why.insideTitleOnly', { folder });
    case 'content.why.ruleDatesPassed':
      return t('content.why.insideRuleDatesPassed', { folder });
    default:
      return t('content.why.inside', { folder, why: own });
  }
}
