/**
 * In-page script of the results benchmark (plain JavaScript source: see paint-probe.ts), an init
 * script added before the app loads. The app is not changed; it records:
 * - every `sync.push` the page sends (browser mode: POST /ipc/sync.push): when it went and when
 *   its answer came (window.fetch wrapped; a large push goes from a worker, whose messages are watched);
 * - every read-write transaction of the app's database that covers the outbox: when it was opened
 *   and when it committed (IDBDatabase.prototype.transaction wrapped, as writes-probe does), so the
 *   moment a push's results are all in the store is the last such commit before the next push;
 * - every main-thread task over 50 ms (Long Tasks API);
 * - the last time the status bar said "Syncing".
 */
export interface ApplyProbe {
  pushes: { start: number; answered: number }[];
  writes: { start: number; end: number }[];
  longTasks: { start: number; duration: number }[];
  /**
   * Every animation frame over 50 ms (long-animation-frame API), with the scripts that ran in it
   * (what called them: a promise's resolution, a timer, an IndexedDB event; the function and file),
   * longest first: where a long task's time went.
   */
  longFrames: { start: number; duration: number; scripts: { invoker: string; fn: string; source: string; duration: number; layoutMs: number }[]; renderMs: number }[];
  /** The last time the status bar read "Syncing" (looked at every 20 ms). */
  syncingSeenAt: number;
}

export const APPLY_PROBE = `(() => {
  const probe = { pushes: [], writes: [], longTasks: [], longFrames: [], syncingSeenAt: 0 };
  window.__applyProbe = probe;
  const fetch0 = window.fetch;
  window.fetch = async function (input) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!/\\/ipc\\/sync\\.push$/.test(url)) return fetch0.apply(this, arguments);
    const push = { start: performance.now(), answered: 0 };
    probe.pushes.push(push);
    const res = await fetch0.apply(this, arguments);
    push.answered = performance.now();
    return res;
  };
  // A large push goes from a worker (renderer/src/large-post.ts): its post and the worker's answer, matched by id.
  const Worker0 = window.Worker;
  window.Worker = class extends Worker0 {
    constructor(url, options) {
      super(url, options);
      this.sent = new Map();
      this.addEventListener('message', (e) => {
        const push = e.data && this.sent.get(e.data.id);
        if (!push) return;
        push.answered = performance.now();
        this.sent.delete(e.data.id);
      });
    }
    postMessage(data, transfer) {
      if (data && typeof data.url === 'string' && /\\/ipc\\/sync\\.push$/.test(data.url)) {
        const push = { start: performance.now(), answered: 0 };
        probe.pushes.push(push);
        this.sent.set(data.id, push);
      }
      return super.postMessage(data, transfer);
    }
  };
  const transaction0 = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function (stores) {
    const tx = transaction0.apply(this, arguments);
    const names = typeof stores === 'string' ? [stores] : Array.from(stores);
    if (/^rollbook-/.test(this.name) && !/^rollbook-identities$/.test(this.name) && tx.mode === 'readwrite' && names.includes('outbox')) {
      const write = { start: performance.now(), end: 0 };
      probe.writes.push(write);
      tx.addEventListener('complete', () => (write.end = performance.now()));
    }
    return tx;
  };
  setInterval(() => {
    if (document.querySelector('[aria-label="Sync status"]')?.textContent?.includes('Syncing')) probe.syncingSeenAt = performance.now();
  }, 20);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: false });
  // Where each resumption after scheduler.yield was asked for: a long frame's 'Scheduler.yield.then' names no caller.
  probe.yields = [];
  if (window.scheduler && window.scheduler.yield) {
    const yield0 = window.scheduler.yield.bind(window.scheduler);
    window.scheduler.yield = () => {
      const stack = (new Error().stack || '').split('\\n').slice(2, 6).map((l) => l.trim().replace(/\\(.*\\//, '(')).join(' < ');
      return yield0().then(() => { probe.yields.push({ at: performance.now(), stack }); });
    };
  }
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const scripts = e.scripts
          .map((s) => ({ invoker: s.invoker, fn: s.sourceFunctionName, source: (s.sourceURL || '').split('/').pop() + ':' + s.sourceCharPosition, duration: Math.round(s.duration), layoutMs: Math.round(s.forcedStyleAndLayoutDuration) }))
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 3);
        const resumed = probe.yields.filter((y) => y.at >= e.startTime && y.at <= e.startTime + e.duration).map((y) => y.stack);
        if (resumed.length) scripts.push({ invoker: 'resumed after yield at', fn: resumed[0], source: '', duration: 0, layoutMs: 0 });
        probe.longFrames.push({ start: e.startTime, duration: Math.round(e.duration), scripts, renderMs: e.renderStart ? Math.round(e.startTime + e.duration - e.renderStart) : 0 });
      }
    }).observe({ type: 'long-animation-frame', buffered: false });
  }
})()`;

export interface PushTiming {
  /** The push's own time: request sent until Learn's part answered (host + Learn), ms. */
  pushMs: number;
  /** From the answer until the last write of its results committed, ms. */
  applyMs: number;
}

/**
 * Each push's own time and the time its results took to land: the last outbox write that began
 * after its answer and before the next push went (the next push reads the outbox only once the
 * last one's results are in).
 */
export function pushTimings(probe: ApplyProbe): PushTiming[] {
  return probe.pushes.map((push, i) => {
    const next = probe.pushes[i + 1]?.start ?? Infinity;
    const ends = probe.writes.filter((w) => w.start >= push.answered && w.start < next && w.end > 0).map((w) => w.end);
    const landed = ends.length > 0 ? Math.max(...ends) : push.answered;
    return { pushMs: push.answered - push.start, applyMs: landed - push.answered };
  });
}
