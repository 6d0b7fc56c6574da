import { describe, expect, it } from 'vitest';
import { SignInError } from '../../electron/core/auth/sign-in-error';
import { createDispatcher, type Handlers } from '../../electron/core/ipc/dispatcher';
import { BridgeError } from '../../renderer/src/bridge';
import { problemOf } from '../../renderer/src/ui/problem';

/**
 * What reaches a screen's "Details": a sign-in refusal carries Learn's code to
 * the renderer, and an error of the renderer's own keeps its account under the plain sentence.
 */
describe('the technical account of a problem', () => {
  it('passes a sign-in refusal\'s detail over IPC beside its plain message', async () => {
    const dispatch = createDispatcher({
      'auth.status': () => Promise.reject(new SignInError('application-rejected', 'invalid_client (401)')),
    } as unknown as Handlers);
    const answer = await dispatch('auth.status', {});
    expect(answer).toEqual({
      ok: false,
      error: { name: 'SignInError', message: "Learn refused Rollbook's application key or secret. Check them with your Learn administrator and enter them again in Settings.", detail: 'invalid_client (401)', words: { key: 'host.signIn.applicationRejected' } },
    });
  });

  it('keeps a bridge error\'s detail, and a plain error\'s own words as the detail under the fallback', () => {
    expect(problemOf(new BridgeError('auth.status', 'SignInError', 'Sign in again.', 'invalid_grant (400)'), 'x')).toEqual({ message: 'Sign in again.', detail: 'invalid_grant (400)' });
    expect(problemOf(new TypeError('Failed to fetch'), 'Rollbook could not reach Learn.')).toEqual({ message: 'Rollbook could not reach Learn.', detail: 'TypeError: Failed to fetch' });
    expect(problemOf('odd', 'Rollbook could not reach Learn.')).toEqual({ message: 'Rollbook could not reach Learn.' });
  });
});
