import type { SandboxModule } from '../core/context';
import { ok } from '../core/http';

/**
 * Get Version: GET /learn/api/public/v1/system/version -> `{learn: {major, minor, patch, build}}`
 * (the vendor Swagger 3900.121.0, `system.VersionInfo`, "Since 3000.3.0"). It takes no token:
 * a client calls it before anyone signs in, to check that an address is a Learn site
 * (docs/api-notes/site-address-and-check.md "The site address"). The sandbox answers as the release its Swagger describes.
 */
export const SYSTEM_VERSION_PATH = '/learn/api/public/v1/system/version';

/** The release the sandbox plays: the Swagger it is written from (`info.version`). */
export const SANDBOX_LEARN_VERSION = { major: 3900, minor: 121, patch: 0 } as const;

export const systemVersionModule: SandboxModule = {
  name: 'system-version',
  install(_ctx, router) {
    // No `authed(...)`: the answer is the same for everyone, and the server adds its usual variety.
    router.get(SYSTEM_VERSION_PATH, () => ok({ learn: { ...SANDBOX_LEARN_VERSION, build: `rel.${SANDBOX_LEARN_VERSION.minor}+sandbox` } }));
  },
};
