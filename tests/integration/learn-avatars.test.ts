import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { coreHandlers } from '../../electron/core/app/core-handlers';
import { setAvatarPicture, withSandbox } from '../support/sandbox';
import { learnAs, routeCount } from './learn-support';

// The real client against the real sandbox: Learn's 302 is followed without the token (the
// sandbox's signed link refuses a request that carries one), and only a photo gets through.
let sandbox: RunningSandbox;
let students: string[];

const setPicture = (userId: string, picture: string | null): Promise<void> => setAvatarPicture(sandbox, userId, picture);

beforeAll(async () => {
  sandbox = await withSandbox();
  const dir = sandbox.context().directory;
  const psyc = dir.course('courseId:PSYC-101-F26').id;
  students = dir.courseMemberships(psyc).filter((m) => m.courseRoleId === 'Student').map((m) => m.userId);
});
afterAll(() => sandbox.close());

describe('student photos (Get User Avatar)', () => {
  it('follows the 302 to the signed link and returns the image bytes, in each format', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const expected = { png: [0x89, 0x50], jpeg: [0xff, 0xd8] } as const;
    for (const [kind, head] of Object.entries(expected)) {
      await setPicture(students[0]!, kind);
      const answer = await learn.avatars.photo(students[0]!);
      expect(answer.state).toBe('photo');
      if (answer.state !== 'photo') continue;
      expect(answer.contentType).toBe(`image/${kind}`);
      expect([...answer.bytes.subarray(0, 2)]).toEqual(head);
    }
    expect(await routeCount(sandbox, 'GET /learn/signed/avatars/:ref')).toBeGreaterThanOrEqual(2);
  });

  it('refuses an SVG photo, saying why: a drawing can carry script, so it never reaches the page', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    await setPicture(students[0]!, 'svg');
    expect(await learn.avatars.photo(students[0]!)).toEqual({
      state: 'refused',
      reason: 'The photo is an SVG drawing, which Rollbook does not show: a drawing can carry a program. Initials are shown instead.',
    });
    // Nor through IPC: what the page would store is the refusal, never the drawing.
    const handlers = coreHandlers({ app: {} as never, signIn: { learn: () => learn } as never, emit: () => undefined });
    expect(await handlers['learn.photo']({ userId: students[0]! })).toMatchObject({ state: 'refused' });
  });

  it('answers no photo for a student without one (404)', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    await setPicture(students[1]!, null);
    expect(await learn.avatars.photo(students[1]!)).toEqual({ state: 'none' });
  });

  it('refuses a non-image answer and an oversized one, saying why', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    await setPicture(students[2]!, 'not-image');
    const page = await learn.avatars.photo(students[2]!);
    expect(page).toMatchObject({ state: 'refused', reason: expect.stringContaining('text/html') });
    await setPicture(students[2]!, 'huge');
    const huge = await learn.avatars.photo(students[2]!);
    expect(huge).toMatchObject({ state: 'refused', reason: expect.stringContaining('larger than 2 MB') });
  });

  it('tells a student they may not see another student’s photo (403)', async () => {
    const dir = sandbox.context().directory;
    const { learn } = learnAs(sandbox, dir.users.get(students[3]!)!.userName);
    await setPicture(students[4]!, 'png');
    expect(await learn.avatars.photo(students[4]!)).toMatchObject({ state: 'not-allowed' });
  });

  it('crosses IPC as base64 through the learn.photo handler', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const handlers = coreHandlers({ app: {} as never, signIn: { learn: () => learn } as never, emit: () => undefined });
    await setPicture(students[5]!, 'png');
    const answer = await handlers['learn.photo']({ userId: students[5]! });
    expect(answer.state).toBe('photo');
    if (answer.state === 'photo') expect(Buffer.from(answer.base64, 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
