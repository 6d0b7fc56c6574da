import { DEMO_FILES, type DemoFile } from '../../demo/files';
import { analyse } from './analyse';
import { issueHash, sha1Upper } from './content-store';
import { demoModel } from './demo-content';
import type { DocModel } from './document-model';
import { detectType, type KnownType } from './analyse';
import { writeHtml } from './html-writer';
import { writeDocx, writePptx } from './office-writer';
import { writePdf } from './pdf-writer';
import { encodePng } from './png';
import type { Analysis } from './document-model';

/**
 * The bytes of each demo course file (sandbox/demo/files.ts), generated from its accessibility
 * profile: PDFs by the PDF writer, the HTML page, a DOCX and a PPTX, and a PNG diagram. They do
 * not depend on the seed, so they are the same files (and hashes) in every run; the content module
 * can link to them, and Ally's reports for them are computed from these bytes like any upload.
 */
export interface DemoContent {
  file: DemoFile;
  bytes: Buffer;
  /** The hash Ally issued for it: the vendor samples' form with the name as written. */
  hash: string;
  sha1: string;
  type: KnownType;
  /** The text the file was written from. */
  model: DocModel;
  analysis: Analysis;
}

function demoBytes(file: DemoFile, model: DocModel): Buffer {
  const extension = /\.([a-z]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  switch (extension) {
    case 'pdf':
      return writePdf(model, { tagged: file.profile.tagged === true, scanned: file.profile.text === false });
    case 'html':
      return Buffer.from(writeHtml(model, { images: 'img' }));
    case 'docx':
      return writeDocx(model);
    case 'pptx':
      return writePptx(model);
    case 'png':
      return demoPng(file);
    default:
      throw new Error(`No generator for demo file ${file.name}: add one in sandbox/modules/ally/demo-files.ts`);
  }
}

/** A labelled diagram: pale shapes on a pale ground when the profile says low contrast. */
function demoPng(file: DemoFile): Buffer {
  const width = 120;
  const height = 80;
  const ground = file.profile.lowContrast ? [236, 236, 236] : [255, 255, 255];
  const ink = file.profile.lowContrast ? [190, 190, 205] : [30, 30, 60];
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Two lobes and a stem: a schematic brain, drawn with no randomness.
      const inLobe = ((x - 45) / 30) ** 2 + ((y - 32) / 20) ** 2 < 1 || ((x - 75) / 30) ** 2 + ((y - 32) / 20) ** 2 < 1;
      const inStem = x > 55 && x < 65 && y > 45 && y < 72;
      rgb.set(inLobe || inStem ? ink : ground, (y * width + x) * 3);
    }
  }
  return encodePng(width, height, rgb, file.profile.altText ? { Description: 'Schematic diagram of the brain: two hemispheres above the brain stem.' } : {});
}

let cache: DemoContent[] | undefined;

/** Every demo file with its bytes, hash and report (computed once per process; the report on first read). */
export function demoFileContents(): readonly DemoContent[] {
  cache ??= DEMO_FILES.map((file) => {
    const model = demoModel(file);
    const type = detectType(file.name, file.mimeType);
    if (!type) throw new Error(`Demo file ${file.name} is not a type Ally accepts`);
    const bytes = demoBytes(file, model);
    const sha1 = sha1Upper(bytes);
    let analysis: Analysis | undefined;
    return {
      file,
      bytes,
      hash: issueHash(file.name, sha1, type.mimeType),
      sha1,
      type,
      model,
      // Read on first use, not at start: analysing the demo files was most of the demo sandbox's
      // start, which runs after the host listens and delayed the first page.
      get analysis() {
        return (analysis ??= analyse(bytes, type.reader));
      },
    };
  });
  return cache;
}

/** One demo file's bytes and hash by its name (as in DEMO_FILES), or undefined. */
export function demoFileContent(name: string): DemoContent | undefined {
  return demoFileContents().find((d) => d.file.name === name);
}
