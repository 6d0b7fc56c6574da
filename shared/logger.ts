/**
 * The one logger. Lines are structured (level, scope, message, fields) so a host can route them
 * to a file or the console. Secrets never reach it: `redact` masks any field whose name says it
 * holds one, and callers pass ids, never tokens.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;
export interface LogLine {
  time: string;
  level: LogLevel;
  scope: string;
  message: string;
  fields?: LogFields;
}
export type LogSink = (line: LogLine) => void;

const SECRET_FIELD = /token|secret|password|authorization|code_verifier|^code$|cookie|jwt/i;

export function redact(fields: LogFields): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = SECRET_FIELD.test(key) ? '[redacted]' : value;
  }
  return out;
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** The default sink: warnings and errors to stderr, the rest to stdout. */
export const consoleSink: LogSink = (line) => {
  const text = `${line.time} ${line.level.toUpperCase()} [${line.scope}] ${line.message}${line.fields ? ' ' + JSON.stringify(line.fields) : ''}`;
  if (line.level === 'error' || line.level === 'warn') console.error(text);
  else console.log(text);
};
let sink: LogSink = consoleSink;
let threshold: LogLevel = 'info';

/** Hosts and tests replace the sink (a file, a capture) and the threshold. */
export function configureLogger(options: { sink?: LogSink; level?: LogLevel }): void {
  if (options.sink) sink = options.sink;
  if (options.level) threshold = options.level;
}

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export function createLogger(scope: string): Logger {
  const emit = (level: LogLevel, message: string, fields?: LogFields): void => {
    if (order[level] < order[threshold]) return;
    sink({ time: new Date().toISOString(), level, scope, message, ...(fields ? { fields: redact(fields) } : {}) });
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  };
}
