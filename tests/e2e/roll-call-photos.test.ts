import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { avatarStore } from '../../sandbox/modules/avatars/avatar-store';
import { byName } from '../../shared/domain/name-order';
import { initialsOf } from '../../shared/domain/initials';
import { checkScreen } from '../support/screen-check';
import { createMeetingAndTakeRoll, openCourse, signInToDemo, takeRoll, useDemoHost } from '../support/roll-call-ui';

/**
 * The roll call shows students' photos from Learn (initials for a student with
 * none), keeps them on the device so they still show offline after a reload, hides them when the
 * instructor says so, and stays clean under axe at 390 and 1280 px, light and dark.
 */
const row = (page: Page, userId: string) => page.locator(`[data-testid="student-row"][data-user-id="${userId}"]`);

/** Whether the row's photo is an image the browser decoded (a blob: URL the CSP let through). */
const photoShown = (page: Page, userId: string): Promise<boolean> =>
  row(page, userId)
    .getByTestId('student-photo')
    .evaluateAll((imgs) => imgs.some((img) => img instanceof HTMLImageElement && img.src.startsWith('blob:') && img.complete && img.naturalWidth > 0));

/** The types of every photo kept in the page's IndexedDB, in every store (one a site and user). */
/**
 * The photo rows IndexedDB holds, read raw: each row's user id (a key, kept clear) and everything
 * else of it as text. Rows are sealed at rest (docs/decisions/local-data-sealed-at-rest.md), so a
 * kept photo's type and bytes are ciphertext: what is checked is which students have a row, and
 * that no row holds an SVG document readable as such.
 */
const storedPhotos = (page: Page): Promise<{ userId: string; text: string }[]> =>
  page.evaluate(async () => {
    const found: { userId: string; text: string }[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error(`Could not open ${name}`));
      });
      if (db.objectStoreNames.contains('photos')) {
        const rows = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
          const all = db.transaction('photos').objectStore('photos').getAll();
          all.onsuccess = () => resolve(all.result as Record<string, unknown>[]);
          all.onerror = () => reject(all.error ?? new Error("Could not read the photos"));
        });
        const text = (row: Record<string, unknown>): string => JSON.stringify(row, (_k, v: unknown) => (v instanceof Uint8Array ? Array.from(v, (b) => String.fromCharCode(b)).join('') : v));
        for (const row of rows) found.push({ userId: String(row.userId), text: text(row) });
      }
      db.close();
    }
    return found;
  });

