import jpeg from 'jpeg-js';
import { encodePng } from '../ally/png';

/**
 * The pictures behind the demo's avatars: a head-and-shoulders figure on a coloured ground, drawn
 * the same way as PNG, JPEG or SVG, so the client meets each format Learn users upload. Two kinds
 * exist to test the client's guards: `huge` (a PNG over 2 MB) and `not-image` (an HTML page, as a
 * campus sign-in proxy answers in place of a file).
 */
export type PictureKind = 'png' | 'jpeg' | 'svg' | 'huge' | 'not-image';
export const PICTURE_KINDS: readonly PictureKind[] = ['png', 'jpeg', 'svg', 'huge', 'not-image'];

export interface Picture {
  kind: PictureKind;
  /** Index into the palettes below. */
  tone: number;
}

export interface PictureFile {
  contentType: string;
  bytes: Buffer;
}

const SIZE = 128;
const GROUNDS: readonly [number, number, number][] = [
  [96, 125, 139],
  [121, 85, 72],
  [63, 81, 181],
  [0, 137, 123],
  [142, 36, 170],
  [198, 40, 40],
  [85, 139, 47],
  [239, 108, 0],
];
const FIGURES: readonly [number, number, number][] = [
  [255, 224, 189],
  [241, 194, 125],
  [224, 172, 105],
  [198, 134, 66],
  [141, 85, 36],
  [92, 56, 30],
];

const hex = (c: readonly number[]): string => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** Inside the head (a circle) or the shoulders (the top of an ellipse)? */
function onFigure(x: number, y: number): boolean {
  const head = (x - 64) ** 2 + (y - 50) ** 2 <= 24 ** 2;
  const shoulders = ((x - 64) / 46) ** 2 + ((y - 128) / 42) ** 2 <= 1;
  return head || shoulders;
}

function pixels(picture: Picture, channels: 3 | 4): Uint8Array {
  const ground = GROUNDS[picture.tone % GROUNDS.length] ?? [0, 0, 0];
  const figure = FIGURES[picture.tone % FIGURES.length] ?? [255, 255, 255];
  const out = new Uint8Array(SIZE * SIZE * channels);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const colour = onFigure(x, y) ? figure : ground;
      const at = (y * SIZE + x) * channels;
      out.set(colour, at);
      if (channels === 4) out[at + 3] = 255;
    }
  }
  return out;
}

function svg(picture: Picture): string {
  const ground = hex(GROUNDS[picture.tone % GROUNDS.length] ?? [0, 0, 0]);
  const figure = hex(FIGURES[picture.tone % FIGURES.length] ?? [255, 255, 255]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}"><rect width="${SIZE}" height="${SIZE}" fill="${ground}"/><circle cx="64" cy="50" r="24" fill="${figure}"/><ellipse cx="64" cy="128" rx="46" ry="42" fill="${figure}"/></svg>`;
}

/** Random bytes do not compress, so this PNG is as large as its pixels: 900 x 900 x 3 > 2 MB. */
function hugePng(tone: number): Buffer {
  const side = 900;
  const rgb = new Uint8Array(side * side * 3);
  let state = (tone + 1) * 2654435761;
  for (let i = 0; i < rgb.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    rgb[i] = state >>> 24;
  }
  return encodePng(side, side, rgb);
}

export function drawPicture(picture: Picture): PictureFile {
  switch (picture.kind) {
    case 'png':
      return { contentType: 'image/png', bytes: encodePng(SIZE, SIZE, pixels(picture, 3)) };
    case 'jpeg':
      return { contentType: 'image/jpeg', bytes: jpeg.encode({ width: SIZE, height: SIZE, data: pixels(picture, 4) }, 85).data };
    case 'svg':
      return { contentType: 'image/svg+xml', bytes: Buffer.from(svg(picture), 'utf8') };
    case 'huge':
      return { contentType: 'image/png', bytes: hugePng(picture.tone) };
    case 'not-image':
      return { contentType: 'text/html; charset=utf-8', bytes: Buffer.from('<!doctype html><title>Sign in</title><p>Sign in to continue.</p>', 'utf8') };
  }
}
