import type { SandboxModule } from '../core/context';

// Placeholder: filled in by the module's own work.
export const oauthModule: SandboxModule = {
  name: 'oauth',
  install() {},
};
