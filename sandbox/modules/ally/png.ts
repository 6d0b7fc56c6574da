import { deflateSync, inflateSync } from 'node:zlib';
import { crc32 } from './zip';

/**
 * PNG in the two directions the sandbox needs: writing the demo diagram, and reading an uploaded
 * image's pixels and text chunks for the Contrast and AlternativeText rules. Reads 8-bit,
 * non-interlaced grey, RGB, palette and alpha images; anything else reads as "pixels unknown".
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const isPng = (bytes: Buffer): boolean => bytes.length >= 8 && bytes.subarray(0, 8).equals(SIGNATURE);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB image (3 bytes a pixel, row by row) with optional tEXt chunks. */
export function encodePng(width: number, height: number, rgb: Uint8Array, text: Record<string, string> = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    raw.set(rgb.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  }
  const texts = Object.entries(text).map(([key, value]) => chunk('tEXt', Buffer.from(`${key}\0${value}`, 'latin1')));
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), ...texts, chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export interface DecodedPng {
  width: number;
  height: number;
  /** RGB triples, or undefined when the sandbox does not decode this kind of PNG. */
  rgb?: Uint8Array;
  /** tEXt and iTXt chunks by keyword. */
  text: Record<string, string>;
}

/** Throws when the file is not a readable PNG (bad signature, truncated chunk). */
export function decodePng(bytes: Buffer): DecodedPng {
  if (!isPng(bytes)) throw new Error('the file does not start with the PNG signature');
  let at = 8;
  let width = 0;
  let height = 0;
  let depth = 0;
  let colourType = 0;
  let interlace = 0;
  let palette: Buffer | undefined;
  const idat: Buffer[] = [];
  const text: Record<string, string> = {};
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (data.length !== length) throw new Error(`the PNG chunk ${type} is truncated`);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      depth = data[8] ?? 0;
      colourType = data[9] ?? 0;
      interlace = data[12] ?? 0;
    } else if (type === 'PLTE') palette = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'tEXt') {
      const nul = data.indexOf(0);
      if (nul > 0) text[data.toString('latin1', 0, nul)] = data.toString('latin1', nul + 1);
    } else if (type === 'iTXt') {
      // keyword NUL, compression flag, method, language NUL, translated keyword NUL, text
      const nul = data.indexOf(0);
      const languageEnd = nul > 0 && data[nul + 1] === 0 ? data.indexOf(0, nul + 3) : -1;
      const keywordEnd = languageEnd >= 0 ? data.indexOf(0, languageEnd + 1) : -1;
      if (keywordEnd >= 0) text[data.toString('latin1', 0, nul)] = data.toString('utf8', keywordEnd + 1);
    } else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (width === 0 || height === 0) throw new Error('the PNG has no IHDR header');
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colourType];
  if (depth !== 8 || interlace !== 0 || channels === undefined || idat.length === 0) return { width, height, text };
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: 256 * 1024 * 1024 });
  } catch {
    throw new Error('the PNG image data is damaged (it does not inflate)');
  }
  const stride = width * channels;
  if (raw.length < (stride + 1) * height) throw new Error('the PNG image data is shorter than its size says');
  const pixels = unfilter(raw, width, height, channels);
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const p = i * channels;
    let r: number, g: number, b: number;
    if (colourType === 3) {
      const index = (pixels[p] ?? 0) * 3;
      r = palette?.[index] ?? 0;
      g = palette?.[index + 1] ?? 0;
      b = palette?.[index + 2] ?? 0;
    } else if (channels <= 2) {
      r = g = b = pixels[p] ?? 0;
    } else {
      r = pixels[p] ?? 0;
      g = pixels[p + 1] ?? 0;
      b = pixels[p + 2] ?? 0;
    }
    rgb[i * 3] = r;
    rgb[i * 3 + 1] = g;
    rgb[i * 3 + 2] = b;
  }
  return { width, height, rgb, text };
}

/** Undoes the per-row PNG filters (none, sub, up, average, Paeth). */
function unfilter(raw: Buffer, width: number, height: number, bpp: number): Uint8Array {
  const stride = width * bpp;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const value = raw[src + x] ?? 0;
      const left = x >= bpp ? (out[row + x - bpp] ?? 0) : 0;
      const up = y > 0 ? (out[row - stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= bpp ? (out[row - stride + x - bpp] ?? 0) : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) predicted = paeth(left, up, upLeft);
      out[row + x] = (value + predicted) & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}
