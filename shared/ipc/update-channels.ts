import { z } from 'zod';

/**
 * Updates of the installed app (electron/core/updates). The main side checks the update feed and
 * downloads in the background; a downloaded update installs when Rollbook quits. The renderer
 * alone knows whether changes are waiting to sync or a roll call is open, so it decides when to
 * offer "Restart to update" (shared/domain/update-offer.ts) and asks for the restart by name.
 */
export const UpdateStatus = z.strictObject({
  /**
   * `off`: this host does not update itself (browser mode, a build run from source, or the
   * deployment file turned updates off); `current`: no newer version known; `downloading`: a newer
   * one is on its way; `ready`: downloaded, installed at the next quit or restart.
   */
  state: z.enum(['off', 'current', 'downloading', 'ready']),
  /** The newer version, once one is known (`downloading`, `ready`). */
  version: z.string().max(100).optional(),
});
export type UpdateStatus = z.infer<typeof UpdateStatus>;

export const updateChannels = {
  'app.update': { request: z.strictObject({}), response: UpdateStatus },
  /** Quits and installs the downloaded update, then starts Rollbook again; `restarting: false` when none is ready. */
  'app.restartToUpdate': { request: z.strictObject({}), response: z.strictObject({ restarting: z.boolean() }) },
} as const;
