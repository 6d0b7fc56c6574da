/**
 * The keys that open Help: F1 anywhere, and `?` when it would not type a character (focus is not in
 * a text field) and no open dialog has the keyboard. F1's own browser help is replaced.
 *
 * A `?` that ends a burst of keys (the previous one under BURST_MS before it) is not a person asking
 * for Help: a card reader that types like a keyboard ends each magnetic-stripe track with `?`, and a
 * reader at the door must not open Help mid-swipe. People do not type two keys 30 ms apart outside
 * a text field; readers type a character every few milliseconds.
 */
export const BURST_MS = 30;

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);
let lastKeyAt = Number.NEGATIVE_INFINITY;

/** `now` is the press's time in ms (the event's own by default; a test passes its own clock). */
export function helpKeyPressed(event: KeyboardEvent, now: number = event.timeStamp): boolean {
  const previous = lastKeyAt;
  // Shift before `?` is part of the same key for a person: only other keys count towards a burst.
  if (!MODIFIERS.has(event.key)) lastKeyAt = now;
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('[role="dialog"], [role="alertdialog"], dialog')) return false;
  if (event.key === 'F1') {
    event.preventDefault();
    return true;
  }
  return event.key === '?' && !typesText(target) && now - previous >= BURST_MS;
}

/** Whether a key press in this element would type: text inputs, text areas, editable content. */
function typesText(target: Element | null): boolean {
  if (!target) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(target.type);
  // By attribute rather than isContentEditable: it holds for text inside an editable block too.
  return target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}
