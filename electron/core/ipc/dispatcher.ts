import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { failureWords } from '../http/failure-text';
import { contract, isChannel, LEARN_UNREACHABLE, type Channel, type IpcError, type IpcResult, type RequestOf, type ResponseOf } from '../../../shared/ipc/contract';
import type { MessageKey } from '../../../shared/i18n/messages/en';
import { hostWords } from '../host-words';
import { HostWords } from '../../../shared/ipc/host-words';
import { createLogger } from '../../../shared/logger';
import { createRefusalLog, type RefusalLog } from '../../host/refusal-log';

const log = createLogger('ipc');

/** One implementation per channel; hosts supply them (ports already bound). */
export type Handlers = { [C in Channel]: (request: z.output<(typeof contract)[C]['request']>) => Promise<ResponseOf<C>> };

/**
 * The one entry point for renderer calls, used by both hosts: unknown channels and requests that
 * fail their schema are refused before any handler runs; a handler's answer is checked against
 * the contract too, so the renderer never receives a shape it was not promised.
 */
export function createDispatcher(
  handlers: Handlers,
  /** A page can send refused calls by the thousand, naming channels of any length: logged within a budget (the host's, which it closes). */
  refusals: RefusalLog = createRefusalLog(log),
) {
  return async function dispatch(channel: string, payload: unknown): Promise<IpcResult<unknown>> {
    if (!isChannel(channel)) {
      refusals.refused('Refused a call to an unknown channel', { channel });
      return { ok: false, error: refusal('UnknownChannel', 'hostnotes.refused.unknownChannel', `Unknown channel: ${channel}`) };
    }
    const spec = contract[channel];
    const parsed = spec.request.safeParse(payload ?? {});
    if (!parsed.success) {
      refusals.refused('Refused a call whose request failed its schema', { channel });
      return { ok: false, error: refusal('InvalidRequest', 'hostnotes.refused.invalidRequest', `Invalid request for ${channel}: ${z.prettifyError(parsed.error)}`) };
    }
    try {
      const handler = handlers[channel] as (request: unknown) => Promise<unknown>;
      const value = spec.response.parse(await handler(parsed.data));
      return { ok: true, value };
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      log.error('IPC handler failed', { channel, error: err.message });
      // A failed call to Learn or Ally: plain words for the screen (and as a catalogue key), the account with its ids and status as the detail.
      if (err instanceof ApiError) {
        const { message, words } = failureWords(err);
        return { ok: false, error: { name: ipcErrorName(err), message, detail: err.message, words } };
      }
      // Sign-in and site errors carry their own account (Learn's error code, the proxy's status): Details too.
      const detail = 'detail' in err && typeof err.detail === 'string' && err.detail ? err.detail : undefined;
      // Their sentence as a catalogue key too (sign-in, "no Learn at this address"), for the renderer to write in the user's language.
      const words = 'words' in err ? HostWords.safeParse(err.words).data : undefined;
      return { ok: false, error: { name: ipcErrorName(err), message: err.message, ...(detail ? { detail } : {}), ...(words ? { words } : {}) } };
    }
  };
}
export type Dispatch = ReturnType<typeof createDispatcher>;

/** A call refused before any handler ran: a plain sentence for the screen, what was wrong as its Details (for whoever helps). */
function refusal(name: string, key: MessageKey, detail: string): IpcError {
  const { message, words } = hostWords(key);
  return { name, message, detail, words };
}

/** A typed call for tests and hosts. */
export async function call<C extends Channel>(dispatch: Dispatch, channel: C, request: RequestOf<C>): Promise<IpcResult<ResponseOf<C>>> {
  return (await dispatch(channel, request)) as IpcResult<ResponseOf<C>>;
}

/**
 * The name the renderer sees. A request that got no answer from Learn (network, time-out) is
 * `LearnUnreachable`, so a screen can queue the change in the outbox instead of losing it (a write
 * whose outcome is unknown is then reconciled by the sync engine, which looks before creating).
 */
function ipcErrorName(error: Error): string {
  if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout')) return LEARN_UNREACHABLE;
  return error.name;
}
