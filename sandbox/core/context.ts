import type { Clock } from './clock';
import type { Directory } from './directory';
import type { Faults } from './faults';
import type { DailyQuota, QuotaRetryAfter, ResetForm } from './quota';
import type { Rng } from './rng';
import type { ShapeVariety } from './shape-variety';
import type { Router, Handler } from './router';
import type { SandboxReply, SandboxRequest } from './http';
import type { Principal, TokenStore } from './tokens';
import type { Logger } from '../../shared/logger';
import { checkScope } from './tokens';
import { entitlementsOf } from './entitlements';

/** The demo application registered on the sandbox (README lists these). */
export const DEMO_APP = {
  applicationId: 'b7e0a2f4-5c1d-4e8a-9f3b-2a6c8d0e1f47',
  key: '4f6b8c1e-2d3a-4e5f-9a7b-1c2d3e4f5a6b',
  secret: 'RollbookDemoSecret0123456789abcd',
  name: 'Rollbook (demo)',
} as const;

/** The Ally demo client (Bearer JWT signed HS256 with this secret). */
export const DEMO_ALLY_CLIENT = { clientId: 1, secret: 'rollbook-ally-secret' } as const;

export interface SandboxSettings {
  seed: number;
  tokenLifetimeSeconds: number;
  dailyQuota: number;
  /** Time an Ally upload spends pending, then in progress, before success (ms each). */
  allyProcessingMs: number;
  /** Lifetime of an authorization code (seconds). */
  authCodeLifetimeSeconds: number;
  /** Registered redirect URIs of the demo app (besides any loopback one, which RFC 8252 allows). */
  redirectUris: string[];
  /** Load the demo institution (users, courses, content, attendance, Ally files). */
  demoData: boolean;
  /** Vary answers where the documents show more than one form (unknown fields, day-name spellings): core/shape-variety.ts. */
  shapeVariety: boolean;
  /** `X-Rate-Limit-Reset` as seconds to go (default) or as the epoch second of the reset (core/quota.ts). */
  quotaResetForm: ResetForm;
  /** `Retry-After` on the spent quota's 429: none (default), seconds, or until the reset. */
  quotaRetryAfter: QuotaRetryAfter;
  /** Whom the attendance bulk status covers: every member of the course (default, Swagger) or the students on the roll. */
  bulkCovers: BulkCoverage;
  /** Refusals of the token endpoint and Get Token Info: Learn's error body (default, seed 000) or RFC 6749's. */
  tokenErrorBody: 'learn' | 'oauth';
}

export type BulkCoverage = 'course' | 'students';

export const DEFAULT_SETTINGS: SandboxSettings = {
  seed: 20260901,
  tokenLifetimeSeconds: 3600,
  dailyQuota: 10_000,
  allyProcessingMs: 1500,
  authCodeLifetimeSeconds: 60,
  redirectUris: ['https://rollbook.example.edu/oauth/callback'],
  demoData: true,
  shapeVariety: true,
  quotaResetForm: 'seconds',
  quotaRetryAfter: null,
  bulkCovers: 'course',
  tokenErrorBody: 'learn',
};

/** Everything a sandbox module needs. One per "world"; `/__sandbox/reset` builds a new world. */
export interface SandboxContext {
  settings: SandboxSettings;
  clock: Clock;
  rng: Rng;
  directory: Directory;
  tokens: TokenStore;
  faults: Faults;
  quota: DailyQuota;
  log: Logger;
  /** How answers vary in shape where the documents show more than one form; plain when the setting is off. */
  variety: ShapeVariety;
  /** The origin clients use (`http://127.0.0.1:4010`), known once the server listens. */
  origin(): string;
}

/** A handler that runs only for a valid bearer token with the scope the method needs. */
export type AuthedHandler = (req: SandboxRequest, principal: Principal) => SandboxReply | Promise<SandboxReply>;

export function authed(ctx: SandboxContext, handler: AuthedHandler): Handler {
  return (req) => {
    const principal = ctx.tokens.authenticate(req.headers.authorization);
    checkScope(principal, req.method);
    return handler(req, principal);
  };
}

/** Entitlements of a principal, in a course when one is given. */
export function entitlements(ctx: SandboxContext, principal: Principal, courseId?: string): Set<string> {
  return entitlementsOf(ctx.directory, principal, courseId);
}

/**
 * A sandbox module: one area of the API (attendance, content, Ally, ...). `install` creates the
 * module's state for a new world, loads its demo data when `settings.demoData`, and registers its
 * routes. Paths are absolute below the host: Learn under `/learn/api/...`, Ally under `/ally/api/...`.
 */
export interface SandboxModule {
  name: string;
  install(ctx: SandboxContext, router: Router): void;
}
