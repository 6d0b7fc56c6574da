import { z } from 'zod';

/**
 * The IPC contract: every channel the renderer may call on the main side, with the schema its
 * request must pass and the shape of its answer. Both hosts (Electron IPC and browser mode's
 * `POST /ipc/<channel>`) validate every request against this file; the renderer's bridge is typed
 * from it. Channels name operations, never URLs or tokens.
 */

export const AppInfo = z.strictObject({
  name: z.literal('Rollbook'),
  version: z.string(),
  /** Which host runs the core. */
  host: z.enum(['desktop', 'browser']),
  /** Demo mode runs against the bundled sandbox; `learn` against an institution's Learn. */
  mode: z.enum(['demo', 'learn']),
  /** The Learn site the core talks to (shown to the user; never a redirect target). */
  learnSite: z.string(),
  /** How refresh tokens are protected at rest on this host, in words for the settings screen. */
  tokenProtection: z.string(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const SandboxHealth = z.strictObject({
  learnReachable: z.boolean(),
  allyReachable: z.boolean(),
  /** Courses in the demo institution, so the first screen proves the sandbox answers. */
  demoCourseCount: z.number().int().nonnegative(),
});
export type SandboxHealth = z.infer<typeof SandboxHealth>;

const Empty = z.strictObject({});

export const contract = {
  'app.info': { request: Empty, response: AppInfo },
  'app.sandboxHealth': { request: Empty, response: SandboxHealth },
} as const;

export type Channel = keyof typeof contract;
export type RequestOf<C extends Channel> = z.input<(typeof contract)[C]['request']>;
export type ResponseOf<C extends Channel> = z.infer<(typeof contract)[C]['response']>;

/** Events the main side pushes to the renderer (sync progress, auth state), by name. */
export const events = {
  'app.notice': z.strictObject({ level: z.enum(['info', 'warn', 'error']), message: z.string() }),
} as const;
export type EventName = keyof typeof events;
export type EventOf<E extends EventName> = z.infer<(typeof events)[E]>;

/** What crosses the boundary for a failed call: a message for the user and a name for code. */
export const IpcError = z.strictObject({ name: z.string(), message: z.string() });
export type IpcError = z.infer<typeof IpcError>;
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

export function isChannel(name: string): name is Channel {
  return Object.hasOwn(contract, name);
}
