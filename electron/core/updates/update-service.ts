import type { Logger } from '../../../shared/logger';
import type { UpdateStatus } from '../../../shared/ipc/update-channels';
import type { UpdateFeed } from './update-settings';

/**
 * The installed app's updates, decided here and carried out by electron-updater (the `Updater`
 * port: the desktop host passes its `autoUpdater`, tests a real electron-updater pointed at a feed
 * they serve). Rollbook checks the feed at start and once a day, downloads a newer version in the
 * background, and installs it when it quits. It never restarts by itself: the renderer offers
 * "Restart to update" when nothing is waiting to sync and no roll call is open
 * (shared/domain/update-offer.ts), and only that button calls `restartToUpdate`.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** A check that failed (offline, the feed down) is tried again sooner than the next day. */
export const RETRY_MS = 60 * 60 * 1000;

/** What Rollbook uses of electron-updater's AppUpdater. */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  allowDowngrade: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<{ isUpdateAvailable: boolean; updateInfo: { version: string }; downloadPromise?: Promise<unknown> | null } | null>;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (run, ms) => {
    const handle = setTimeout(run, ms);
    // A pending check must not keep a quitting process alive.
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class UpdateService {
  #status: UpdateStatus;
  #listeners: ((status: UpdateStatus) => void)[] = [];
  #timer: unknown;
  #stopped = false;

  constructor(
    private readonly updater: Updater | undefined,
    private readonly feed: UpdateFeed,
    private readonly log: Logger,
    private readonly timers: Timers = realTimers,
  ) {
    this.#status = { state: updater && feed.state === 'on' ? 'current' : 'off' };
  }

  status(): UpdateStatus {
    return this.#status;
  }

  onChange(listener: (status: UpdateStatus) => void): void {
    this.#listeners.push(listener);
  }

  /** Points the updater at the feed and checks at once, then daily. Nothing happens when updates are off. */
  start(): void {
    const { updater, feed } = this;
    if (!updater || feed.state === 'off') {
      this.log.info('Updates are off', { reason: feed.state === 'off' ? feed.reason : 'this build does not update itself' });
      return;
    }
    updater.setFeedURL({ provider: 'generic', url: feed.url });
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = true;
    updater.allowDowngrade = false;
    updater.on('update-downloaded', (info) => {
      this.log.info('An update is ready; it installs when Rollbook quits', { version: info.version });
      this.#set({ state: 'ready', version: info.version });
    });
    void this.check();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer !== undefined) this.timers.clearTimeout(this.#timer);
  }

  /** One check of the feed; the next is scheduled whatever it found. Exposed for the daily timer and tests. */
  async check(): Promise<void> {
    const { updater } = this;
    if (!updater || this.#stopped || this.#status.state === 'ready' || this.#status.state === 'off') return;
    let next = DAY_MS;
    try {
      const result = await updater.checkForUpdates();
      if (result?.isUpdateAvailable) {
        this.#set({ state: 'downloading', version: result.updateInfo.version });
        // The download runs in the background; `update-downloaded` says when it is done.
        await result.downloadPromise?.catch((error: unknown) => {
          this.log.warn('The update could not be downloaded; trying again later', { version: result.updateInfo.version, error: message(error) });
          this.#set({ state: 'current' });
          next = RETRY_MS;
        });
      }
    } catch (error) {
      this.log.warn('Could not check for updates; trying again later', { error: message(error) });
      next = RETRY_MS;
    }
    if (this.status().state !== 'ready' && !this.#stopped) this.#timer = this.timers.setTimeout(() => void this.check(), next);
  }

  /** The button's restart: installs the downloaded update and starts Rollbook again. False when none is ready. */
  restartToUpdate(): boolean {
    if (!this.updater || this.#status.state !== 'ready') return false;
    this.log.info('Restarting to install the update', { version: this.#status.version });
    this.stop();
    // Silent, as on quit (the assisted Windows installer would otherwise walk through its pages
    // again); then Rollbook starts again.
    setImmediate(() => this.updater?.quitAndInstall(true, true));
    return true;
  }

  #set(status: UpdateStatus): void {
    this.#status = status;
    for (const listener of this.#listeners) listener(status);
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
