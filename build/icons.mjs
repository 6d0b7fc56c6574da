// `npm run icons`: the whole icon set from one drawing, build/icons/rollbook.svg.
//   build/icons/icon.png   512 px: Linux packages, and what electron-builder derives other sizes from
//   build/icons/icon.ico   Windows (installer, taskbar), PNG-compressed entries 16 to 256 px
//   build/icons/icon.icns  macOS (dock, Finder)
//   renderer/public/favicon.svg  the page's icon (the drawing itself, comments dropped)
//   renderer/public/icon.png     256 px: the window's icon on Linux (main.ts), shipped inside dist/renderer
// The outputs are committed: packaging needs no renderer of SVG. Run it again after editing the drawing.
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const at = (path) => fileURLToPath(new URL(path, import.meta.url));
const svg = readFileSync(at('icons/rollbook.svg'), 'utf8');
const png = (size) => new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();

// png2icons scales one large picture down to every size the formats hold.
const large = png(1024);
const ico = png2icons.createICO(large, png2icons.BICUBIC2, 0, true, true);
const icns = png2icons.createICNS(large, png2icons.BICUBIC2, 0);
if (!ico || !icns) throw new Error('png2icons could not make the .ico or .icns');

const outputs = {
  'icons/icon.png': png(512),
  'icons/icon.ico': ico,
  'icons/icon.icns': icns,
  '../renderer/public/favicon.svg': `${svg.replace(/<!--[\s\S]*?-->\s*/g, '').replace(/>\s+</g, '><').trim()}\n`,
  '../renderer/public/icon.png': png(256),
};
for (const [path, body] of Object.entries(outputs)) writeFileSync(at(path), body);
console.log(`Wrote ${Object.keys(outputs).join(', ')} (from build/icons/rollbook.svg)`);
