import type { PdfFile } from './pdf-file';
import { isName, isStream, type PdfDict, type PdfValue } from './pdf-syntax';

/**
 * How to turn the bytes of a shown string into text: composite (Type0) fonts use two-byte codes,
 * simple fonts one; a /ToUnicode CMap, when present, maps codes to Unicode. Without one, simple
 * fonts read as Latin-1 (close to WinAnsi) and composite fonts yield no text.
 */
export interface FontReader {
  /** Bytes per character code. */
  codeBytes: 1 | 2;
  decode(bytes: Buffer): string;
}

export function fontReader(file: PdfFile, font: PdfValue | undefined): FontReader {
  const composite = isName(file.get(font, 'Subtype'), 'Type0');
  const codeBytes: 1 | 2 = composite ? 2 : 1;
  const toUnicode = file.resolve(file.get(font, 'ToUnicode'));
  const map = isStream(toUnicode) ? parseToUnicode(file.decode(toUnicode)?.toString('latin1') ?? '') : undefined;
  return {
    codeBytes,
    decode(bytes) {
      let out = '';
      for (let i = 0; i + codeBytes <= bytes.length; i += codeBytes) {
        const code = codeBytes === 2 ? bytes.readUInt16BE(i) : (bytes[i] as number);
        const mapped = map?.get(code);
        if (mapped !== undefined) out += mapped;
        else if (!composite) out += String.fromCharCode(code);
      }
      return out;
    },
  };
}

/** The font dictionary a resource name refers to. */
export function fontNamed(file: PdfFile, resources: PdfDict | undefined, name: string): PdfValue | undefined {
  return file.get(file.dict(resources, 'Font'), name);
}

const hexToText = (hex: string): string => {
  const bytes = Buffer.from(hex.length % 4 === 0 ? hex : hex.padStart(Math.ceil(hex.length / 4) * 4, '0'), 'hex');
  return bytes.swap16().toString('utf16le');
};

/** `bfchar` and `bfrange` sections of a ToUnicode CMap (ISO 32000-1 §9.10.3). */
function parseToUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const section of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of (section[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) {
      map.set(parseInt(pair[1] ?? '0', 16), hexToText(pair[2] ?? ''));
    }
  }
  for (const section of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const range of (section[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]*>|\[[^\]]*\])/g)) {
      const low = parseInt(range[1] ?? '0', 16);
      const high = Math.min(parseInt(range[2] ?? '0', 16), low + 0xffff);
      const target = range[3] ?? '';
      if (target.startsWith('[')) {
        [...target.matchAll(/<([0-9a-fA-F]*)>/g)].forEach((m, i) => map.set(low + i, hexToText(m[1] ?? '')));
      } else {
        const start = target.slice(1, -1);
        const base = parseInt(start.slice(-4) || '0', 16);
        const prefix = hexToText(start.slice(0, -4));
        for (let code = low; code <= high; code++) map.set(code, prefix + String.fromCharCode(base + code - low));
      }
    }
  }
  return map;
}
