/**
 * The keys that open Help: F1 anywhere, and `?` when it would not type a character (focus is not in
 * a text field) and no open dialog has the keyboard. F1's own browser help is replaced.
 */
export function helpKeyPressed(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('[role="dialog"], [role="alertdialog"], dialog')) return false;
  if (event.key === 'F1') {
    event.preventDefault();
    return true;
  }
  return event.key === '?' && !typesText(target);
}

/** Whether a key press in this element would type: text inputs, text areas, editable content. */
function typesText(target: Element | null): boolean {
  if (!target) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(target.type);
  // By attribute rather than isContentEditable: it holds for text inside an editable block too.
  return target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}
