import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFile } from '../../electron/core/app/ally-course-files';
import { ALLY_NOT_SET_UP } from '../../electron/core/app/ally-handlers';
import { SignInRequiredError } from '../../electron/core/auth/access-token';
import { DeploymentFileError, parseDeployment } from '../../electron/core/auth/deployment-file';
import { FileVault } from '../../electron/core/auth/file-vault';
import { createDispatcher, type Handlers } from '../../electron/core/ipc/dispatcher';
import { entitlementInWords } from '../../shared/domain/entitlement-words';
import { loadCatalogue } from '../../shared/i18n/catalogues';
import { en, type MessageKey } from '../../shared/i18n/messages/en';
import { translator } from '../../shared/i18n/translate';
import type { HostWords } from '../../shared/ipc/host-words';
import { SITE_FEATURES, type SiteFeature } from '../../shared/ipc/site-check-channels';

/**
 * The host's notes (the site check, how secrets are kept, Ally's notes, why a sign-in is needed,
 * the deployment file, refused calls) travel as catalogue keys: each key's English is the sentence
 * the host sent before, word for word, and the host sends it with its key.
 */
const english = translator('en', en, en);
const said = (words: HostWords | undefined): string => (words ? english(words.key as MessageKey, words.values) : 'no words sent');

/** The site check's words as the host wrote them inline before (electron/core/app/site-check.ts). */
const NAMES: Record<SiteFeature, string> = {
  courses: 'Sign-in and the course list',
  roster: 'Rosters',
  attendance: 'Meetings and roll call',
  content: 'Course content',
  adaptiveRelease: 'Adaptive release',
  calendar: 'Calendar',
  announcements: 'System announcements',
  ally: 'Accessibility reports (Ally)',
};
const DOING: Record<Exclude<SiteFeature, 'ally'>, [string, string]> = {
  courses: ['listing your courses', 'system.user.course.enrollment.VIEW'],
  roster: ['reading course rosters', 'course.user.VIEW'],
  attendance: ['reading or taking attendance', 'course.attendance.VIEW'],
  content: ['reading course content', 'course.content.VIEW'],
  adaptiveRelease: ['reading adaptive release rules', 'course.adaptiverelease.VIEW'],
  calendar: ['reading the calendar', 'course.calendar.VIEW'],
  announcements: ['reading system announcements', 'system.announcements.VIEW'],
};

