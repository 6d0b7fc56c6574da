import type { SandboxModule } from '../core/context';
import { seedDemoAvatars } from './avatars/avatar-store';
import { installAvatarRoutes } from './avatars/avatar-routes';

/** User avatars: GET /v1/users/{userId}/avatar (302 to a signed, expiring file). docs/api-notes/users-and-courses.md, "User avatars". */
export const avatarsModule: SandboxModule = {
  name: 'avatars',
  install(ctx, router) {
    if (ctx.settings.demoData) seedDemoAvatars(ctx);
    installAvatarRoutes(ctx, router);
  },
};
