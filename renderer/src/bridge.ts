import type { Channel, EventName, EventOf, IpcError, IpcResult, RequestOf, ResponseOf } from '../../shared/ipc/contract';
import type { HostWords } from '../../shared/ipc/host-words';
import { ProvedEventStream } from './event-stream';
import { isLarge, largePost } from './large-post';
import { t } from './ui/i18n';

/**
 * The only module that talks to the main side. In the desktop host the preload exposes
 * `window.rollbook.invoke`; in browser mode calls go to `POST /ipc/<channel>` with the launch
 * cookie (sent by the browser) and the key that came with the launch link. Screens call
 * `invoke(...)` and never see which.
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
    /** The technical account of a failed call to Learn or Ally, for a "Details" disclosure. */
    readonly detail?: string,
    /** The message as the host's catalogue key, to be written in the instructor's language (ui/host-words.ts). */
    readonly words?: HostWords,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

/**
 * Browser mode's key: the launch link answers with this page and the key in a `<meta>`
 * (electron/host/owner-pages.ts, `withLaunchKey`); it is kept in localStorage, which is per
 * origin, port included, unlike the cookie (electron/host/browser-session.ts). The tag goes at
 * once, and the spent link's address is replaced by the app's, so a reload opens the app.
 */
const KEY_ITEM = 'rollbook-key';

/**
 * The desktop's preload API, read once at start (adoptLaunchKey), before any Learn HTML is on the
 * page: `null` is browser mode. Read later, `window.rollbook` could be an element of Learn's markup
 * named `rollbook` (DOM clobbering), which hid an item's release rules behind "could not reach
 * Learn". Until start (unit tests that never call it), the window's is read at each call.
 */
let hostApi: PreloadApi | null | undefined;
const preload = (): PreloadApi | undefined => (hostApi === undefined ? window.rollbook : (hostApi ?? undefined));

/** Called once by main.ts before the app mounts (not on import: unit tests load this module in Node). */
export function adoptLaunchKey(): void {
  hostApi = window.rollbook ?? null;
  if (hostApi) return;
  const tag = document.querySelector<HTMLMetaElement>(`meta[name="${KEY_ITEM}"]`);
  if (!tag) return;
  localStorage.setItem(KEY_ITEM, tag.content);
  tag.remove();
  history.replaceState(history.state, '', '/');
}

/** The browser-mode host refused the page (403): why, in the instructor's language. */
const notOpened = (): IpcError => ({ name: 'HostError', message: t('hostnotes.refused.notOpened') });

const launchKey = (): string => localStorage.getItem(KEY_ITEM) ?? '';

async function browserInvoke(channel: string, request: unknown): Promise<IpcResult<unknown>> {
  const key = launchKey();
  if (!key) return { ok: false, error: notOpened() };
  // A push of an import's thousands of ops: written a slice a task and sent from a worker (large-post.ts).
  if (isLarge(request)) {
    const answer = await largePost(`/ipc/${encodeURIComponent(channel)}`, key, request as object);
    if (answer.status === 0) throw new TypeError(answer.message ?? 'Failed to fetch');
    return answerOf(answer.status, () => answer.value as IpcResult<unknown>);
  }
  const res = await fetch(`/ipc/${encodeURIComponent(channel)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Rollbook-Key': key },
    body: JSON.stringify(request),
  });
  return answerOf(res.status, async () => (await res.json()) as IpcResult<unknown>);
}

async function answerOf(status: number, value: () => IpcResult<unknown> | Promise<IpcResult<unknown>>): Promise<IpcResult<unknown>> {
  if (status === 403) return { ok: false, error: notOpened() };
  if (status < 200 || status > 299) return { ok: false, error: { name: 'HostError', message: t('hostnotes.refused.status', { status }) } };
  return value();
}

export async function invoke<C extends Channel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>> {
  const host = preload();
  const result = host ? await host.invoke(channel, request) : await browserInvoke(channel, request);
  if (!result.ok) throw new BridgeError(channel, result.error.name, result.error.message, result.error.detail, result.error.words);
  return result.value as ResponseOf<C>;
}

/**
 * Browser mode's one event stream, shared by every subscription: a browser allows only a few
 * connections per origin over HTTP/1.1, and each stream holds one open for good. It sends its key
 * only to a host that proves it holds it (event-stream.ts).
 */
let stream: { source: ProvedEventStream; subscribers: number } | undefined;

function sharedStream(): ProvedEventStream {
  stream ??= { source: new ProvedEventStream(launchKey), subscribers: 0 };
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
  const host = preload();
  if (host) return host.on(event, (payload) => listener(payload as EventOf<E>));
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
