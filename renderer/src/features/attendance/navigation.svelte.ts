import type { MyCourse } from '../../../../shared/ipc/contract';
import type { MeetingRef } from '../../../../shared/domain/outbox';

/** The screens of the attendance feature, in the order a user walks them. */
export type Screen =
  | { name: 'courses' }
  | { name: 'meetings'; course: MyCourse }
  | { name: 'roll-call'; course: MyCourse; meeting: MeetingRef; meetingTitle: string }
  | { name: 'history' };

/** Where the user is. In memory on purpose: after a reload the course list is the safe start. */
export class Navigation {
  #screen = $state<Screen>({ name: 'courses' });
  #previous: Screen[] = [];

  get screen(): Screen {
    return this.#screen;
  }

  go(screen: Screen): void {
    this.#previous.push(this.#screen);
    this.#screen = screen;
  }

  back(): void {
    this.#screen = this.#previous.pop() ?? { name: 'courses' };
  }
}
