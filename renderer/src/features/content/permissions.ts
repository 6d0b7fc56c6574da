import type { Permission } from '../../../../shared/ipc/content-channels';
import { t } from '../../ui/i18n';

/**
 * Why a write is not possible, or null when it is: the user's role must allow it (content.access,
 * saved on this device like every read). Being offline is not a reason: changes wait in the outbox
 * (send-or-queue.ts) and sync sends them.
 */
export function blocked(permission: Permission | undefined, online: boolean): string | null {
  if (!permission) return online ? t('release.checkingRole') : t('release.roleUnread');
  return permission.allowed ? null : (permission.reason ?? t('release.roleRefuses'));
}
