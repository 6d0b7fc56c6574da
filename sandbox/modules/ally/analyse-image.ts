import { contrastRatio, type Colour } from './colour';
import { decodePng } from './png';
import type { Analysis, Checks } from './document-model';

/**
 * Images, by two simple rules (documented in docs/api-notes/ally.md):
 * - AlternativeText passes when the file carries its own description: a PNG `Description` or
 *   `Title` text chunk. Other formats carry none the sandbox reads, so they fail it.
 * - Contrast (PNG only): the two most common colours (each at least 5% of the pixels) are taken
 *   as foreground and background; the score is their contrast ratio over 4.5, capped at 1.
 * A file whose bytes do not match its image type fails analysis.
 */
export type ImageKind = 'png' | 'jpeg' | 'gif' | 'bmp' | 'tiff' | 'webp' | 'other';

const SIGNATURES: Partial<Record<ImageKind, (b: Buffer) => boolean>> = {
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8,
  gif: (b) => b.toString('latin1', 0, 4) === 'GIF8',
  bmp: (b) => b.toString('latin1', 0, 2) === 'BM',
  tiff: (b) => ['II*\0', 'MM\0*'].includes(b.toString('latin1', 0, 4)),
  webp: (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
};

export function analyseImage(bytes: Buffer, kind: ImageKind): Analysis {
  const model = { blocks: [{ kind: 'image' as const, description: 'Image' }] };
  if (kind !== 'png') {
    const signature = SIGNATURES[kind];
    if (signature && !signature(bytes)) return { ok: false, reason: `The image cannot be analysed: its bytes are not a ${kind.toUpperCase()} file (it is damaged or misnamed).` };
    return { ok: true, checks: { AlternativeText: { score: 0 } }, model };
  }
  let png;
  try {
    png = decodePng(bytes);
  } catch (error) {
    return { ok: false, reason: `The image cannot be analysed: ${(error as Error).message}.` };
  }
  const description = (png.text.Description ?? png.text.Title ?? '').trim();
  const checks: Checks = { AlternativeText: { score: description ? 1 : 0 } };
  const colours = png.rgb ? dominantColours(png.rgb) : undefined;
  if (colours) checks.Contrast = { score: Math.min(1, contrastRatio(colours[0], colours[1]) / 4.5) };
  return { ok: true, checks, model: { blocks: [{ kind: 'image', description: description || 'Image', alt: description || undefined }] } };
}

/** The two most common colours (quantised to 4 bits a channel), when both are common enough. */
function dominantColours(rgb: Uint8Array): [Colour, Colour] | undefined {
  const pixels = rgb.length / 3;
  const step = Math.max(1, Math.floor(pixels / 250_000)); // sample big images
  const counts = new Map<number, number>();
  let sampled = 0;
  for (let i = 0; i < pixels; i += step) {
    const key = ((rgb[i * 3] ?? 0) >> 4) * 256 + ((rgb[i * 3 + 1] ?? 0) >> 4) * 16 + ((rgb[i * 3 + 2] ?? 0) >> 4);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    sampled++;
  }
  const [first, second] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  if (!first || !second || second[1] < sampled * 0.05) return undefined;
  const colour = (key: number): Colour => [((key >> 8) * 17) / 255, (((key >> 4) & 15) * 17) / 255, ((key & 15) * 17) / 255];
  return [colour(first[0]), colour(second[0])];
}
