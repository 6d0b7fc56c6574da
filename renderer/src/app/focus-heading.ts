/**
 * Focus after a navigation: the new screen's heading (its `h1`, tabindex -1)
 * takes focus, so a keyboard or screen-reader user starts at the top of what just opened instead
 * of at `body`. A lazily loaded screen draws its heading later: the first `h1` to appear in
 * `main` is taken. Focus a screen gave on purpose (a field, a row) is left where it is, and so is
 * the focus of a page nobody has touched since it loaded: there the document's start, with the
 * skip link as its first tab stop, is the right place.
 */

/**
 * Whether the person has pressed a key or pointer in this document. Kept by hand rather than read
 * from `navigator.userActivation`: its value right after a reload varied between CI runs,
 * and a freshly loaded page must leave focus at its start.
 */
let touched = false;
if (typeof document !== 'undefined') {
  const mark = (): void => {
    touched = true;
  };
  document.addEventListener('pointerdown', mark, { capture: true, once: true });
  document.addEventListener('keydown', mark, { capture: true, once: true });
}

/** Whether focus is somewhere a navigation leaves behind: nowhere, a tab bar, or outside `main`. */
function focusLeftBehind(main: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || !active.isConnected) return true;
  return !main.contains(active) || active.closest('nav') !== null;
}

function focusHeading(main: HTMLElement): boolean {
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (touched && focusLeftBehind(main)) heading.focus();
  return true;
}

/** Moves focus to `main`'s heading once it is drawn; the returned function stops waiting (the next navigation). */
export function focusScreenHeading(main: HTMLElement): () => void {
  if (focusHeading(main)) return () => {};
  const observer = new MutationObserver(() => {
    if (focusHeading(main)) observer.disconnect();
  });
  observer.observe(main, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/** The skip link's target: the screen's heading, or `main` itself while the screen loads. */
export function skipToMain(event: MouseEvent): void {
  event.preventDefault();
  const main = document.getElementById('main');
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1');
  if (heading) return heading.focus();
  // No tabindex on main itself: a click on its text would focus it.
  main.tabIndex = -1;
  main.focus();
  main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
}
