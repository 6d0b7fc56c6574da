import type { EventName, EventOf } from '../../../shared/ipc/contract';
import type { Handlers } from '../ipc/dispatcher';
import type { UpdateService } from '../updates/update-service';

/**
 * `app.update` and `app.restartToUpdate`, and the `app.update` event whenever the status changes.
 * A host without updates (browser mode, a build run from source) passes none: the status is `off`
 * and no restart is offered.
 */
export function updateHandlers(deps: {
  updates: UpdateService | undefined;
  emit: <E extends EventName>(event: E, payload: EventOf<E>) => void;
}): Pick<Handlers, 'app.update' | 'app.restartToUpdate'> {
  const { updates } = deps;
  updates?.onChange((status) => deps.emit('app.update', status));
  return {
    'app.update': () => Promise.resolve(updates?.status() ?? { state: 'off' }),
    'app.restartToUpdate': () => Promise.resolve({ restarting: updates?.restartToUpdate() ?? false }),
  };
}
