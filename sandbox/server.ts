import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '../shared/logger';
import { Clock } from './core/clock';
import { DEFAULT_SETTINGS, type SandboxContext, type SandboxSettings } from './core/context';
import { Directory } from './core/directory';
import { SandboxError } from './core/errors';
import { Faults, type FaultConfig } from './core/faults';
import type { SandboxReply, SandboxRequest } from './core/http';
import { DailyQuota } from './core/quota';
import { Rng } from './core/rng';
import { Router } from './core/router';
import type { RunningSandbox } from './running-sandbox';
import { TokenStore } from './core/tokens';
import { ShapeVariety } from './core/shape-variety';
import { CONTROL_HEADER, controlRefusal, installControlRoutes, newControlToken } from './control';

export type { RunningSandbox } from './running-sandbox';
import { MODULES } from './modules';
import { loadTlsCertificate } from './tls';

/** Largest request body read (Ally refuses uploads over 50 MB; the slack lets it say so itself). */
const MAX_BODY_BYTES = 52 * 1024 * 1024;

export interface SandboxOptions extends Partial<SandboxSettings> {
  /** 0 (default) picks a free port. Always bound to 127.0.0.1. */
  port?: number;
  /** Serve HTTPS with a self-signed certificate generated on first use. */
  tls?: boolean;
  /** Where the TLS certificate is written (default: a folder in the OS temp dir). */
  certDir?: string;
  /** With `tls`: serve this key and certificate instead (tests: a leaf issued by their own throwaway CA). */
  certificate?: { key: string; cert: string };
  /** Other names it answers to besides 127.0.0.1 and localhost (tests: a name that is not loopback, resolved to it). */
  hostNames?: readonly string[];
  faults?: Partial<FaultConfig>;
  /** The control API's token (default: a fresh random one each run). */
  controlToken?: string;
}

interface World {
  ctx: SandboxContext;
  router: Router;
}

/** Starts the sandbox on 127.0.0.1. Tests, demo mode and `npm run sandbox` all come through here. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const { port: _port, tls: _tls, certDir: _certDir, certificate: _certificate, hostNames: _hostNames, faults: _faults, controlToken: _token, ...overrides } = options;
  const controlToken = options.controlToken ?? newControlToken();
  const settings: SandboxSettings = { ...DEFAULT_SETTINGS, ...stripUndefined(overrides) };
  const log = createLogger('sandbox');
  const clock = new Clock();
  const faults = new Faults();
  if (options.faults) faults.configure(options.faults);
  let origin = '';
  let stats = { total: 0, refused: 0, byRoute: {} as Record<string, number> };

  const buildWorld = (): World => {
    const ctx: SandboxContext = {
      settings,
      clock,
      rng: new Rng(settings.seed),
      directory: new Directory(),
      tokens: new TokenStore(clock, settings.tokenLifetimeSeconds),
      faults,
      quota: new DailyQuota(clock, settings.dailyQuota, { resetForm: settings.quotaResetForm, retryAfter: settings.quotaRetryAfter }),
      log,
      variety: new ShapeVariety(settings.shapeVariety, new Rng(settings.seed).fork('shape-variety')),
      origin: () => origin,
    };
    const router = new Router();
    for (const module of MODULES) module.install(ctx, router);
    return { ctx, router };
  };
  let world = buildWorld();

  const running: RunningSandbox = {
    origin: '',
    learnUrl: '',
    allyUrl: '',
    port: 0,
    context: () => world.ctx,
    router: () => world.router,
    reset: () => {
      clock.reset();
      faults.reset();
      stats = { total: 0, refused: 0, byRoute: {} };
      world = buildWorld();
    },
    configureFaults: (partial) => faults.configure(partial),
    stats: () => stats,
    controlToken,
    controlFetch: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set(CONTROL_HEADER, controlToken);
      return fetch(`${running.origin}${path}`, { ...init, headers });
    },
    close: () => Promise.resolve(),
  };
  const control = installControlRoutes(new Router(), running);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Only this machine's names for this port: a page on another name (DNS rebinding) must not
    // reach the control routes (reset, faults) or act as the demo user.
    if (!hostAllowed(req.headers.host, running.port, options.hostNames)) {
      return send(res, 421, new SandboxError(421, 'Misdirected request: the sandbox answers only at 127.0.0.1 or localhost on its own port').body(), {});
    }
    const url = new URL(req.url ?? '/', origin || 'http://127.0.0.1');
    let rawBody: Buffer;
    try {
      rawBody = await readBody(req);
    } catch (error) {
      if (error instanceof SandboxError) return send(res, error.status, error.body(), {});
      throw error;
    }
    const request: SandboxRequest = {
      method: (req.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      params: {},
      rawBody,
      origin: originAsked(req.headers.host, origin, options.hostNames),
    };

    if (request.path.startsWith('/__sandbox/')) {
      const refused = controlRefusal(request, controlToken, origin);
      if (refused) return send(res, 403, new SandboxError(403, refused).body(), {});
      return respond(res, await dispatch(control, request), {});
    }

    const { ctx, router } = world;
    const isLearn = request.path.startsWith('/learn/');
    const isAlly = request.path.startsWith('/ally/');
    if (!isLearn && !isAlly) {
      return send(res, 404, new SandboxError(404, `Nothing here. Learn is under /learn, Ally under /ally`).body(), {});
    }
    // Latency is a fault like the others: only on the paths `pathPattern` names (all when none).
    if (faults.config.latencyMs > 0 && faults.applies(request.path)) await sleep(faults.config.latencyMs);
    const quotaHeaders = (): Record<string, string> => (isLearn ? ctx.quota.headers() : {});

    if (isLearn && !ctx.quota.take()) {
      stats.refused++;
      return respond(res, errorReply(quotaSpent(ctx.quota)), quotaHeaders());
    }
    const decision = faults.decide(request.method, request.path);
    if (decision.kind === 'serverError') {
      return respond(res, errorReply(new SandboxError(decision.status, 'Injected server error (sandbox fault)')), quotaHeaders());
    }
    if (decision.kind === 'rateLimited') {
      const error = new SandboxError(429, 'Too many requests (sandbox fault)', { headers: { 'Retry-After': String(decision.retryAfterSeconds) } });
      return respond(res, errorReply(error), quotaHeaders());
    }

    let matchedPattern = 'unmatched';
    const reply = await dispatch(router, request, (p) => (matchedPattern = p));
    const key = `${request.method} ${matchedPattern}`;
    stats.total++;
    stats.byRoute[key] = (stats.byRoute[key] ?? 0) + 1;

    if (decision.kind === 'dropAfterApply') {
      // The change is applied; the client never hears so. This is the "response lost" fault.
      req.socket.destroy();
      return;
    }
    // Learn trims an answer to the `fields` asked for, so no unknown field is added to those.
    const decorate = reply.status < 300 && reply.json !== undefined && !request.query.has('fields');
    const varied = decorate ? { ...reply, json: ctx.variety.decorate(reply.json) } : reply;
    respond(res, varied, quotaHeaders());
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((error: unknown) => {
      log.error('Unhandled sandbox error', { path: req.url, error: String(error) });
      if (!res.headersSent) send(res, 500, new SandboxError(500, 'Internal sandbox error').body(), {});
    });
  };

  let server: Server;
  if (options.tls) {
    if (options.certificate) {
      server = createHttpsServer(options.certificate, onRequest);
    } else {
      const { key, cert, certPath } = await loadTlsCertificate(options.certDir);
      server = createHttpsServer({ key, cert }, onRequest);
      running.certPath = certPath;
    }
  } else {
    server = createHttpServer(onRequest);
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  Object.assign(running, {
    origin,
    port,
    learnUrl: `${origin}/learn`,
    allyUrl: `${origin}/ally`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return running;
}

function hostAllowed(host: string | undefined, port: number, others: readonly string[] = []): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` || others.some((name) => host === `${name}:${port}`);
}

/** The origin a caller reached by one of `others` (tests' names that are not loopback) is that name's, as a server answers at the name it was asked by; else the listening origin. */
function originAsked(host: string | undefined, origin: string, others: readonly string[] = []): string {
  if (host === undefined || !others.some((name) => host.startsWith(`${name}:`))) return origin;
  return `${new URL(origin).protocol}//${host}`;
}

