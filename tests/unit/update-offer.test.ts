import { describe, expect, it } from 'vitest';
import { restartOffer } from '../../shared/domain/update-offer';

const ready = { state: 'ready', version: '1.2.0' } as const;
const idle = { waitingToSync: 0, syncing: false, rollCallOpen: false };

describe('"Restart to update"', () => {
  it('is offered for a downloaded update when nothing is waiting, syncing, or being called', () => {
    expect(restartOffer(ready, idle)).toEqual({ version: '1.2.0' });
  });

  it('is not offered while a change waits to sync, a sync runs, or a roll call is open', () => {
    expect(restartOffer(ready, { ...idle, waitingToSync: 1 })).toBeUndefined();
    expect(restartOffer(ready, { ...idle, waitingToSync: Number.POSITIVE_INFINITY })).toBeUndefined();
    expect(restartOffer(ready, { ...idle, syncing: true })).toBeUndefined();
    expect(restartOffer(ready, { ...idle, rollCallOpen: true })).toBeUndefined();
  });

  it('is not offered before the update is downloaded, or where updates are off', () => {
    expect(restartOffer({ state: 'downloading', version: '1.2.0' }, idle)).toBeUndefined();
    expect(restartOffer({ state: 'current' }, idle)).toBeUndefined();
    expect(restartOffer({ state: 'off' }, idle)).toBeUndefined();
  });
});
