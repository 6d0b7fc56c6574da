/**
 * Installed in the page before the presses. For each status key pressed on a student row it
 * records, from the key event's own time stamp:
 * - `paint`: the next frame painted after the key's handlers ran (a rAF callback runs just before
 *   the frame is painted; a message posted from it is delivered once that frame is out);
 * - `shown`: the first frame painted with the new status in that student's row (what the user
 *   waits for; since issue 17 the row shows it from memory, so it is the same frame as `paint`).
 * A press whose status does not appear within 2 s counts in `missing`.
 *
 * Plain JavaScript source, not a function: tsx compiles functions with helpers (`__name`) that do
 * not exist in the page.
 */
export interface PaintProbe {
  paint: number[];
  shown: number[];
  missing: number;
}

export const PAINT_PROBE = `(() => {
  const probe = { paint: [], shown: [], missing: 0 };
  window.__paintProbe = probe;
  const STATUS = { p: 'Present', a: 'Absent', l: 'Late', e: 'Excused' };
  const afterPaint = (done) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(performance.now());
    channel.port2.postMessage(null);
  });
  document.addEventListener('keydown', (event) => {
    const status = STATUS[event.key.toLowerCase()];
    // The active student: the focused row, or the one the focused list names (aria-activedescendant).
    const focused = document.activeElement;
    const row = focused && (focused.closest('[data-testid="student-row"]') || document.getElementById(focused.getAttribute('aria-activedescendant') || ''));
    const userId = row && row.getAttribute('data-user-id');
    const list = document.querySelector('[data-testid="roll-call-list"]');
    if (!status || !userId || !list || event.ctrlKey || event.metaKey || event.altKey) return;
    const t0 = event.timeStamp;
    afterPaint((t) => probe.paint.push(t - t0));
    const shown = () => {
      const cell = document.querySelector('[data-user-id="' + userId + '"] [data-testid="student-status"]');
      return cell !== null && cell.textContent === status;
    };
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      clearTimeout(timer);
      afterPaint((t) => probe.shown.push(t - t0));
    });
    const timer = setTimeout(() => { observer.disconnect(); probe.missing++; }, 2000);
    observer.observe(list, { subtree: true, childList: true, characterData: true, attributes: true });
  }, { capture: true });
})()`;
