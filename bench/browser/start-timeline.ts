import type { BrowserContext, Page } from 'playwright-core';

/**
 * What the page itself saw of a start, read from its Navigation, Paint and Resource Timing
 * entries (no app change): every time in ms since the host process was spawned, so the page's
 * clock and the benchmark's line up through their epoch times.
 */
export interface PageTimeline {
  /** The browser starting to load the launch link (the page's time origin). */
  navigationStartMs: number;
  /** The app page (after the launch link's page) fully received. */
  appPageReceivedMs: number;
  /** Its module scripts run (DOMContentLoaded). */
  scriptsRunMs: number;
  /** First contentful paint: the shell on screen. */
  firstPaintMs: number;
  /** The demo's sign-in button in the page (before it is checked as clickable). */
  signInInPageMs: number;
  /** The first course button in the page (before it is checked as clickable). */
  courseListInPageMs: number;
  /**
   * The app's own readiness, seen in the page every frame: the sign-in button there, enabled and
   * in the same place as one frame before (what Playwright's actionability checks); the click
   * reaching it; the first course button ready the same way. The harness's waits lie between.
   */
  signInReadyMs: number;
  signInClickedMs: number;
  courseListReadyMs: number;
  /** Each script file fetched: name, size (kB as Vite counts, 1,000 bytes) and fetch time. */
  scripts: { name: string; kB: number; fetchMs: number }[];
  /** Each IPC call: channel, when the page asked (since spawn) and how long the answer took. */
  ipc: { channel: string; atMs: number; ms: number }[];
}

interface RawTimeline {
  timeOrigin: number;
  responseEnd: number;
  domContentLoaded: number;
  firstPaint: number;
  marks: Record<string, number>;
  resources: { name: string; startTime: number; responseEnd: number; size: number; type: string }[];
}

/**
 * Notes, in the page, when the sign-in button and the first course button first appear (a
 * MutationObserver in an init script: no app change), so the time the test harness takes to find
 * them and check them clickable is told apart from the app's.
 */
export async function watchStartMarks(context: BrowserContext): Promise<void> {
  // A string, not a function: tsx compiles with keepNames, whose __name helper does not exist in the page.
  await context.addInitScript({
    content: `(() => {
      const marks = {};
      window.__startMarks = marks;
      const signInButton = () => [...document.querySelectorAll('button')].find((b) => (b.textContent || '').includes('Sign in to the demo'));
      const check = () => {
        if (marks.signIn === undefined && signInButton()) marks.signIn = performance.now();
        if (marks.courseList === undefined && document.querySelector('.courses button')) marks.courseList = performance.now();
      };
      // Ready: there, enabled, and where it was one frame before (checked every frame until both are).
      const last = {};
      const ready = (name, button, at) => {
        if (marks[name] !== undefined) return;
        const box = button && !button.disabled ? button.getBoundingClientRect() : undefined;
        const here = box && box.width > 0 && box.height > 0 ? [box.x, box.y, box.width, box.height].join() : undefined;
        if (here !== undefined && last[name] === here) marks[name] = at;
        last[name] = here;
      };
      const frame = (at) => {
        ready('signInReady', signInButton(), at);
        if (marks.signInClicked !== undefined) ready('courseListReady', document.querySelector('.courses button'), at);
        if (marks.courseListReady === undefined) requestAnimationFrame(frame);
      };
      document.addEventListener('click', (event) => {
        if (marks.signInClicked === undefined && event.target instanceof Element && (event.target.closest('button')?.textContent || '').includes('Sign in to the demo')) marks.signInClicked = performance.now();
      }, { capture: true });
      document.addEventListener('DOMContentLoaded', () => {
        check();
        new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
        requestAnimationFrame(frame);
      });
    })();`,
  });
}

/**
 * Waits, frame by frame, until the page has noted `mark` (the button in the page). Playwright's
 * actions look for their element at growing intervals (0, 20, 50, 100, 100 ms, then every 500 ms),
 * so an action started early notices a button up to half a second after it appeared, time that is
 * the harness's, not the app's. Watched every frame here, the action that follows finds it at its
 * first look and checks only what it must (visible, enabled, stable, receiving events).
 */
export async function markedInPage(page: Page, mark: 'signIn' | 'courseList'): Promise<void> {
  await page.waitForFunction((name) => (window as unknown as { __startMarks?: Record<string, number> }).__startMarks?.[name] !== undefined, mark, {
    polling: 'raf',
    timeout: 30_000,
  });
}

export async function pageTimeline(page: Page, spawnedAtEpochMs: number): Promise<PageTimeline> {
  const raw = await page.evaluate((): RawTimeline => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
      name: r.name,
      startTime: r.startTime,
      responseEnd: r.responseEnd,
      size: r.encodedBodySize,
      type: r.initiatorType,
    }));
    return {
      timeOrigin: performance.timeOrigin,
      responseEnd: nav?.responseEnd ?? Number.NaN,
      domContentLoaded: nav?.domContentLoadedEventStart ?? Number.NaN,
      firstPaint: paint?.startTime ?? Number.NaN,
      marks: (window as unknown as { __startMarks?: Record<string, number> }).__startMarks ?? {},
      resources,
    };
  });
  const since = (pageMs: number): number => Math.round(raw.timeOrigin + pageMs - spawnedAtEpochMs);
  const path = (name: string): string => new URL(name).pathname;
  return {
    navigationStartMs: since(0),
    appPageReceivedMs: since(raw.responseEnd),
    scriptsRunMs: since(raw.domContentLoaded),
    firstPaintMs: since(raw.firstPaint),
    signInInPageMs: since(raw.marks.signIn ?? Number.NaN),
    courseListInPageMs: since(raw.marks.courseList ?? Number.NaN),
    signInReadyMs: since(raw.marks.signInReady ?? Number.NaN),
    signInClickedMs: since(raw.marks.signInClicked ?? Number.NaN),
    courseListReadyMs: since(raw.marks.courseListReady ?? Number.NaN),
    scripts: raw.resources
      .filter((r) => /\.m?js$/.test(path(r.name)))
      .map((r) => ({ name: path(r.name).split('/').pop() ?? r.name, kB: Math.round(r.size / 100) / 10, fetchMs: Math.round(r.responseEnd - r.startTime) })),
    ipc: raw.resources
      .filter((r) => path(r.name).startsWith('/ipc/'))
      .map((r) => ({ channel: decodeURIComponent(path(r.name).slice('/ipc/'.length)), atMs: since(r.startTime), ms: Math.round(r.responseEnd - r.startTime) })),
  };
}
