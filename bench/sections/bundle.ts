import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { benchRendererDir } from '../browser/host';
import type { BenchFigure, BenchSection } from './types';

/**
 * The renderer's script chunks as built for this run. The main chunk (the one index.html loads)
 * is what every start parses before the shell shows; the budget holds it, and every other chunk,
 * under 250 kB minified, except pdf.js's own (its library and worker, loaded only to show a PDF).
 * kB as Vite prints them: 1,000 bytes.
 */
const LIMIT_KB = 250;
/** pdf.js's chunks: the worker and the chunk of the module that wraps the library (features/accessibility/pdf-view.ts). */
const isPdfJs = (name: string): boolean => /^pdf[.-]/.test(name);

const kB = (bytes: number): number => Math.round(bytes / 100) / 10;

export const bundleSection: BenchSection = (log) => {
  const dir = benchRendererDir();
  const index = readFileSync(join(dir, 'index.html'), 'utf8');
  const main = /<script[^>]*type="module"[^>]*src="\.?\/?(assets\/[^"]+)"/.exec(index)?.[1];
  if (!main) throw new Error('index.html loads no module script');
  const chunks = readdirSync(join(dir, 'assets'))
    .filter((f) => /\.m?js$/.test(f))
    .map((name) => ({ name, kB: kB(statSync(join(dir, 'assets', name)).size) }))
    .sort((a, b) => b.kB - a.kB);
  const mainKB = kB(statSync(join(dir, main)).size);
  const over = chunks.filter((c) => c.kB > LIMIT_KB && !isPdfJs(c.name));
  log(`bundle: main chunk ${mainKB} kB, ${chunks.length} script chunks, ${over.length} over ${LIMIT_KB} kB (pdf.js aside)`);
  const figures: BenchFigure[] = [
    { label: `main chunk (${main.replace('assets/', '')})`, value: mainKB, unit: 'kB', ratio: mainKB / LIMIT_KB, target: `< ${LIMIT_KB} kB (ratio < 1)` },
    ...over.map((c) => ({ label: `FAILURE: ${c.name} is over ${LIMIT_KB} kB`, value: c.kB, unit: 'kB', ratio: c.kB / LIMIT_KB, target: `< ${LIMIT_KB} kB` })),
  ];
  return Promise.resolve({
    figures,
    json: {
      mainChunkKB: mainKB,
      limitKB: LIMIT_KB,
      chunksOverLimit: over,
      chunks,
      measures: 'minified sizes of the built renderer\'s script chunks; pdf.js\'s chunks (pdf.worker*, pdf-view*) are exempt from the limit',
    },
  });
};
