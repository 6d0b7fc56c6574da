/**
 * Colour and contrast: WCAG 2.x relative luminance and contrast ratio, and the CSS colour values
 * inline styles and legacy attributes write (#rgb, #rrggbb, rgb()/rgba(), common names). A value
 * the sandbox cannot read counts as "not stated", so the inherited colour holds.
 */
// https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio
export type Colour = readonly [number, number, number];

export function luminance([r, g, b]: Colour): number {
  const channel = (c: number): number => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Colour, b: Colour): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA: 4.5:1 for body text, 3:1 for large text (18 pt and up). */
export const enoughContrast = (ratio: number, sizePt: number): boolean => ratio >= (sizePt >= 18 ? 3 : 4.5);

const NAMED: Record<string, string> = {
  black: '000000', white: 'ffffff', red: 'ff0000', green: '008000', blue: '0000ff', yellow: 'ffff00', orange: 'ffa500',
  gray: '808080', grey: '808080', silver: 'c0c0c0', lightgray: 'd3d3d3', lightgrey: 'd3d3d3', darkgray: 'a9a9a9', darkgrey: 'a9a9a9',
  gainsboro: 'dcdcdc', whitesmoke: 'f5f5f5', navy: '000080', maroon: '800000', purple: '800080', teal: '008080', olive: '808000',
  lime: '00ff00', aqua: '00ffff', cyan: '00ffff', fuchsia: 'ff00ff', magenta: 'ff00ff', pink: 'ffc0cb', lightyellow: 'ffffe0',
  lightblue: 'add8e6', beige: 'f5f5dc', ivory: 'fffff0', khaki: 'f0e68c', gold: 'ffd700',
};

export function parseColour(value: string | undefined): Colour | undefined {
  if (!value) return undefined;
  const v = value.trim().toLowerCase();
  const hex = NAMED[v] ?? (/^#?([0-9a-f]{6}|[0-9a-f]{3})$/.exec(v)?.[1] ?? undefined);
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [parseInt(full.slice(0, 2), 16) / 255, parseInt(full.slice(2, 4), 16) / 255, parseInt(full.slice(4, 6), 16) / 255];
  }
  const rgb = /^rgba?\(\s*(\d+(?:\.\d+)?)%?\s*[, ]\s*(\d+(?:\.\d+)?)%?\s*[, ]\s*(\d+(?:\.\d+)?)%?/.exec(v);
  if (rgb) return [Number(rgb[1]) / 255, Number(rgb[2]) / 255, Number(rgb[3]) / 255].map((c) => Math.min(1, c)) as unknown as Colour;
  return undefined;
}

/** A declaration from an inline style attribute (`color: #777; background: white`). */
export function styleValue(style: string | undefined, property: string): string | undefined {
  if (!style) return undefined;
  for (const declaration of style.split(';')) {
    const [name, ...rest] = declaration.split(':');
    if (name?.trim().toLowerCase() === property) return rest.join(':').replace(/!important/i, '').trim();
  }
  return undefined;
}

/** Font size in points from a style (`18pt`, `24px`, `1.5em` of 12 pt). */
export function fontSizePt(style: string | undefined, inherited: number): number {
  const value = styleValue(style, 'font-size');
  const m = value ? /^(\d+(?:\.\d+)?)(pt|px|em|rem)$/.exec(value) : null;
  if (!m) return inherited;
  const n = Number(m[1]);
  return m[2] === 'pt' ? n : m[2] === 'px' ? n * 0.75 : n * (m[2] === 'em' ? inherited : 12);
}
