/**
 * Installed in the page before the presses. For each status key pressed on a student row it
 * records, from the key event's own time stamp:
 * - `paint`: the next frame painted after the key's handlers ran (a rAF callback runs just before
 *   the frame is painted; a message posted from it is delivered once that frame is out);
 * - `shown`: the first frame painted with the new status in that student's row (what the user
 *   waits for; the row shows it from memory, so it is the same frame as `paint`).
 * - `frameLate`: how many display frames after the first one the key could make the status was
 *   painted in (0: the next frame, all a page can do). An animation frame callback's argument is
 *   its frame's begin time on the display's clock, where frames begin every 16.7 ms: a frame that
 *   began more than a period after the key is not the first after it, and a frame whose work ran
 *   past a period from its begin missed its own display slot (one more frame late).
 * A press whose status does not appear within 2 s counts in `missing`.
 *
 * Plain JavaScript source, not a function: tsx compiles functions with helpers (`__name`) that do
 * not exist in the page.
 */
export interface PaintProbe {
  paint: number[];
  shown: number[];
  frameLate: number[];
  missing: number;
}

/** One display frame at 60 Hz, the rate of headless Chromium's frame clock. */
export const FRAME_MS = 1000 / 60;

/**
 * Waits before each key, pseudo-random within one frame and the same sequence every time it is
 * made: a hand's keys fall anywhere in a frame, while the harness's own wait ends on one
 * (Playwright polls in animation frames), which would put every key at the same phase.
 */
export function keyPhases(): () => number {
  let seed = 17;
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return (seed / 2 ** 31) * FRAME_MS;
  };
}

/**
 * Page-script source shared by the scripts that take status keys: the status each key means, and
 * the active student's row (the focused row, or the one the focused list names with
 * aria-activedescendant).
 */
export const STATUS_KEYS_AND_ROW = `
  const STATUS = { p: 'Present', a: 'Absent', l: 'Late', e: 'Excused' };
  const activeRow = () => {
    const focused = document.activeElement;
    return focused && (focused.closest('[data-testid="student-row"]') || document.getElementById(focused.getAttribute('aria-activedescendant') || ''));
  };`;

export const PAINT_PROBE = `(() => {
  const probe = { paint: [], shown: [], frameLate: [], missing: 0 };
  const FRAME_MS = 1000 / 60;
  window.__paintProbe = probe;
  ${STATUS_KEYS_AND_ROW}
  const afterPaint = (done) => requestAnimationFrame((frameBegan) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(performance.now(), frameBegan);
    channel.port2.postMessage(null);
  });
  document.addEventListener('keydown', (event) => {
    const status = STATUS[event.key.toLowerCase()];
    const row = activeRow();
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
      afterPaint((t, frameBegan) => {
        probe.shown.push(t - t0);
        const slot = Math.max(0, Math.ceil((frameBegan - t0) / FRAME_MS - 1e-6) - 1);
        probe.frameLate.push(slot + Math.floor((t - frameBegan) / FRAME_MS));
      });
    });
    const timer = setTimeout(() => { observer.disconnect(); probe.missing++; }, 2000);
    observer.observe(list, { subtree: true, childList: true, characterData: true, attributes: true });
  }, { capture: true });
})()`;
