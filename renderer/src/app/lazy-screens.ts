import type { Component } from 'svelte';
import { whenIdle } from '../ui/after-paint';
import { helpPagesInLanguage } from '../features/help/pages';

/**
 * The screens that are not on the way to taking roll, each loaded on its first visit from a chunk
 * of its own (the signed-in part's chunk, app/signed-in-part.ts, holds Today, the course
 * list and the roll call, so a start parses only those). A loaded screen is kept, so a later visit
 * shows it at once.
 */
export interface LazyScreen<P extends Record<string, unknown>> {
  /** The component, once its chunk has loaded. */
  readonly loaded: Component<P> | undefined;
  load(): Promise<Component<P>>;
}

function lazy<P extends Record<string, unknown>>(importer: () => Promise<{ default: Component<P> }>): LazyScreen<P> {
  let loaded: Component<P> | undefined;
  let loading: Promise<Component<P>> | undefined;
  return {
    get loaded() {
      return loaded;
    },
    load() {
      loading ??= importer().then(
        (module) => (loaded = module.default),
        (error: unknown) => {
          loading = undefined; // a later visit tries again
          throw error;
        },
      );
      return loading;
    },
  };
}

export const lazyScreens = {
  // First of the chunks loaded when idle: Help is what an instructor opens when something is wrong, offline included.
  // Its pages in the screen's language load first, so Help opens offline once its chunk is here.
  help: lazy(() => helpPagesInLanguage().then(() => import('../features/help/HelpScreen.svelte'), () => import('../features/help/HelpScreen.svelte'))),
  history: lazy(() => import('../features/attendance/SyncHistoryScreen.svelte')),
  attendanceReport: lazy(() => import('../features/attendance-csv/AttendanceReportScreen.svelte')),
  csvImport: lazy(() => import('../features/attendance-csv/CsvImportScreen.svelte')),
  content: lazy(() => import('../features/content/ContentScreen.svelte')),
  accessibility: lazy(() => import('../features/accessibility/AccessibilityScreen.svelte')),
  calendar: lazy(() => import('../features/calendar/CalendarScreen.svelte')),
  announcements: lazy(() => import('../features/announcements/AnnouncementsScreen.svelte')),
  courseAnnouncements: lazy(() => import('../features/announcements/CourseAnnouncementsScreen.svelte')),
  settings: lazy(() => import('../features/settings/SettingsScreen.svelte')),
};

/** A chunk waits at most this long for an idle page. */
const IDLE_WAIT_MS = 5_000;

let settle: () => void = () => undefined;
const homeSettled = new Promise<void>((resolve) => (settle = resolve));

/**
 * Called by the home screen once it shows Learn's courses and meetings (or is offline): only then
 * do the other screens' chunks load, so they never compete with a start for the host or the page.
 */
export function homeScreenSettled(): void {
  settle();
}

/**
 * Loads the other screens' chunks one by one when the page is idle after the home screen has
 * settled: the start stays quick, and a screen opened later (or while this window has lost its
 * network, as a browser-mode tab can) shows at once. A chunk that fails here is tried again on its
 * first visit.
 */
export function loadScreensWhenIdle(): () => void {
  let stopped = false;
  const queue = Object.values(lazyScreens) as LazyScreen<Record<string, unknown>>[];
  const next = (): void => {
    const screen = queue.shift();
    if (stopped || !screen) return;
    const load = screen.loaded ? Promise.resolve() : screen.load().then(() => undefined);
    void load.catch(() => undefined).then(() => whenIdle(IDLE_WAIT_MS)).then(next);
  };
  void homeSettled.then(() => whenIdle(IDLE_WAIT_MS)).then(next);
  return () => {
    stopped = true;
  };
}
