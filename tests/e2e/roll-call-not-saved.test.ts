import { describe, expect, it } from 'vitest';
import { checkScreen } from '../support/screen-check';
import { createMeetingAndTakeRoll, openCourse, signInToDemo, useDemoHost } from '../support/roll-call-ui';

// A key shows its status at once, from memory, and the row says "saving" until the
// record and its outbox entry are committed. When the commit fails (here: the device's storage is
// full, as IndexedDB reports it), the row goes back to what is saved and the screen says why.
describe('a mark that could not be saved', () => {
  const demo = useDemoHost();

  it('reverts the row, names the student and the reason, and saves on the next press', async () => {
    const page = await demo.browser.newPage();
    await signInToDemo(page, demo.host);
    await openCourse(page, 'PSYC-101-F26');
    await createMeetingAndTakeRoll(page, { title: 'E2E storage full', date: '2026-11-27', start: '09:00', end: '10:00' });
    const first = page.getByTestId('student-row').first();
    const name = ((await first.locator('.name').textContent()) ?? '').split(', ');
    const fullName = `${name[1]} ${name[0]}`;

    // Storage full: every new outbox entry is refused by IndexedDB, so the whole transaction aborts.
    await page.evaluate(() => {
      const proto = IDBObjectStore.prototype;
      const original = Object.getOwnPropertyDescriptor(proto, 'add')!;
      const win = window as unknown as { __restoreAdd: () => void };
      win.__restoreAdd = () => Object.defineProperty(proto, 'add', original);
      const add = original.value as (this: IDBObjectStore, ...args: unknown[]) => IDBRequest;
      Object.defineProperty(proto, 'add', {
        ...original,
        value: function (this: IDBObjectStore, ...args: unknown[]) {
          if (this.name === 'outbox') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return add.apply(this, args);
        },
      });
    });
    await first.focus();
    await page.keyboard.press('a');

    const alert = page.getByTestId('not-saved');
    await expect.poll(() => alert.textContent()).toBe(`Absent for ${fullName} was not saved: this device’s storage is full; free some space, then press the key again. The row shows what is saved.`);
    expect(await first.getByTestId('student-status').textContent()).toBe('—');
    expect(await first.getAttribute('data-saving')).toBeNull();
    expect(await first.getByText('not saved').count()).toBe(1);
    expect(await page.getByTestId('counts').textContent()).toContain('0 absent');
    // The message, the marks and the list itself: no violation.
    await checkScreen(page, 'roll-call-not-saved');

    // Space again: the same key saves it, and the message goes.
    await page.evaluate(() => (window as unknown as { __restoreAdd: () => void }).__restoreAdd());
    await first.focus();
    await page.keyboard.press('a');
    await expect.poll(() => first.getByTestId('student-status').textContent()).toBe('Absent');
    await expect.poll(() => alert.textContent()).toBe('');
    await expect.poll(() => first.getAttribute('data-saving')).toBeNull();
    expect(await page.getByTestId('counts').textContent()).toContain('1 absent');
    await page.close();
  });
});
