import { writeFileSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';

/**
 * A Chromium trace of one page, for naming what a slow figure spent its time on: its RunTask
 * events are the page's tasks, with script evaluation, compilation, style, layout and paint inside
 * each, and the CPU samples (bench/trace-tasks.ts sums them). Started before the work to be named,
 * written to a file when it ends; open it in Chromium's Performance panel or Perfetto.
 */
export interface PageTrace {
  stop(path: string): Promise<void>;
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'toplevel', 'blink.user_timing', 'loading'];

export async function startPageTrace(page: Page): Promise<PageTrace> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: CATEGORIES } });
  return {
    async stop(path) {
      const done = new Promise<string>((resolve) => cdp.once('Tracing.tracingComplete', (e: { stream?: string }) => resolve(e.stream!)));
      await cdp.send('Tracing.end');
      const stream = await done;
      const parts: string[] = [];
      for (;;) {
        const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
        parts.push(chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data);
        if (chunk.eof) break;
      }
      writeFileSync(path, parts.join(''));
      await cdp.detach();
    },
  };
}
