import type { SandboxContext } from './core/context';
import type { FaultConfig } from './core/faults';
import type { Router } from './core/router';

/** A started sandbox, as tests, demo mode and the control API see it. */
export interface RunningSandbox {
  /** `http://127.0.0.1:PORT` (or https). */
  origin: string;
  /** Learn's base: `${origin}/learn` (seed paths such as `/api/public/v1/...` hang below it). */
  learnUrl: string;
  /** Ally's base: `${origin}/ally`. */
  allyUrl: string;
  port: number;
  /** Path of the self-signed certificate when `tls` is on. */
  certPath?: string;
  /** The current world (state of every module); replaced on reset. */
  context(): SandboxContext;
  router(): Router;
  /** Back to the seeded demo state, faults and clock cleared. */
  reset(): void;
  configureFaults(partial: Partial<FaultConfig>): FaultConfig;
  /** Requests answered since start or the last reset, by "METHOD pattern"; `refused`, Learn requests refused as over the quota (in neither of the others). */
  stats(): { total: number; refused: number; byRoute: Record<string, number> };
  /** This run's control token: every `/__sandbox/` request carries it in `X-Sandbox-Control`. */
  controlToken: string;
  /** A control-API request (`/__sandbox/...`) with this run's token: the one way tests and tools call it. */
  controlFetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

