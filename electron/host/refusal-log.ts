import type { Logger } from '../../shared/logger';

/**
 * Refused calls are logged, but a flood of them must not fill the log or the disk: any local
 * account can send browser mode thousands of refused calls a second, each naming a "channel" of
 * its own choosing. Each kind of refusal (its message) writes at most `burst` lines a window, then
 * one line at the window's end saying how many more there were; every field is cut to one short
 * line (no control characters), so one refusal is at most a few hundred bytes.
 */
export interface RefusalLog {
  refused(message: string, fields?: Record<string, string | boolean | undefined>): void;
  /** Writes any summary still owed and stops its timer (the host closing). */
  close(): void;
}

export interface RefusalLogOptions {
  /** Lines of one kind a window; default 10. */
  burst?: number;
  /** Default one minute. */
  windowMs?: number;
}

/** Longest field value logged. */
const FIELD_CHARS = 120;

interface Kind {
  written: number;
  notWritten: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

export function createRefusalLog(log: Logger, options: RefusalLogOptions = {}): RefusalLog {
  const burst = options.burst ?? 10;
  const windowMs = options.windowMs ?? 60_000;
  const kinds = new Map<string, Kind>();

  const endWindow = (message: string): void => {
    const kind = kinds.get(message);
    if (!kind) return;
    clearTimeout(kind.timer);
    kinds.delete(message);
    if (kind.notWritten > 0) log.warn(`${message}: ${kind.notWritten} more in the last ${Math.round(windowMs / 1000)} s, not logged one by one`);
  };

  return {
    refused(message, fields = {}) {
      let kind = kinds.get(message);
      if (!kind) {
        kind = { written: 0, notWritten: 0, timer: undefined };
        kinds.set(message, kind);
        kind.timer = setTimeout(() => endWindow(message), windowMs);
        kind.timer.unref?.();
      }
      if (kind.written >= burst) {
        kind.notWritten++;
        return;
      }
      kind.written++;
      log.warn(message, shortened(fields));
    },
    close() {
      for (const message of [...kinds.keys()]) endWindow(message);
    },
  };
}

function shortened(fields: Record<string, string | boolean | undefined>): Record<string, string | boolean | undefined> {
  const out: Record<string, string | boolean | undefined> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value !== 'string') {
      out[name] = value;
      continue;
    }
    // eslint-disable-next-line no-control-regex -- control characters are what a log line must not carry
    const line = value.replace(/[\u0000-\u001f\u007f]+/g, ' ');
    out[name] = line.length > FIELD_CHARS ? `${line.slice(0, FIELD_CHARS)}… (${line.length} characters)` : line;
  }
  return out;
}
