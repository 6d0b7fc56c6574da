import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { IpcResult } from '../shared/ipc/contract';
import { isChannelName, isEventName } from '../shared/ipc/names';

/**
 * The preload: exposes `window.rollbook` with two functions and nothing else. Channels not in the
 * contract are refused here already, by name only (names.ts: no schema is bundled here); the main
 * side validates every request again.
 */
const INVOKE = 'rollbook:invoke';
const EVENT_PREFIX = 'rollbook:event:';

const api = {
  invoke(channel: string, request: unknown): Promise<IpcResult<unknown>> {
    if (!isChannelName(channel)) return Promise.resolve({ ok: false, error: { name: 'UnknownChannel', message: `Unknown channel: ${channel}` } });
    return ipcRenderer.invoke(INVOKE, channel, request) as Promise<IpcResult<unknown>>;
  },
  on(event: string, listener: (payload: unknown) => void): () => void {
    if (!isEventName(event)) throw new Error(`Unknown event: ${event}`);
    const wrapped = (_e: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(EVENT_PREFIX + event, wrapped);
    return () => ipcRenderer.removeListener(EVENT_PREFIX + event, wrapped);
  },
};

contextBridge.exposeInMainWorld('rollbook', api);
