/** Where Ally's boxes go over a drawn page (kept apart from pdf-view.ts so it is tested without pdf.js). */

/** A box in percentages of the drawn page: what the overlay positions with `style:` directives. */
export interface PageBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A viewport rectangle (any corner order) as percentages of the page, clipped to it. */
export function toPageBox(rect: number[], width: number, height: number): PageBox {
  const [ax = 0, ay = 0, bx = 0, by = 0] = rect;
  const clip = (v: number, max: number): number => Math.min(max, Math.max(0, v));
  const left = clip(Math.min(ax, bx), width);
  const top = clip(Math.min(ay, by), height);
  const right = clip(Math.max(ax, bx), width);
  const bottom = clip(Math.max(ay, by), height);
  return { left: (left / width) * 100, top: (top / height) * 100, width: ((right - left) / width) * 100, height: ((bottom - top) / height) * 100 };
}
