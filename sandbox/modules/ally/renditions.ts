import { toBrf } from './braille';
import { displayTitle, hasText, type DocModel } from './document-model';
import { writeEpub } from './epub';
import { blocksToHtml, writeHtml } from './html-writer';
import { escapeHtml } from './markup';
import { writePdf } from './pdf-writer';

/**
 * The files an alternative format download answers, all real and well-formed, rendered from the
 * document's model (the text read from the file; for a demo file whose text cannot be read, such
 * as the scanned PDF, the text it was generated from).
 */
export interface Rendition {
  body: Buffer;
  contentType: string;
  fileName: string;
}

export interface RenditionSource {
  fileName: string;
  hash: string;
  model: DocModel;
}

const BASE_STYLE = 'body { font-family: system-ui, sans-serif; line-height: 1.6; max-width: 42em; margin: 2em auto; padding: 0 1em; color: #1a1a1a; background: #ffffff; }\ntable { border-collapse: collapse; } th, td { border: 1px solid #555; padding: 0.3em 0.6em; }\n.figure { border: 1px dashed #555; padding: 1em; }';

/** The model to render: the file's own text, with a clear note when there is none. */
function readable(source: RenditionSource): DocModel {
  if (hasText(source.model)) return source.model;
  return {
    ...source.model,
    blocks: [{ kind: 'paragraph', text: `No text could be read from ${source.fileName}: it contains only images (it may be scanned). The sandbox does not perform OCR.` }, ...source.model.blocks],
  };
}

/** The accessible document every text format starts from: a title, a language, all blocks. */
function accessible(source: RenditionSource): DocModel & { title: string; lang: string } {
  const model = readable(source);
  // Renditions fix what a reader cannot work around: colours go, every figure gets its description.
  const blocks = model.blocks.map((b) => (b.kind === 'paragraph' ? { kind: b.kind, text: b.text } : b.kind === 'image' ? { ...b, alt: b.alt ?? b.description } : b));
  return { ...model, blocks, title: displayTitle(model, source.fileName), lang: model.lang ?? 'en' };
}

const baseName = (fileName: string): string => fileName.replace(/\.[^.]+$/, '') || 'document';

/** BeeLine Reader's idea: each line's colour runs in a gradient (dark to blue, dark to red, alternating). */
function beeline(text: string): string {
  const words = text.split(/\s+/).filter(Boolean);
  const perLine = 10;
  return words
    .map((word, i) => {
      const line = Math.floor(i / perLine);
      const t = (i % perLine) / (perLine - 1);
      const [r, g, b] = line % 2 === 0 ? [0, 0, Math.round(170 * t)] : [Math.round(170 * t), 0, 0];
      return `<span style="color: rgb(${r}, ${g}, ${b})">${escapeHtml(word)}</span>`;
    })
    .join(' ');
}

export function render(format: string, source: RenditionSource): Rendition {
  const doc = accessible(source);
  const name = baseName(source.fileName);
  if (format === 'Html') {
    return { body: Buffer.from(writeHtml(doc, { images: 'figure', style: BASE_STYLE })), contentType: 'text/html; charset=utf-8', fileName: `${name}.html` };
  }
  if (format === 'Beeline') {
    const html = writeHtml(doc, { images: 'figure', style: BASE_STYLE, decorate: beeline });
    return { body: Buffer.from(html), contentType: 'text/html; charset=utf-8', fileName: `${name} (BeeLine).html` };
  }
  if (format.startsWith('Translation:')) {
    const lang = format.slice('Translation:'.length);
    const note = `<p role="note" lang="en"><strong>Sandbox note:</strong> this is the ${escapeHtml(lang)} translation format of the document. The sandbox does not translate: the text below is the original.</p>\n`;
    const html = writeHtml({ ...doc, lang }, { images: 'figure', style: BASE_STYLE, preface: note });
    return { body: Buffer.from(html), contentType: 'text/html; charset=utf-8', fileName: `${name} (${lang}).html` };
  }
  if (format === 'Epub') {
    const chapterBody = `<h1>${escapeHtml(doc.title)}</h1>\n${blocksToHtml(doc.blocks, { images: 'figure' })}`;
    return { body: writeEpub({ identifier: `urn:ally-content:${encodeURIComponent(source.hash)}`, title: doc.title, lang: doc.lang, chapterBody }), contentType: 'application/epub+zip', fileName: `${name}.epub` };
  }
  if (format === 'Tts') return { body: toneWav(doc.blocks.length), contentType: 'audio/wav', fileName: `${name}.wav` };
  if (format === 'Braille') return { body: toBrf(doc, doc.title), contentType: 'text/plain; charset=us-ascii', fileName: `${name}.brf` };
  // Pdf: a tagged PDF with title and language, whatever the original lacked.
  return { body: writePdf(doc, { tagged: true }), contentType: 'application/pdf', fileName: `${name} (tagged).pdf` };
}

/**
 * The audio ("Tts") format. The sandbox does not synthesise speech: it answers a real, playable
 * WAV file (PCM, 8 kHz, mono, 16-bit) holding one short tone per block of the document, so a
 * player, a download and a length check all behave as with real audio. Deterministic.
 */
const RATE = 8000;

export function toneWav(blocks: number): Buffer {
  const beeps = Math.max(1, Math.min(blocks, 20));
  const toneSamples = Math.round(RATE * 0.15);
  const gapSamples = Math.round(RATE * 0.1);
  const samples = beeps * (toneSamples + gapSamples);
  const data = Buffer.alloc(samples * 2);
  for (let b = 0; b < beeps; b++) {
    const start = b * (toneSamples + gapSamples);
    const frequency = 440 + (b % 4) * 110;
    for (let i = 0; i < toneSamples; i++) {
      // A short fade in and out avoids clicks.
      const envelope = Math.min(1, i / 200, (toneSamples - i) / 200);
      data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / RATE) * 8000 * envelope), (start + i) * 2);
    }
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16); // PCM header size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
