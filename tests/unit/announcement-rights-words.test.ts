import { describe, expect, it } from 'vitest';
import { rightsFor } from '../../electron/core/app/announcement-handlers';
import { developerWordsIn } from '../support/screen-check';

/** Why an instructor may not post system announcements, in words a user reads. */
describe('announcement rights', () => {
  it('tells a role without the permissions why, in words and without an entitlement key', () => {
    const rights = rightsFor(['User']);
    expect(rights).toMatchObject({ create: false, modify: false, delete: false });
    expect(rights.reason).toContain('Only a Learn system administrator may post, change or delete system announcements');
    expect(rights.reason).toContain('(User)');
    expect(developerWordsIn([rights.reason ?? ''])).toEqual([]);
    expect(rights.reason).not.toMatch(/system\.announcements|entitlement/);
  });

  it('lets a system administrator do everything, with no reason to give', () => {
    expect(rightsFor(['SystemAdmin'])).toEqual({ create: true, modify: true, delete: true });
  });
});
