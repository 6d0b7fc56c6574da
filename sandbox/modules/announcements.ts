import type { SandboxModule } from '../core/context';

// Placeholder: filled in by the module's own work.
export const announcementsModule: SandboxModule = {
  name: 'announcements',
  install() {},
};
