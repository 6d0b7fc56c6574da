/// <reference lib="webworker" />
import type { LargePost, LargePostAnswer } from './large-post';

/**
 * Sends one large IPC call of browser mode (large-post.ts) and reads its answer, off the window's
 * thread: the request's body handed over as bytes, the answer parsed here and handed back as an
 * object. Same origin as the page, so the launch cookie goes with it as with the page's own fetch.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<LargePost>) => {
  const { id, url, key, body } = event.data;
  let answer: LargePostAnswer;
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Rollbook-Key': key }, body: new Blob(body) });
    answer = { id, status: res.status, value: res.ok ? ((await res.json()) as unknown) : undefined };
  } catch (error) {
    answer = { id, status: 0, value: undefined, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(answer);
};
