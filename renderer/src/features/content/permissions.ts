import type { Permission } from '../../../../shared/ipc/content-channels';

/**
 * Why a write is not possible right now, or null when it is. Writes need Learn (they are not
 * queued offline this release), and the user's role must allow them (content.access).
 */
export function blocked(permission: Permission | undefined, online: boolean): string | null {
  if (!online) return 'You are offline: this change is made in Learn, so it needs a connection.';
  if (!permission) return 'Checking what your role allows…';
  return permission.allowed ? null : (permission.reason ?? 'Your role in this course does not allow this.');
}
