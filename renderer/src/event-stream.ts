import { proofText, SESSION_LABEL, STREAM_PROOF_PATH } from '../../shared/ipc/stream-proof';

/**
 * Browser mode's one event stream, which connects with its key only to a host that has just
 * proved it holds that key (shared/ipc/stream-proof.ts). A plain EventSource reconnects by itself
 * about 3 s after its host stops, key in the query and cookie attached, to whatever then holds
 * the port: here every lost or refused stream is closed at once and proved again first, sooner
 * while it was working a moment ago, then less and less often.
 */
type Handler = (event: MessageEvent<string>) => void;

const FIRST_RETRY_MS = 1000;
const LONGEST_RETRY_MS = 30_000;

export class ProvedEventStream {
  readonly #listeners = new Map<string, Set<Handler>>();
  #source: EventSource | undefined;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #delay = FIRST_RETRY_MS;
  #closed = false;

  constructor(private readonly key: () => string) {
    void this.#connect();
  }

  addEventListener(event: string, handler: Handler): void {
    let handlers = this.#listeners.get(event);
    if (!handlers) this.#listeners.set(event, (handlers = new Set()));
    handlers.add(handler);
    this.#source?.addEventListener(event, handler);
  }

  removeEventListener(event: string, handler: Handler): void {
    this.#listeners.get(event)?.delete(handler);
    this.#source?.removeEventListener(event, handler);
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#retry);
    this.#source?.close();
    this.#source = undefined;
  }

  async #connect(): Promise<void> {
    const key = this.key();
    // No key: this window was not opened from a launch link, and its calls already say so.
    if (this.#closed || !key) return;
    const proved = await hostProves(key).catch(() => false);
    if (this.#closed) return;
    if (!proved) return this.#later();
    const source = new EventSource(`/events?key=${encodeURIComponent(key)}`);
    for (const [event, handlers] of this.#listeners) for (const handler of handlers) source.addEventListener(event, handler);
    source.addEventListener('open', () => (this.#delay = FIRST_RETRY_MS));
    source.addEventListener('error', () => {
      // Before the browser's own reconnect, which would send the key to whoever answers then.
      source.close();
      if (this.#source === source) this.#source = undefined;
      this.#later();
    });
    this.#source = source;
  }

  #later(): void {
    clearTimeout(this.#retry);
    this.#retry = setTimeout(() => void this.#connect(), this.#delay);
    this.#delay = Math.min(this.#delay * 2, LONGEST_RETRY_MS);
  }
}

/**
 * Asks whatever answers at this origin to sign a fresh nonce with the key. Nothing secret goes
 * with the question: no cookie (credentials omitted), no key, only the session's HMAC name.
 */
export async function hostProves(key: string, origin = ''): Promise<boolean> {
  const secret = await crypto.subtle.importKey('raw', utf8(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const nonce = base64url(crypto.getRandomValues(new Uint8Array(24)));
  const session = base64url(new Uint8Array(await crypto.subtle.sign('HMAC', secret, utf8(SESSION_LABEL))));
  const res = await fetch(`${origin}${STREAM_PROOF_PATH}`, {
    method: 'POST',
    credentials: 'omit',
    cache: 'no-store',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ session, nonce }),
  });
  if (!res.ok) return false;
  const answer = (await res.json().catch(() => undefined)) as { proof?: unknown } | undefined;
  const proof = typeof answer?.proof === 'string' ? fromBase64url(answer.proof) : undefined;
  return proof !== undefined && crypto.subtle.verify('HMAC', secret, proof, utf8(proofText(nonce)));
}

const utf8 = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[\w-]{1,128}$/.test(text)) return undefined;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
