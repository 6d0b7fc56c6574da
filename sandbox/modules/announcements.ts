import type { SandboxModule } from '../core/context';
import { seedAnnouncements } from './announcements/demo';
import { installAnnouncementRoutes } from './announcements/routes';
import { AnnouncementStore } from './announcements/state';

/**
 * System announcements (seed 000, "System announcements"): every signed-in user reads the
 * available ones, administrators read all and manage them. Files in ./announcements/:
 * state (store and wire shape), validation, routes, demo.
 */
export const announcementsModule: SandboxModule = {
  name: 'announcements',
  install(ctx, router) {
    const store = new AnnouncementStore(ctx.directory, ctx.clock);
    if (ctx.settings.demoData) seedAnnouncements(ctx, store);
    installAnnouncementRoutes(ctx, router, store);
  },
};