async function dispatch(router: Router, request: SandboxRequest, onMatch?: (pattern: string) => void): Promise<SandboxReply> {
  try {
    const { handler, params, pattern } = router.match(request.method, request.path);
    onMatch?.(pattern);
    return await handler({ ...request, params });
  } catch (error) {
    if (error instanceof SandboxError) return errorReply(error);
    throw error;
  }
}

/**
 * The 429 once the site's daily budget is spent: Learn's error body, and `Retry-After` only when a
 * test asks for one (the vendor's quotas page promises none; docs/api-notes/quota-and-rate-limits.md, "Rate limits").
 */
function quotaSpent(quota: DailyQuota): SandboxError {
  const { limit, resetAt } = quota.state();
  return new SandboxError(429, 'The daily request quota of this site is exhausted', {
    developerMessage: `All ${limit} REST calls of the developer group's daily rate limit on this site are used; the limit resets at ${resetAt}. See X-Rate-Limit-Reset`,
    headers: quota.retryAfterHeader(),
  });
}

function errorReply(error: SandboxError): SandboxReply {
  return { status: error.status, json: error.body(), ...(error.options.headers ? { headers: error.options.headers } : {}) };
}

function respond(res: ServerResponse, reply: SandboxReply, extraHeaders: Record<string, string>): void {
  const headers: Record<string, string> = { ...extraHeaders, ...(reply.headers ?? {}) };
  if (reply.json !== undefined) {
    send(res, reply.status, reply.json, headers);
    return;
  }
  res.writeHead(reply.status, headers);
  res.end(reply.body ?? undefined);
}

function send(res: ServerResponse, status: number, json: unknown, headers: Record<string, string>): void {
  const body = JSON.stringify(json);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    throw new SandboxError(413, `Request body of ${declared} bytes is over the ${MAX_BODY_BYTES}-byte limit`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      req.resume();
      throw new SandboxError(413, `Request body is over the ${MAX_BODY_BYTES}-byte limit`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