/** Opens the roll call's "Key and options" when the window is narrow enough to fold them. */
async function openRollCallOptions(page: Page): Promise<void> {
  const more = page.getByTestId('roll-call-more');
  if ((await more.count()) > 0 && (await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await page.getByTestId('show-photos').waitFor();
}

describe('roll call with photos', () => {
  const demo = useDemoHost();

  it('shows photos and initials, keeps them offline across a reload, hides them on request; seats at random the same way twice', async () => {
    // The roll's first four students, in its order: one without a photo, then each format (an SVG is refused).
    const ctx = demo.sandbox.context();
    const psyc = ctx.directory.course('courseId:PSYC-101-F26').id;
    const students = ctx.directory
      .courseMemberships(psyc)
      .filter((m) => m.courseRoleId === 'Student')
      .map((m) => ({ userId: m.userId, userName: ctx.directory.users.get(m.userId)!.userName, givenName: ctx.directory.users.get(m.userId)!.name?.given ?? '', familyName: ctx.directory.users.get(m.userId)!.name?.family ?? '' }))
      .sort(byName());
    const [none, svg, jpeg, png] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0], (typeof students)[0]];
    const avatars = avatarStore(ctx);
    avatars.set(none.userId, undefined);
    avatars.set(svg.userId, { kind: 'svg', tone: 1 });
    avatars.set(jpeg.userId, { kind: 'jpeg', tone: 2 });
    avatars.set(png.userId, { kind: 'png', tone: 3 });

    const context = await demo.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    const title = 'E2E photos roll';
    await createMeetingAndTakeRoll(page, { title, date: '2026-11-27', start: '09:00', end: '10:00' });

    for (const s of [jpeg, png]) await expect.poll(() => photoShown(page, s.userId), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => row(page, none.userId).getByTestId('student-initials').textContent()).toBe(initialsOf(none));
    // An SVG photo is refused (it can carry script): initials, and nothing of it stored on the device.
    await expect.poll(() => row(page, svg.userId).getByTestId('student-initials').textContent()).toBe(initialsOf(svg));
    await expect.poll(async () => (await storedPhotos(page)).map((r) => r.userId), { timeout: 10_000 }).toEqual(expect.arrayContaining([jpeg.userId, png.userId]));
    expect((await storedPhotos(page)).filter((r) => /<svg|image\/(svg\+xml|jpeg|png)/.test(r.text))).toEqual([]);

    // A tap still marks at once with photos on.
    await row(page, png.userId).focus();
    await page.keyboard.press('a');
    await expect.poll(() => row(page, png.userId).getByTestId('student-status').textContent()).toBe('Absent');

    // Axe and plain words at 390 and 1280 px, light and dark; back at 390 px, light, afterwards.
    await checkScreen(page, 'roll-call-photos');

    // Reloaded with Learn out of reach (learn.photo refused), then offline: the photos show, from this device.
    const asked: string[] = [];
    await page.route('**/ipc/learn.photo', (route) => {
      asked.push(route.request().postData() ?? '');
      return route.abort('internetdisconnected');
    });
    await page.reload();
    await openCourse(page, 'PSYC-101-F26');
    await takeRoll(page, title);
    await context.setOffline(true);
    await expect.poll(() => page.getByTestId('connectivity').textContent()).toBe('Offline');
    for (const s of [jpeg, png]) await expect.poll(() => photoShown(page, s.userId)).toBe(true);
    await expect.poll(() => row(page, none.userId).getByTestId('student-initials').textContent()).toBe(initialsOf(none));
    await expect.poll(() => row(page, svg.userId).getByTestId('student-initials').textContent()).toBe(initialsOf(svg));
    // Kept within the week: not asked for again (others of the 300 may be, and are refused).
    expect(asked.filter((body) => [none, svg, jpeg, png].some((s) => body.includes(s.userId)))).toEqual([]);

    // Hidden: no photo or initials in any row; the choice outlives a reload; shown again on request, offline.
    // At 390 px the key and the options fold behind one button, so the list keeps the screen.
    await openRollCallOptions(page);
    await page.getByTestId('show-photos').uncheck();
    await expect.poll(() => page.getByTestId('student-photo').count()).toBe(0);
    await expect.poll(() => page.getByTestId('student-initials').count()).toBe(0);
    await context.setOffline(false);
    await page.reload();
    await openCourse(page, 'PSYC-101-F26');
    await takeRoll(page, title);
    await context.setOffline(true);
    await openRollCallOptions(page);
    await expect.poll(() => page.getByTestId('show-photos').isChecked()).toBe(false);
    expect(await page.getByTestId('student-photo').count()).toBe(0);
    await page.getByTestId('show-photos').check();
    await expect.poll(() => photoShown(page, png.userId)).toBe(true);

    // Random seating: another order than by name, the same after a reload (seeded by the meeting).
    const firstRows = () => page.getByTestId('student-row').evaluateAll((rows) => rows.slice(0, 5).map((r) => r.getAttribute('data-user-id')));
    const byNameRows = await firstRows();
    await page.getByTestId('seating-order').selectOption('random');
    await expect.poll(firstRows).not.toEqual(byNameRows);
    const shuffled = await firstRows();
    await context.setOffline(false);
    await page.reload();
    await openCourse(page, 'PSYC-101-F26');
    await takeRoll(page, title);
    await expect.poll(firstRows).toEqual(shuffled);
    await openRollCallOptions(page);
    await page.getByTestId('seating-order').selectOption('name');
    await expect.poll(firstRows).toEqual(byNameRows);
    await context.close();
  });
});
