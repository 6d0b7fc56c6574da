import type { MyCourse } from '../../../shared/ipc/contract';
import type { MeetingRef } from '../../../shared/domain/outbox';
import type { HelpPageId } from '../features/help/pages';

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
  | { name: 'calendar' }
  | { name: 'announcements' }
  | { name: 'settings' }
  | { name: 'history' }
  /** Help: the list of pages, or one page when a "What does this mean?" link names it. */
  | { name: 'help'; page?: HelpPageId };

export type CourseScreen = Extract<Screen, { course: MyCourse }>;

/** Where the user is. In memory on purpose: after a reload Today is the safe start. */
export class Navigation {
  #screen = $state<Screen>({ name: 'today' });
  #previous: Screen[] = [];

  get screen(): Screen {
    return this.#screen;
  }

  go(screen: Screen): void {
    this.#previous.push(this.#screen);
    this.#screen = screen;
  }

  /** Switches tabs: replaces the screen without growing the back history. */
  switchTo(screen: Screen): void {
    this.#screen = screen;
  }

  /** The screen "back" returns to, for the back link's words. */
  get previous(): Screen | undefined {
    return this.#previous.at(-1);
  }

  back(): void {
    this.#screen = this.#previous.pop() ?? { name: 'today' };
  }
}
