import type { Handlers } from '../ipc/dispatcher';
import type { LearnClient } from '../learn/learn-client';

/**
 * `learn.photo`: one student's photo for the roll call, as bytes (base64 across IPC). The renderer
 * asks for a roster's photos a few at a time in the background (features/attendance/photo-loader.ts).
 */
export function photoHandlers(learn: () => LearnClient): Pick<Handlers, 'learn.photo'> {
  return {
    'learn.photo': async ({ userId }) => {
      const answer = await learn().avatars.photo(userId);
      if (answer.state !== 'photo') return answer;
      return { state: 'photo', contentType: answer.contentType, base64: Buffer.from(answer.bytes).toString('base64') };
    },
  };
}
