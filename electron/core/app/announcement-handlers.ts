import type { Announcement } from '../../../shared/api/announcements';
import type { announcementChannels, AnnouncementRights } from '../../../shared/ipc/announcement-channels';
import { hostWords } from '../host-words';
import type { Handlers } from '../ipc/dispatcher';
import type { LearnClient } from '../learn/learn-client';

/**
 * The handlers of `announcementChannels`. Learn offers no call that lists the user's entitlements,
 * so what the user may do is read from the system role: Learn's SystemAdmin holds every
 * `system.announcements.*` entitlement; for any other role the app does not offer writes and says
 * why (docs/api-notes/calendar.md, "Announcements in the app"). Learn still checks every write.
 */
const MANAGING_ROLES = new Set(['SystemAdmin']);

export function rightsFor(systemRoleIds: readonly string[]): AnnouncementRights {
  if (systemRoleIds.some((role) => MANAGING_ROLES.has(role))) return { create: true, modify: true, delete: true };
  // The permission in words, never its key; the administrator knows it by these words. The roles are Learn's own ids.
  const { message, words } = systemRoleIds.length > 0 ? hostWords('hostnotes.announcements.adminOnly', { roles: systemRoleIds.join(', ') }) : hostWords('hostnotes.announcements.adminOnlyNoRole');
  return { create: false, modify: false, delete: false, reason: message, words };
}

export function announcementHandlers(learn: () => LearnClient): Pick<Handlers, keyof typeof announcementChannels> {
  return {
    'announcements.list': async () => {
      const client = learn();
      const [announcements, me] = await Promise.all([
        (async () => {
          const all: Announcement[] = [];
          for await (const a of client.announcements.listAnnouncements()) all.push(a);
          return all;
        })(),
        client.courses.getUser('me', { fields: ['id', 'systemRoleIds'] }),
      ]);
      return { announcements, rights: rightsFor(me.systemRoleIds ?? []) };
    },

    'announcements.create': async ({ announcement }) => ({ announcement: await learn().announcements.createAnnouncement(announcement) }),

    'announcements.update': async ({ id, change }) => ({ announcement: await learn().announcements.updateAnnouncement(id, change) }),

    'announcements.delete': async ({ id }) => {
      await learn().announcements.deleteAnnouncement(id);
      return {};
    },
  };
}
