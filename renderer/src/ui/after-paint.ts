/**
 * Resolves once the browser has painted what is on screen now: after the next frame's rendering
 * (requestAnimationFrame runs just before it), then a task. Work started here (a network read, a
 * write) no longer delays that frame (a quick start). A hidden page paints no frame,
 * so there it resolves after a task.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') setTimeout(resolve, 0);
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** Resolves when the page is next idle (at most `timeoutMs` from now): for work nobody is waiting for. */
export function whenIdle(timeoutMs = 1_000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}
