/**
 * An answer's body read within bounds, WHILE it streams: at most `maxBytes` (judged from
 * Content-Length first, then as the bytes arrive, since the header may be missing or wrong), no
 * wait longer than `idleMs` for the next bytes, and no longer than `totalMs` for the whole. A
 * body past a bound is cancelled (the connection let go) and the read fails with the caller's
 * error, so a 200 MB answer is never held whole and an endless one never holds a download open.
 *
 * Time spent by the reader itself (writing to disk) is not counted as idle: the wait for the next
 * bytes starts when the reader asks for them.
 */

export interface BodyBounds {
  maxBytes: number;
  idleMs: number;
  totalMs: number;
}

/** Which bound a body crossed. */
export type BodyOverrun = { bound: 'size'; maxBytes: number } | { bound: 'idle'; ms: number } | { bound: 'total'; ms: number };

/** "more than 16 MB", "nothing for 30 s", "longer than 10 minutes": for "Learn sent …" messages. */
export function overrunWords(overrun: BodyOverrun): string {
  switch (overrun.bound) {
    case 'size':
      return `sent more than ${sizeWords(overrun.maxBytes)}, more than Rollbook reads here`;
    case 'idle':
      return `stopped sending for ${Math.round(overrun.ms / 100) / 10} s in the middle of its answer`;
    case 'total':
      return `took longer than ${timeWords(overrun.ms)} to send its answer`;
  }
}

const sizeWords = (bytes: number): string => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);
const timeWords = (ms: number): string => (ms >= 120_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 100) / 10} s`);

/** `body` as a stream that errors with `fail(overrun)` past a bound. */
export function boundedBody(body: ReadableStream<Uint8Array>, declaredLength: string | null, bounds: BodyBounds, fail: (overrun: BodyOverrun) => Error): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const started = Date.now();
  let size = 0;
  const stop = async (controller: ReadableStreamDefaultController<Uint8Array>, overrun: BodyOverrun): Promise<void> => {
    controller.error(fail(overrun));
    await reader.cancel().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      if (Number(declaredLength ?? 0) > bounds.maxBytes) await stop(controller, { bound: 'size', maxBytes: bounds.maxBytes });
    },
    async pull(controller) {
      const left = bounds.totalMs - (Date.now() - started);
      const overrun: BodyOverrun = left <= bounds.idleMs ? { bound: 'total', ms: bounds.totalMs } : { bound: 'idle', ms: bounds.idleMs };
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.max(0, Math.min(left, bounds.idleMs)))));
      let next: ReadableStreamReadResult<Uint8Array> | 'late';
      try {
        next = await Promise.race([reader.read(), late]);
      } catch (error) {
        controller.error(error);
        return;
      } finally {
        clearTimeout(timer);
      }
      if (next === 'late') return stop(controller, overrun);
      if (next.done) return controller.close();
      size += next.value.byteLength;
      if (size > bounds.maxBytes) return stop(controller, { bound: 'size', maxBytes: bounds.maxBytes });
      controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * Reads at most `maxBytes` of a body as text and lets go of the rest: for error answers, whose
 * text is only shown in part ("Learn answered 500 (…)"), so a huge one is cut, not refused.
 */
export async function readTextUpTo(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    chunks.push(next.value.subarray(0, maxBytes - size));
    size += next.value.byteLength;
    if (size >= maxBytes) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** A fetch whose answers' bodies are bounded as above: for a reader outside the HttpClient (the token endpoint, read by oauth4webapi). */
export function withBoundedBodies<I, O>(fetch: (input: I, init: O) => Promise<Response>, bounds: BodyBounds, fail: (overrun: BodyOverrun) => Error): (input: I, init: O) => Promise<Response> {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body) return response;
    const body = boundedBody(response.body, response.headers.get('content-length'), bounds, fail);
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
