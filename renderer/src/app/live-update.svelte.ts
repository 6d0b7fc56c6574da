import { invoke, on } from '../bridge';
import type { UpdateStatus } from '../../../shared/ipc/update-channels';

/**
 * The installed app's update as the main side reports it (`app.update`): read once, then kept
 * from the host's events. Browser mode answers `off` for good.
 */
export class LiveUpdate {
  #status = $state.raw<UpdateStatus>({ state: 'off' });
  #restarting = $state(false);
  readonly #stop: () => void;

  constructor() {
    let heard = false;
    this.#stop = on('app.update', (status) => {
      heard = true;
      this.#status = status;
    });
    invoke('app.update', {}).then(
      // An event may have come first: it is the newer.
      (status) => {
        if (!heard) this.#status = status;
      },
      () => undefined,
    );
  }

  get status(): UpdateStatus {
    return this.#status;
  }

  get restarting(): boolean {
    return this.#restarting;
  }

  /** Asks the main side to quit, install and start again. */
  async restart(): Promise<void> {
    this.#restarting = true;
    const answer = await invoke('app.restartToUpdate', {}).catch(() => ({ restarting: false }));
    if (!answer.restarting) this.#restarting = false;
  }

  dispose(): void {
    this.#stop();
  }
}
