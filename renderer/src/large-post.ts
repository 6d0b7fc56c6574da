import { sliceIsOver, yieldToPage } from './db/yield-to-page';

/**
 * Browser mode's large IPC calls (a push of a term's import: 4,800 ops, 900 KB of JSON). Built in
 * one go, the body's JSON held the window for tens of milliseconds, and `fetch` with a body that
 * large held it again while the browser took its copy (hundreds of milliseconds with DevTools'
 * network agent attached, as under the E2E tests and the bench); the answer's JSON was parsed in
 * one task too. Here the request's long lists are written and encoded a slice of time a task, the bytes
 * handed to a worker (large-post-worker.ts) that sends the call and parses the answer, and the
 * window only receives the parsed answer.
 */

/** What goes to the worker: the call's address, the launch key, and its body in UTF-8 parts (transferred, not copied). */
export interface LargePost {
  id: number;
  url: string;
  key: string;
  body: Uint8Array<ArrayBuffer>[];
}
/** The host's answer: its HTTP status and, when it is 2xx, its parsed JSON; status 0 when the call failed to go. */
export interface LargePostAnswer {
  id: number;
  status: number;
  value: unknown;
  message?: string;
}

/** Items of a list above which a call goes this way: a roll call's push (a few hundred ops) stays a plain fetch. */
export const LARGE_LIST = 1_000;

/** Characters of JSON encoded at a time (a fraction of a millisecond's work). */
const CHARS_PER_PART = 32 * 1024;

/** Whether `request` holds a list long enough to go through `largePost`. */
export function isLarge(request: unknown): boolean {
  return typeof request === 'object' && request !== null && Object.values(request).some((v) => Array.isArray(v) && v.length > LARGE_LIST);
}

/**
 * The JSON of `request` (an object), as `JSON.stringify` writes it, in UTF-8 parts: its long lists
 * are written a slice of time a task, their text encoded every few kilobytes within the slice
 * (encoding 900 KB at once was a long task of its own). Parts end between items, so their bytes joined are
 * the whole text's.
 */
export async function jsonInSlices(request: object): Promise<Uint8Array<ArrayBuffer>[]> {
  const encoder = new TextEncoder();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let text: string[] = [];
  let chars = 0;
  const flush = (): void => {
    parts.push(encoder.encode(text.join('')));
    text = [];
    chars = 0;
  };
  text.push('{');
  let first = true;
  for (const [name, value] of Object.entries(request)) {
    if (value === undefined || typeof value === 'function') continue;
    text.push(`${first ? '' : ','}${JSON.stringify(name)}:`);
    first = false;
    if (!Array.isArray(value) || value.length <= LARGE_LIST) {
      text.push(JSON.stringify(value));
      continue;
    }
    text.push('[');
    let slice = performance.now();
    for (const [i, item] of (value as unknown[]).entries()) {
      if (sliceIsOver(slice)) {
        flush();
        await yieldToPage();
        slice = performance.now();
      }
      // As JSON.stringify writes a list's member it cannot write (undefined, a function): null.
      const member = `${i === 0 ? '' : ','}${JSON.stringify(item) ?? 'null'}`;
      text.push(member);
      chars += member.length;
      // Encoded as it grows, inside the slice's time: a push's whole text written within one slice
      // and encoded at its end (900 KB at once) was a 40 ms task.
      if (chars >= CHARS_PER_PART) flush();
    }
    text.push(']');
  }
  text.push('}');
  flush();
  return parts;
}

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, (answer: LargePostAnswer) => void>();

function theWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./large-post-worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<LargePostAnswer>) => {
    const done = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    done?.(event.data);
  };
  return worker;
}

/** POSTs `request` as JSON to `url` from the worker; resolves with the host's status and parsed answer. */
export async function largePost(url: string, key: string, request: object): Promise<LargePostAnswer> {
  const body = await jsonInSlices(request);
  const id = nextId++;
  return new Promise<LargePostAnswer>((resolve) => {
    waiting.set(id, resolve);
    // The parts' buffers move to the worker, not copied; it sends them as one body.
    theWorker().postMessage({ id, url, key, body } satisfies LargePost, body.map((part) => part.buffer));
  });
}