/** Every other sentence, with the values the host fills in, as it was sent before. */
const BEFORE: [MessageKey, Record<string, string | number> | undefined, string][] = [
  ['sitecheck.noAnswer', { error: 'Learn answered 500.' }, 'Learn did not answer the check (Learn answered 500.). Check again later.'],
  ['sitecheck.noCourse', undefined, 'You teach no course on this site, so this was not checked.'],
  ['sitecheck.coursesUnread', undefined, 'Your courses could not be listed, so this was not checked.'],
  ['sitecheck.release.noContent', { course: 'Intro to Psychology' }, 'Intro to Psychology has no content to check adaptive release with.'],
  ['sitecheck.release.contentUnread', undefined, 'Course content could not be read, so adaptive release was not checked.'],
  ['sitecheck.ally.notConfigured', undefined, 'Ally is not set up for this site in Rollbook. Ask IT for the deployment file with allyClientId and allySecret (docs/deploying.md, section 4).'],
  ['sitecheck.ally.refused', undefined, 'Ally refused the client id and secret Rollbook has for this site. Ask IT to check allyClientId and allySecret in the deployment file.'],
  ['sitecheck.ally.noAnswer', { error: 'timed out' }, 'Ally did not answer the check (timed out). Check again later.'],
  ['sitecheck.ally.silent', undefined, 'Ally did not answer the check (no answer). Check again later.'],
  ['hostnotes.protection.desktop', undefined, "Desktop: the Learn refresh token and application secret are encrypted with your operating system's keychain (Electron safeStorage)."],
  [
    'hostnotes.protection.browser',
    undefined,
    'Browser mode: the Learn refresh token and application secret are kept unencrypted in a file only your user account can read. An operating-system keychain (the desktop app) protects them better.',
  ],
  [
    'hostnotes.ally.notSetUp',
    undefined,
    'Ally is not set up for this Learn site. Ask your IT team to add the institution’s Ally integration to Rollbook’s deployment file: ' +
      'the Ally API address (allyUrl, for example https://prod.ally.ac), the numerical Ally client id (allyClientId) and that client’s shared secret (allySecret). ' +
      'Rollbook keeps the secret in this computer’s protected store and never shows it again.',
  ],
  ['hostnotes.ally.fileGone', { item: '_7_1', file: '_9_1' }, 'That file is no longer in the course (item _7_1, file _9_1), or you can no longer see it. Refresh the list.'],
  [
    'hostnotes.ally.inPageText',
    undefined,
    'This file is inside the text of a page, and Learn does not let apps read those files, so Rollbook cannot check it. Open the page in Learn to see its accessibility score.',
  ],
  ['hostnotes.ally.notListed', { title: 'Week 2', reason: 'Learn answered 403.' }, 'Learn would not list the files of “Week 2”: Learn answered 403.'],
  ['hostnotes.ally.notCheckable', undefined, 'Ally does not check this type of file.'],
  ['hostnotes.ally.notCheckedYet', undefined, 'Ally has not checked this file yet.'],
  ['hostnotes.ally.noReportYet', undefined, 'Ally has this file but no report for it yet (still checking, or it could not read the file).'],
  ['hostnotes.ally.checkFailed', undefined, 'Ally could not check this file.'],
  ['hostnotes.ally.checkFailedSaid', { said: 'corrupt PDF' }, 'Ally could not check this file: corrupt PDF'],
  ['hostnotes.ally.formatTooLarge', { format: 'epub', file: 'Week 1.pdf', size: 61 }, 'The epub version of Week 1.pdf is 61 MB, more than Rollbook passes to its window (50 MB).'],
  ['host.signIn.notSignedIn', undefined, 'You are not signed in to Learn. Sign in to continue.'],
  ['host.signIn.storeOwner', undefined, 'Your data on this device opens only while you are signed in as its owner. Sign in again.'],
  ['host.signIn.confirmAccount', undefined, 'Say first whether the Learn account signed in is yours.'],
  ['host.signIn.nothingSent', undefined, 'You are not signed in, so nothing was sent: your changes are still waiting on this device.'],
  ['host.signIn.otherSignIn', undefined, 'These changes were made under another sign-in, so they were not sent: they wait on this device until that sign-in is open.'],
  ['hostnotes.signIn.noDemo', undefined, 'The demo is not available in this copy of Rollbook.'],
  [
    'hostnotes.announcements.adminOnly',
    { roles: 'User' },
    'Only a Learn system administrator may post, change or delete system announcements. Your Learn system role (User) may only read them; ask your Learn administrator if you need to post one.',
  ],
  [
    'hostnotes.announcements.adminOnlyNoRole',
    undefined,
    'Only a Learn system administrator may post, change or delete system announcements. Your Learn system role (none) may only read them; ask your Learn administrator if you need to post one.',
  ],
  ['hostnotes.signIn.siteForgotten', undefined, 'Rollbook does not know that site any more. Connect to it again with its address.'],
  [
    'hostnotes.vault.noKeyring',
    undefined,
    'Rollbook will not store your Learn sign-in: this Linux desktop has no keyring (GNOME Keyring, KWallet), so it could only be kept as plain text. Install or unlock a keyring, or use Rollbook in browser mode.',
  ],
  ['hostnotes.vault.locked', undefined, "Rollbook will not store your Learn sign-in: your operating system's encryption (keychain) is not available right now. Unlock it and try again."],
  ['hostnotes.vault.damaged', { file: '/home/ana/.rollbook/rollbook-secrets.json' }, "Rollbook's secrets file is damaged (/home/ana/.rollbook/rollbook-secrets.json). Delete it and sign in again."],
  ['hostnotes.journal.otherAccount', undefined, 'These changes belong to an account that is not signed in, so Rollbook did not keep a copy of them.'],
  ['hostnotes.journal.none', undefined, 'This copy of Rollbook keeps no safety copy of waiting changes.'],
  ['hostnotes.sync.outOfStep', undefined, 'Sync went wrong inside Rollbook: nothing was lost, your changes are still waiting. Please try again.'],
  ['hostnotes.deployment.tooLarge', { path: '/etc/rollbook/deployment.json' }, 'The deployment file /etc/rollbook/deployment.json is too large to be a deployment file.'],
  ['hostnotes.deployment.unreadable', { path: '/etc/rollbook/deployment.json', code: 'EACCES' }, 'The deployment file /etc/rollbook/deployment.json cannot be read (EACCES).'],
  ['hostnotes.deployment.notJson', { path: 'd.json' }, 'The deployment file d.json is not valid JSON.'],
  ['hostnotes.deployment.fieldsWrong', { path: 'd.json', problems: 'applicationKey: Too small' }, 'The deployment file d.json is not usable: applicationKey: Too small. It needs learnUrl, applicationKey and applicationSecret.'],
  [
    'hostnotes.deployment.allyHalf',
    { path: 'd.json', missing: 'allySecret' },
    'The deployment file d.json is not usable: allySecret: missing. Ally needs allyClientId and allySecret together; give both, or neither where the institution has no Ally.',
  ],
  ['hostnotes.deployment.allyUrlAlone', { path: 'd.json' }, 'The deployment file d.json is not usable: allyUrl is given without allyClientId and allySecret.'],
  ['hostnotes.deployment.address', { path: 'd.json', problem: 'The Learn address must use https.' }, 'The deployment file d.json: The Learn address must use https.'],
  ['hostnotes.deployment.notUsed', { path: 'd.json', error: 'TypeError' }, 'The deployment file d.json could not be used (TypeError).'],
  [
    'hostnotes.deployment.fileWritable',
    { path: 'd.json', accounts: 'S-1-5-32-545' },
    "The deployment file d.json is not used: it can be changed by accounts other than administrators (S-1-5-32-545), so it may not be IT's. It must be writable by administrators only.",
  ],
  [
    'hostnotes.deployment.folderWritable',
    { path: 'd.json', folder: 'C:\\ProgramData\\Rollbook', accounts: 'S-1-5-32-545' },
    "The deployment file d.json is not used: its folder C:\\ProgramData\\Rollbook can be changed by accounts other than administrators (S-1-5-32-545), so it may not be IT's. It must be writable by administrators only.",
  ],
  [
    'hostnotes.deployment.fileOwner',
    { path: 'd.json', owner: 1001 },
    "The deployment file d.json is not used: it belongs to another account (user id 1001), not to an administrator, so it may not be IT's. It must be writable by administrators only.",
  ],
  [
    'hostnotes.deployment.folderOwner',
    { path: 'd.json', folder: '/etc/rollbook', owner: 1001 },
    "The deployment file d.json is not used: its folder /etc/rollbook belongs to another account (user id 1001), not to an administrator, so it may not be IT's. It must be writable by administrators only.",
  ],
  [
    'hostnotes.deployment.fileOthersWrite',
    { path: 'd.json' },
    "The deployment file d.json is not used: it can be changed by other accounts on this computer, so it may not be IT's. It must be writable by administrators only.",
  ],
  [
    'hostnotes.deployment.folderOthersWrite',
    { path: 'd.json', folder: '/etc/rollbook' },
    "The deployment file d.json is not used: its folder /etc/rollbook can be changed by other accounts on this computer, so it may not be IT's. It must be writable by administrators only.",
  ],
  ['hostnotes.deployment.askIT', undefined, 'Ask your IT team for a corrected file; until then, connect to your site by typing its address, key and secret.'],
  [
    'hostnotes.refused.notOpened',
    undefined,
    "This window was not opened from Rollbook's launch link, or Rollbook has restarted since, or the window was left unused for eight hours. Run `npm start` again and open the link it prints.",
  ],
  ['hostnotes.refused.status', { status: 502 }, 'The Rollbook host refused the call (502).'],
];

