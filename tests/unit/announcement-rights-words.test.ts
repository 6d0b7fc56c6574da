import { describe, expect, it } from 'vitest';
import { rightsFor } from '../../electron/core/app/announcement-handlers';
import { loadCatalogue } from '../../shared/i18n/catalogues';
import { writeHostWords } from '../../shared/i18n/host-sentence';
import { en } from '../../shared/i18n/messages/en';
import { translator } from '../../shared/i18n/translate';
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

  it('sends the reason as words too: written in the instructor’s language, Learn’s role ids as they are', async () => {
    const english = translator('en', en, en);
    expect(writeHostWords(english, rightsFor(['User', 'Guest']).words!)).toBe(rightsFor(['User', 'Guest']).reason);
    const german = writeHostWords(translator('de', await loadCatalogue('de'), en), rightsFor(['User']).words!);
    expect(german).toMatch(/^Nur eine Systemadministration von Learn kann Systemankündigungen .* \(User\) /);
    // No system role at all: said in words, not as "(none)" in English.
    const none = rightsFor([]);
    expect(none.reason).toContain('(none)');
    expect(writeHostWords(translator('es', await loadCatalogue('es'), en), none.words!)).toContain('no tiene rol de sistema');
  });

  it('lets a system administrator do everything, with no reason to give', () => {
    expect(rightsFor(['SystemAdmin'])).toEqual({ create: true, modify: true, delete: true });
  });
});
