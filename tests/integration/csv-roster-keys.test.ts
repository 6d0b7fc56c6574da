import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../sandbox/server';
import { learnHandlers } from '../../electron/core/app/learn-handlers';
import { contract } from '../../shared/ipc/contract';
import { withSandbox } from '../support/sandbox';
import { PSYC, learnAs } from './learn-support';

/**
 * CSV import may identify students by email or external user key: `learn.roster` carries
 * both from Learn's user records, through the real client against the sandbox, and the answer
 * still satisfies the strict contract.
 */
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('learn.roster for CSV import', () => {
  it('returns each student with their email; the external user key only where Learn shows it', async () => {
    const { learn } = learnAs(sandbox, 'instructor');
    const answer = await learnHandlers(() => learn)['learn.roster']({ courseId: PSYC });
    const { members } = contract['learn.roster'].response.parse(answer);
    expect(members).toHaveLength(300);
    for (const m of members) {
      expect(m.email).toBe(`${m.userName}@northfield.example.edu`);
      // Learn shows course staff a user's id, user name, student id, name and contact only.
      expect(m.externalId).toBeUndefined();
    }
  });
});
