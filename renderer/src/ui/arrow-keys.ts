/**
 * The arrow key as the line reads: right to left, the left arrow goes on (to the next button, the
 * next day) and the right arrow back, as a mirrored widget's arrows do in the WAI-ARIA patterns.
 * `within` is the widget: its computed direction decides, so a name in another script inside it
 * changes nothing. Up, down and every other key are returned as they are.
 */
export function arrowAsRead(event: KeyboardEvent, within: Element | undefined): string {
  const key = event.key;
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return key;
  const rtl = within !== undefined && getComputedStyle(within).direction === 'rtl';
  return rtl ? (key === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft') : key;
}
