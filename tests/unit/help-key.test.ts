// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { BURST_MS, helpKeyPressed } from '../../renderer/src/app/help-key';
import { rollCallAction } from '../../renderer/src/features/attendance/roll-call-keys';

/**
 * The keys that open Help: F1 anywhere but a dialog, `?` only where it would not type a character,
 * and neither of them a roll-call key (the roll call's letters and arrows keep working as before).
 */
/** A clock of its own, a second between presses unless a test says otherwise (a person's pace). */
let clock = 0;

function press(key: string, target: Element, init: KeyboardEventInit = {}, after = 1000): { opens: boolean; event: KeyboardEvent } {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  clock += after;
  let opens = false;
  const listen = (e: Event): void => {
    opens = helpKeyPressed(e as KeyboardEvent, clock);
  };
  document.addEventListener('keydown', listen);
  target.dispatchEvent(event);
  document.removeEventListener('keydown', listen);
  return { opens, event };
}

function add<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, parent: Element = document.body): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  parent.append(el);
  return el;
}

afterEach(() => document.body.replaceChildren());

describe('the keys that open Help', () => {
  it('? opens Help from the page, a button, a checkbox or the roll-call grid', () => {
    for (const target of [document.body, add('button'), add('input', { type: 'checkbox' }), add('div', { role: 'grid', tabindex: '0' })]) expect(press('?', target).opens).toBe(true);
  });

  it('? types into a text field, a search box, a text area or editable text instead of opening Help', () => {
    const editable = add('div', { contenteditable: 'true' });
    for (const target of [add('input'), add('input', { type: 'search' }), add('textarea'), add('select'), editable]) {
      const { opens, event } = press('?', target);
      expect(opens).toBe(false);
      expect(event.defaultPrevented).toBe(false);
    }
  });

  it('F1 opens Help even from a text field, in place of the browser’s own help', () => {
    const { opens, event } = press('F1', add('input'));
    expect(opens).toBe(true);
    expect(event.defaultPrevented).toBe(true);
  });

  it('neither key opens Help inside a dialog, nor with Ctrl, Alt or Cmd held', () => {
    const dialog = add('div', { role: 'dialog' });
    expect(press('F1', add('button', {}, dialog)).opens).toBe(false);
    expect(press('?', add('button', {}, dialog)).opens).toBe(false);
    for (const held of [{ ctrlKey: true }, { altKey: true }, { metaKey: true }]) expect(press('F1', document.body, held).opens).toBe(false);
  });

  it('? typed by a card reader at the end of a swipe does not open Help; Shift before ? is one key', () => {
    // A magnetic stripe's track 2 as a keyboard-like reader types it: ;1234567890? a few ms a key.
    let last = { opens: false, event: new KeyboardEvent('keydown') };
    for (const [i, key] of [...';1234567890?'].entries()) last = press(key, document.body, {}, i === 0 ? 1000 : 4);
    expect(last.opens).toBe(false);
    // A person: Shift, then ? at once, a moment after anything else.
    press('Shift', document.body, { shiftKey: true }, 1000);
    expect(press('?', document.body, { shiftKey: true }, 5).opens).toBe(true);
    press('p', document.body, {}, 1000);
    expect(press('?', document.body, {}, BURST_MS).opens).toBe(true);
  });

  it('is no roll-call key, and no roll-call key opens Help', () => {
    expect(rollCallAction({ key: '?', ctrlKey: false, metaKey: false, altKey: false })).toBeNull();
    expect(rollCallAction({ key: 'F1', ctrlKey: false, metaKey: false, altKey: false })).toBeNull();
    for (const key of ['p', 'a', 'l', 'e', 'P', 'ArrowDown', 'ArrowUp', 'PageDown', 'Home', 'End']) expect(press(key, document.body).opens).toBe(false);
  });
});