describe('the host’s notes in the instructor’s language', () => {
  it('keeps every English sentence as the host sent it before', () => {
    for (const feature of SITE_FEATURES) expect(english(`sitecheck.name.${feature}`)).toBe(NAMES[feature]);
    for (const [feature, [doing, needs]] of Object.entries(DOING) as [Exclude<SiteFeature, 'ally'>, [string, string]][]) {
      expect(english(`sitecheck.notAllowed.${feature}`)).toBe(`Your role on this site does not allow ${doing}. Ask your Learn administrator for ${entitlementInWords(needs)}.`);
      expect(english(`sitecheck.notEnabled.${feature}`)).toBe(
        `${NAMES[feature]} is not enabled on this Learn site (Learn answered "not found"). Ask your Learn administrator whether it can be switched on.`,
      );
    }
    for (const [key, values, before] of BEFORE) expect(english(key, values), key).toBe(before);
    // Every key of the two areas is checked here but the refusals, whose plain sentences are new (their technical text is the Details).
    const checked = new Set([...BEFORE.map(([key]) => key), 'hostnotes.refused.unknownChannel', 'hostnotes.refused.invalidRequest']);
    const unchecked = Object.keys(en).filter((key) => /^(sitecheck|hostnotes)\./.test(key) && !/^sitecheck\.(name|notAllowed|notEnabled)\./.test(key) && !checked.has(key));
    expect(unchecked).toEqual([]);
  });

  it('sends each note with its key, and the key’s English is the sentence it sends', async () => {
    const vault = new FileVault(await mkdtemp(join(tmpdir(), 'rollbook-notes-')));
    expect(said(vault.protectionWords)).toBe(vault.protection);
    expect(said(ALLY_NOT_SET_UP.words)).toBe(ALLY_NOT_SET_UP.message);
    const file = { contentId: '_7_1', attachmentId: '_9_1', itemTitle: 'Syllabus', folderPath: [], fileName: 'syllabus.xyz', mimeType: 'application/octet-stream' };
    const notCheckable = describeFile(file, null, null);
    expect(notCheckable.noteWords?.key).toBe('hostnotes.ally.notCheckable');
    expect(said(notCheckable.noteWords)).toBe(notCheckable.note);
    const ended = new SignInRequiredError();
    expect(said(ended.words)).toBe(ended.message);
    expect(ended.message).toBe('Your Learn session has ended. Sign in again; changes waiting to sync are kept.');
    let refused: unknown;
    try {
      parseDeployment('{"learnUrl": ', 'd.json');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DeploymentFileError);
    expect(said((refused as DeploymentFileError).words)).toBe((refused as DeploymentFileError).message);
  });

  it('refuses an unknown channel or a bad request in a plain sentence, the technical text as its Details', async () => {
    const dispatch = createDispatcher({} as Handlers);
    const unknown = await dispatch('ally.nothingLikeThis', {});
    expect(unknown).toMatchObject({ ok: false, error: { name: 'UnknownChannel', detail: 'Unknown channel: ally.nothingLikeThis', words: { key: 'hostnotes.refused.unknownChannel' } } });
    const bad = await dispatch('ally.listFiles', { courseId: 42 });
    expect(bad).toMatchObject({ ok: false, error: { name: 'InvalidRequest', words: { key: 'hostnotes.refused.invalidRequest' } } });
    for (const result of [unknown, bad]) {
      if (result.ok) throw new Error('refused');
      expect(result.error.message).toBe(said(result.error.words));
      expect(result.error.message).not.toMatch(/channel|courseId|ally\./i);
    }
    if (!bad.ok) expect(bad.error.detail).toMatch(/^Invalid request for ally\.listFiles: .*courseId/s);
  });

  it('writes them in Spanish from the key, the values kept as they came', async () => {
    const spanish = translator('es', await loadCatalogue('es'), en);
    expect(spanish('sitecheck.notAllowed.attendance')).toMatch(/^Su rol en este sitio no permite consultar ni tomar la asistencia\./);
    expect(spanish('sitecheck.name.attendance')).toBe('Reuniones y asistencia');
    const note = spanish('hostnotes.ally.checkFailedSaid', { said: 'corrupt PDF' });
    expect(note).toBe('Ally no pudo comprobar este archivo: corrupt PDF');
  });
});
