import { z } from 'zod';
import type { MyCourse } from '../../../shared/ipc/contract';
import type { MeetingRef } from '../../../shared/domain/outbox';
import type { HelpPageId } from '../features/help/page-ids';
import { hashOf, routeOf, type Route } from './routes';
import { t } from '../ui/i18n';

/**
 * The screens of the signed-in app. A course's screens share the course tabs (CourseTabs.svelte);
 * calendar, announcements and sync history are across courses. A feature keeps its inner steps
 * (an item's details, an import's preview) in its own state, so this list stays short.
 */
export type Screen =
  | { name: 'today' }
  | { name: 'courses' }
  | { name: 'meetings'; course: MyCourse }
  | { name: 'roll-call'; course: MyCourse; meeting: MeetingRef; meetingTitle: string }
  | { name: 'attendance-report'; course: MyCourse }
  | { name: 'csv-import'; course: MyCourse }
  | { name: 'content'; course: MyCourse }
  | { name: 'accessibility'; course: MyCourse }
  | { name: 'course-announcements'; course: MyCourse }
  | { name: 'calendar' }
  | { name: 'announcements' }
  | { name: 'settings' }
  | { name: 'history' }
  /** Help: the list of pages, or one page when a "What does this mean?" link names it. */
  | { name: 'help'; page?: HelpPageId };

export type CourseScreen = Extract<Screen, { course: MyCourse }>;

/** A followed address: the screen it names, or the nearest one and a plain word on why. */
export interface Place {
  screen: Screen;
  notice?: string;
}
/**
 * Reads what an address names from this device's store (place-resolve.ts). `known`: a course this
 * window has shown, found without the store (a past course is listed from Learn, not kept).
 */
export type ResolvePlace = (route: Route, known: (courseId: string) => MyCourse | undefined) => Promise<Place>;

export function routeFor(screen: Screen): Route {
  if (screen.name === 'roll-call') return { name: 'roll-call', courseId: screen.course.id, meeting: screen.meeting };
  if ('course' in screen) return { name: screen.name, courseId: screen.course.id };
  if (screen.name === 'help') return screen.page ? { name: 'help', page: screen.page } : { name: 'help' };
  return { name: screen.name };
}

/** What this app keeps in each history entry it makes: how deep in the app it is, and the address before it. */
const Entry = z.strictObject({ depth: z.number().int().nonnegative(), previous: z.string().max(400).nullable() });
type Entry = z.infer<typeof Entry>;
const EntryState = z.object({ rollbook: Entry });
const FIRST: Entry = { depth: 0, previous: null };

/** The window's history and address, as Navigation uses them (a test passes a stand-in). */
export type PlaceWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  location: Pick<Location, 'hash'>;
  history: Pick<History, 'pushState' | 'replaceState' | 'back' | 'state'>;
};

/**
 * Where the user is, backed by the page's address (routes.ts): each screen change is a history
 * entry, so a reload returns to it and Back and Forward move between screens. Screens navigate
 * only through this object; an address typed, pasted or reached by Back is followed the same way.
 */
export class Navigation {
  #screen = $state<Screen>({ name: 'today' });
  #notice = $state<string | null>(null);
  #ready = $state(false);
  /** Raw: the history entry is written into history.state, which takes no proxy. */
  #entry = $state.raw<Entry>(FIRST);
  /** The address shown, as this object last set or followed it. */
  #hash = '';
  /** The courses this window has shown, by Learn's id: a cache no screen reads reactively. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #courses = new Map<string, MyCourse>();
  /** Counts follows, so a slow read for an address left meanwhile is dropped. */
  #turn = 0;
  readonly #stop: () => void;

  constructor(
    private readonly resolve: ResolvePlace,
    private readonly win: PlaceWindow = window,
  ) {
    const follow = (): void => void this.#follow();
    win.addEventListener('popstate', follow);
    win.addEventListener('hashchange', follow);
    this.#stop = () => {
      win.removeEventListener('popstate', follow);
      win.removeEventListener('hashchange', follow);
    };
    void this.#follow();
  }

  get screen(): Screen {
    return this.#screen;
  }

  /** False until the address the page opened on has been followed: nothing to show before. */
  get ready(): boolean {
    return this.#ready;
  }

  /** Why the screen shown is not the one the address asked for (a meeting deleted, a course not here). */
  get notice(): string | null {
    return this.#notice;
  }

  /** The screen "back" returns to, for the back link's words. */
  get previous(): Route | undefined {
    return this.#entry.previous === null ? undefined : (routeOf(this.#entry.previous) ?? undefined);
  }

  go(screen: Screen): void {
    const hash = hashOf(routeFor(screen));
    if (hash === this.#hash) return this.#show(screen);
    const entry = { depth: this.#entry.depth + 1, previous: this.#hash };
    this.win.history.pushState({ rollbook: entry }, '', hash);
    this.#entry = entry;
    this.#hash = hash;
    this.#show(screen);
  }

  /** Switches tabs: replaces the screen without growing the back history. */
  switchTo(screen: Screen): void {
    this.#replace(screen);
  }

  /** The previous screen of this app's history, or Today when the history starts here. */
  back(): void {
    if (this.#entry.depth > 0) this.win.history.back();
    else this.#replace({ name: 'today' });
  }

  /**
   * Goes to a screen "above" this one (a roll call's course meetings): back when it is the screen
   * before, so Back does not then return here; forward to it otherwise (a roll call opened from Today).
   */
  up(screen: Screen): void {
    if (this.#entry.depth > 0 && this.#entry.previous === hashOf(routeFor(screen))) this.win.history.back();
    else this.go(screen);
  }

  dispose(): void {
    this.#stop();
  }

  /**
   * The signed-in part ends (sign-out, another site or user): the address goes back to Today, so
   * the next sign-in, perhaps as someone else whose course has the same Learn id, starts there. A
   * reload never gets here, so it keeps its place.
   */
  leave(): void {
    this.#stop();
    this.win.history.replaceState(null, '', hashOf({ name: 'today' }));
  }

  #show(screen: Screen, notice: string | null = null): void {
    this.#turn++;
    if ('course' in screen) this.#courses.set(screen.course.id, screen.course);
    this.#screen = screen;
    this.#notice = notice;
    this.#ready = true;
  }

  #replace(screen: Screen, notice: string | null = null): void {
    const hash = hashOf(routeFor(screen));
    this.win.history.replaceState({ rollbook: this.#entry }, '', hash);
    this.#hash = hash;
    this.#show(screen, notice);
  }

  /** Follows the address the page is at (opened, reloaded, Back, Forward, typed). */
  async #follow(): Promise<void> {
    const hash = this.win.location.hash;
    if (this.#ready && hash === this.#hash) return;
    const kept = EntryState.safeParse(this.win.history.state);
    this.#entry = kept.success ? kept.data.rollbook : FIRST;
    this.#hash = hash;
    const route = routeOf(hash);
    if (!route) return this.#replace({ name: 'today' }, t('frame.place.notAScreen'));
    const turn = ++this.#turn;
    const place = await this.resolve(route, (id) => this.#courses.get(id)).catch(() => ({ screen: { name: 'today' } as Screen, notice: t('frame.place.couldNotOpen') }));
    if (turn !== this.#turn) return;
    // The address is written even when it named this place: an empty one becomes Today's, and the entry keeps its depth.
    this.#replace(place.screen, place.notice ?? null);
  }
}

