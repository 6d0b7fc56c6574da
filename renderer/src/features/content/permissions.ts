import type { Permission } from '../../../../shared/ipc/content-channels';

/**
 * Why a write is not possible, or null when it is: the user's role must allow it (content.access,
 * saved on this device like every read). Being offline is not a reason: changes wait in the outbox
 * (send-or-queue.ts) and sync sends them.
 */
export function blocked(permission: Permission | undefined, online: boolean): string | null {
  if (!permission) return online ? 'Checking what your role allows…' : 'What your role allows in this course was never read on this device: open the course once while online.';
  return permission.allowed ? null : (permission.reason ?? 'Your role in this course does not allow this.');
}
