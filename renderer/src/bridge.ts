import type { Channel, EventName, EventOf, IpcResult, RequestOf, ResponseOf } from '../../shared/ipc/contract';

/**
 * The only module that talks to the main side. In the desktop host the preload exposes
 * `window.rollbook.invoke`; in browser mode calls go to `POST /ipc/<channel>` with the launch
 * token the host put in the page. Screens call `invoke(...)` and never see which.
 */
interface PreloadApi {
  invoke(channel: string, request: unknown): Promise<IpcResult<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

declare global {
  interface Window {
    rollbook?: PreloadApi;
  }
}

/** A failed call, carrying the message the main side wants the user to read. */
export class BridgeError extends Error {
  constructor(
    readonly channel: Channel,
    readonly errorName: string,
    message: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

function launchToken(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="rollbook-ipc-token"]');
  if (!meta?.content) throw new Error('This page was not served by Rollbook (no launch token).');
  return meta.content;
}

async function browserInvoke(channel: string, request: unknown): Promise<IpcResult<unknown>> {
  const res = await fetch(`/ipc/${encodeURIComponent(channel)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Rollbook-IPC-Token': launchToken() },
    body: JSON.stringify(request),
  });
  if (!res.ok) return { ok: false, error: { name: 'HostError', message: `The Rollbook host refused the call (${res.status}).` } };
  return (await res.json()) as IpcResult<unknown>;
}

export async function invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
  const result = window.rollbook ? await window.rollbook.invoke(channel, request) : await browserInvoke(channel, request);
  if (!result.ok) throw new BridgeError(channel, result.error.name, result.error.message);
  return result.value as ResponseOf<C>;
}

/**
 * Browser mode's one event stream, shared by every subscription: a browser allows only a few
 * connections per origin over HTTP/1.1, and each EventSource holds one open for good.
 */
let stream: { source: EventSource; subscribers: number } | undefined;

function sharedStream(): EventSource {
  stream ??= { source: new EventSource(`/events?token=${encodeURIComponent(launchToken())}`), subscribers: 0 };
  stream.subscribers++;
  return stream.source;
}

function releaseStream(): void {
  if (!stream) return;
  stream.subscribers--;
  if (stream.subscribers === 0) {
    stream.source.close();
    stream = undefined;
  }
}

/** Subscribes to a main-side event; returns the unsubscribe function. */
export function on<E extends EventName>(event: E, listener: (payload: EventOf<E>) => void): () => void {
  if (window.rollbook) return window.rollbook.on(event, (payload) => listener(payload as EventOf<E>));
  const source = sharedStream();
  const handler = (e: MessageEvent<string>): void => listener(JSON.parse(e.data) as EventOf<E>);
  source.addEventListener(event, handler);
  let subscribed = true;
  return () => {
    if (!subscribed) return;
    subscribed = false;
    source.removeEventListener(event, handler);
    releaseStream();
  };
}
