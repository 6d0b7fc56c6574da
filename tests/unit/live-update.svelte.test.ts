// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../shared/ipc/update-channels';
import { restartOffer } from '../../shared/domain/update-offer';
import { LiveUpdate } from '../../renderer/src/app/live-update.svelte';

/**
 * What the "Restart to update" banner (renderer/src/app/UpdateBanner.svelte) reads: the host's
 * update status, live, through the desktop's bridge (`window.rollbook`, what electron/preload.ts
 * exposes), here answering as the host does: `app.update` from its status, the event when the
 * download finishes, and `app.restartToUpdate` only with an update ready.
 */
function desktopHost(initial: UpdateStatus) {
  const listeners: ((payload: unknown) => void)[] = [];
  const calls: string[] = [];
  let status = initial;
  window.rollbook = {
    invoke: (channel: string) => {
      calls.push(channel);
      if (channel === 'app.update') return Promise.resolve({ ok: true, value: status });
      if (channel === 'app.restartToUpdate') return Promise.resolve({ ok: true, value: { restarting: status.state === 'ready' } });
      return Promise.resolve({ ok: false, error: { name: 'Unexpected', message: channel } });
    },
    on: (event: string, listener: (payload: unknown) => void) => {
      if (event === 'app.update') listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  } as unknown as typeof window.rollbook;
  return {
    calls,
    downloaded: (version: string) => {
      status = { state: 'ready', version };
      for (const listener of [...listeners]) listener(status);
    },
  };
}

const idle = { waitingToSync: 0, syncing: false, rollCallOpen: false };

describe('the update as the page sees it', () => {
  let update: LiveUpdate | undefined;
  afterEach(() => update?.dispose());

  it('follows the host from downloading to ready, offers the restart then, and asks the host for it', async () => {
    const host = desktopHost({ state: 'downloading', version: '1.2.0' });
    update = new LiveUpdate();
    await expect.poll(() => update?.status).toEqual({ state: 'downloading', version: '1.2.0' });
    expect(restartOffer(update.status, idle)).toBeUndefined();

    host.downloaded('1.2.0');
    expect(restartOffer(update.status, idle)).toEqual({ version: '1.2.0' });
    expect(restartOffer(update.status, { ...idle, rollCallOpen: true })).toBeUndefined();

    await update.restart();
    expect(host.calls).toContain('app.restartToUpdate');
    expect(update.restarting).toBe(true);
  });

  it('takes the event over an older answer that arrives after it', async () => {
    const host = desktopHost({ state: 'current' });
    update = new LiveUpdate();
    host.downloaded('1.3.0');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(update.status).toEqual({ state: 'ready', version: '1.3.0' });
  });

  it('lets go of the button when the host has nothing to install', async () => {
    desktopHost({ state: 'current' });
    update = new LiveUpdate();
    await update.restart();
    expect(update.restarting).toBe(false);
  });
});
