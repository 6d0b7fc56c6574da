import type { SandboxReply, SandboxRequest } from './http';
import { SandboxError } from './errors';

export type Handler = (req: SandboxRequest) => SandboxReply | Promise<SandboxReply>;

interface Route {
  method: string;
  pattern: string;
  regex: RegExp;
  names: string[];
  handler: Handler;
}

/**
 * A small path router: patterns like `/learn/api/public/v1/courses/:courseId/meetings`.
 * Literal segments win over parameters regardless of registration order, so
 * `.../meetings/users/:userId` is never read as `.../meetings/:meetingId/...`.
 */
export class Router {
  #routes: Route[] = [];

  on(method: string, pattern: string, handler: Handler): this {
    const names: string[] = [];
    const source = pattern
      .split('/')
      .map((segment) => {
        if (segment.startsWith(':')) {
          names.push(segment.slice(1));
          return '([^/]+)';
        }
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    this.#routes.push({ method: method.toUpperCase(), pattern, regex: new RegExp(`^${source}/?$`), names, handler });
    // More literal segments first: specific routes beat parameterised ones.
    this.#routes.sort((a, b) => literalScore(b.pattern) - literalScore(a.pattern));
    return this;
  }

  get(pattern: string, handler: Handler): this {
    return this.on('GET', pattern, handler);
  }
  post(pattern: string, handler: Handler): this {
    return this.on('POST', pattern, handler);
  }
  patch(pattern: string, handler: Handler): this {
    return this.on('PATCH', pattern, handler);
  }
  put(pattern: string, handler: Handler): this {
    return this.on('PUT', pattern, handler);
  }
  delete(pattern: string, handler: Handler): this {
    return this.on('DELETE', pattern, handler);
  }

  /** The matching handler with its params, or a 404/405 as a SandboxError. */
  match(method: string, path: string): { handler: Handler; params: Record<string, string>; pattern: string } {
    let pathMatched = false;
    for (const route of this.#routes) {
      const m = route.regex.exec(path);
      if (!m) continue;
      pathMatched = true;
      if (route.method !== method.toUpperCase()) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = decodeURIComponent(m[i + 1] ?? '');
      });
      return { handler: route.handler, params, pattern: route.pattern };
    }
    if (pathMatched) throw new SandboxError(405, `Method ${method} is not allowed on ${path}`);
    throw new SandboxError(404, `No API resource at ${path}`);
  }

  /** Every registered method + pattern (for the docs and for coverage checks in tests). */
  routes(): { method: string; pattern: string }[] {
    return this.#routes.map(({ method, pattern }) => ({ method, pattern }));
  }
}

function literalScore(pattern: string): number {
  const segments = pattern.split('/');
  // Weight literal segments by position so an earlier literal outranks a later one.
  return segments.reduce((score, s, i) => (s.startsWith(':') ? score : score + 1000 - i), 0) + segments.length;
}
