import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { writePdf } from '../../sandbox/modules/ally/pdf-writer';
import { PSYC } from '../integration/learn-support';
import { openCourse } from '../support/roll-call-ui';
import { demoSite, describeDesktop, learnAsInstructor, useDesktopApp } from './desktop-app';

const WAIT = { timeout: 45_000 };
const FILE = 'Desktop reading.pdf';

// Ally from the installed app: a file Ally has never seen goes to Ally (Learn's attachment link,
// Ally's upload and its 303), comes back checked, and a format Ally makes of it is saved.
describeDesktop('Ally in the desktop app', () => {
  const app = useDesktopApp();

  it('sends a course file to Ally, shows its report and downloads a format Ally made of it', async () => {
    const { window } = app;
    // The instructor adds a handout in Learn while the app is open: Ally has never seen its bytes.
    const learn = learnAsInstructor(await demoSite(window));
    const text = 'The students read the extra chapter and discuss it with the instructor in the seminar.';
    const bytes = writePdf({ title: 'Desktop reading', lang: 'en', blocks: [{ kind: 'heading', level: 1, text: 'Desktop reading' }, { kind: 'paragraph', text }] }, { tagged: false });
    const upload = await learn.content.upload({ fileName: FILE, data: new Uint8Array(bytes), mimeType: 'application/pdf' });
    await learn.content.createContent(PSYC, { title: 'Desktop reading', contentHandler: { id: 'resource/x-bb-file', file: { uploadId: upload.id, fileName: FILE } } });

    await window.getByRole('button', { name: 'Sign in to the demo' }).click();
    await openCourse(window, 'PSYC-101-F26');
    await window.getByRole('button', { name: 'Accessibility', exact: true }).click();
    const row = window.getByTestId('ally-file').filter({ hasText: FILE });
    await expect.poll(() => row.textContent(), WAIT).toContain('Not checked by Ally yet');
    await row.getByRole('button', { name: 'Send to Ally' }).click();
    await expect.poll(() => row.textContent(), WAIT).toMatch(/Checked/);
    await expect.poll(async () => Number(await row.getAttribute('data-score'))).toBeGreaterThan(0);

    await row.getByRole('button', { name: FILE }).click();
    await window.getByRole('radio', { name: /^Braille/ }).check();
    const download = window.waitForEvent('download', WAIT);
    await window.getByRole('button', { name: 'Generate Braille' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('Desktop reading (Braille).brf');
    expect(readFileSync(await saved.path()).byteLength).toBeGreaterThan(0);
  });
});
