import { inflateSync, constants as zlib } from 'node:zlib';
import { PdfLexer, readValue, isDict, isKeyword, isName, isRef, isStream, type PdfDict, type PdfStream, type PdfValue } from './pdf-syntax';

/**
 * Reads a PDF file's objects. Rather than trusting the cross-reference table, it scans the file
 * for `n g obj` (as viewers do to recover damaged files) and unpacks object streams, so broken
 * xref offsets do not stop the analysis. Throws an Error whose message says why a file cannot be
 * read at all (no header, no catalog, encrypted, no pages): the upload then ends `failed`.
 */
const MAX_STREAM_BYTES = 64 * 1024 * 1024;

export interface PdfPage {
  /** Object number of the page (struct elements point at pages with /Pg). */
  num: number;
  dict: PdfDict;
  resources: PdfDict | undefined;
}

export class PdfFile {
  readonly objects = new Map<number, PdfValue>();
  trailer: PdfDict = { kind: 'dict', entries: new Map() };

  private constructor(readonly bytes: Buffer) {}

  static read(bytes: Buffer): PdfFile {
    const head = bytes.subarray(0, 1024).toString('latin1');
    if (!head.includes('%PDF-')) throw new Error('the file does not start with a %PDF- header, so it is not a PDF (it may be damaged or misnamed)');
    const file = new PdfFile(bytes);
    file.#scan();
    if (file.objects.size === 0) throw new Error('no PDF objects could be read (the file is damaged)');
    if (file.trailer.entries.has('Encrypt')) throw new Error('the PDF is encrypted, and encrypted files cannot be checked');
    if (!isDict(file.get(file.trailer, 'Root'))) throw new Error('the PDF has no document catalog (/Root), so it is damaged');
    if (file.pages().length === 0) throw new Error('the PDF has no pages');
    return file;
  }

  /** Follows references (a chain of at most 32). */
  resolve(value: PdfValue | undefined): PdfValue | undefined {
    let current = value;
    for (let i = 0; i < 32 && isRef(current); i++) current = this.objects.get(current.num);
    return isRef(current) ? undefined : current;
  }

  /** A dictionary entry, resolved; a stream's dictionary is read through. */
  get(dict: PdfValue | undefined, key: string): PdfValue | undefined {
    const resolved = this.resolve(dict);
    const d = isStream(resolved) ? resolved.dict : resolved;
    return isDict(d) ? this.resolve(d.entries.get(key)) : undefined;
  }

  dict(dict: PdfValue | undefined, key: string): PdfDict | undefined {
    const value = this.get(dict, key);
    return isDict(value) ? value : isStream(value) ? value.dict : undefined;
  }

  catalog(): PdfDict {
    return this.dict(this.trailer, 'Root') as PdfDict;
  }

  /** A stream's data with its filters undone, or undefined for filters the sandbox cannot undo. */
  decode(stream: PdfStream): Buffer | undefined {
    const filter = this.resolve(stream.dict.entries.get('Filter'));
    const filters = Array.isArray(filter) ? filter.map((f) => this.resolve(f)) : filter === undefined ? [] : [filter];
    let data: Buffer = stream.raw;
    for (const f of filters) {
      if (!isName(f)) return undefined;
      if (f.name === 'FlateDecode' || f.name === 'Fl') data = inflate(data);
      else if (f.name === 'ASCIIHexDecode' || f.name === 'AHx') data = hexDecode(data);
      else return undefined; // image codecs, LZW, ASCII85: not content the checks read
    }
    return data;
  }

  /** The page leaves in order, with inherited resources. */
  pages(): PdfPage[] {
    const pages: PdfPage[] = [];
    const seen = new Set<number>();
    const walk = (node: PdfValue | undefined, inherited: PdfDict | undefined, depth: number): void => {
      if (depth > 64) return;
      const num = isRef(node) ? node.num : -1;
      if (num >= 0) {
        if (seen.has(num)) return;
        seen.add(num);
      }
      const dict = this.resolve(node);
      if (!isDict(dict)) return;
      const resources = this.dict(dict, 'Resources') ?? inherited;
      const kids = this.get(dict, 'Kids');
      if (Array.isArray(kids)) kids.forEach((kid) => walk(kid, resources, depth + 1));
      else pages.push({ num, dict, resources });
    };
    walk(this.catalog().entries.get('Pages'), undefined, 0);
    return pages;
  }

  #scan(): void {
    const text = this.bytes.toString('latin1');
    const objectStreams: PdfStream[] = [];
    const trailers: PdfDict[] = [];
    const header = /(?<![0-9])(\d+)\s+(\d+)\s+obj\b/g;
    for (let m = header.exec(text); m; m = header.exec(text)) {
      const lexer = new PdfLexer(this.bytes, m.index + m[0].length);
      const value = readValue(lexer);
      if (value === undefined || isKeyword(value)) continue;
      let object: PdfValue = value;
      const after = lexer.pos;
      const next = lexer.next();
      if (isDict(value) && isKeyword(next) && next.word === 'stream') {
        const stream = this.#streamAt(value, lexer.pos);
        object = stream.stream;
        header.lastIndex = stream.end;
        if (isName(value.entries.get('Type'), 'ObjStm')) objectStreams.push(stream.stream);
        if (isName(value.entries.get('Type'), 'XRef')) trailers.push(value);
      } else header.lastIndex = after;
      this.objects.set(Number(m[1]), object);
    }
    for (const stream of objectStreams) this.#unpack(stream);
    const trailerWord = /trailer\s*<</g;
    for (let m = trailerWord.exec(text); m; m = trailerWord.exec(text)) {
      const value = readValue(new PdfLexer(this.bytes, m.index + 'trailer'.length));
      if (isDict(value)) trailers.push(value);
    }
    // The newest trailer naming a catalog wins (incremental updates append).
    const withRoot = trailers.filter((t) => t.entries.has('Root'));
    const chosen = withRoot[withRoot.length - 1];
    if (chosen) this.trailer = chosen;
    else {
      // No trailer at all: find the catalog by type, as repair tools do.
      for (const [num, object] of this.objects) {
        if (isDict(object) && isName(object.entries.get('Type'), 'Catalog')) this.trailer.entries.set('Root', { kind: 'ref', num, gen: 0 });
      }
    }
  }

  #streamAt(dict: PdfDict, afterKeyword: number): { stream: PdfStream; end: number } {
    const b = this.bytes;
    let start = afterKeyword;
    if (b[start] === 0x0d) start++;
    if (b[start] === 0x0a) start++;
    const declared = dict.entries.get('Length');
    if (typeof declared === 'number' && declared >= 0 && start + declared <= b.length) {
      const tail = b.toString('latin1', start + declared, start + declared + 32);
      if (/^\s*endstream/.test(tail)) return { stream: { kind: 'stream', dict, raw: b.subarray(start, start + declared) }, end: start + declared + tail.indexOf('endstream') + 9 };
    }
    // An indirect or wrong /Length: the data runs to the `endstream` keyword.
    let stop = b.indexOf('endstream', start, 'latin1');
    if (stop < 0) stop = b.length;
    let dataEnd = stop;
    if (b[dataEnd - 1] === 0x0a) dataEnd--;
    if (b[dataEnd - 1] === 0x0d) dataEnd--;
    return { stream: { kind: 'stream', dict, raw: b.subarray(start, Math.max(start, dataEnd)) }, end: Math.min(b.length, stop + 9) };
  }

  #unpack(stream: PdfStream): void {
    const data = this.decode(stream);
    const count = this.resolve(stream.dict.entries.get('N'));
    const first = this.resolve(stream.dict.entries.get('First'));
    if (!data || typeof count !== 'number' || typeof first !== 'number') return;
    const lexer = new PdfLexer(data);
    const pairs: [number, number][] = [];
    for (let i = 0; i < count; i++) {
      const num = lexer.next();
      const offset = lexer.next();
      if (typeof num !== 'number' || typeof offset !== 'number') return;
      pairs.push([num, offset]);
    }
    for (const [num, offset] of pairs) {
      if (this.objects.has(num)) continue; // a directly written object is the newer one
      const value = readValue(new PdfLexer(data, first + offset));
      if (value !== undefined && !isKeyword(value)) this.objects.set(num, value);
    }
  }
}

function inflate(data: Buffer): Buffer {
  try {
    return inflateSync(data, { maxOutputLength: MAX_STREAM_BYTES });
  } catch {
    // Many real files have a damaged stream end: keep what inflates.
    try {
      return inflateSync(data, { maxOutputLength: MAX_STREAM_BYTES, finishFlush: zlib.Z_SYNC_FLUSH });
    } catch {
      return Buffer.alloc(0);
    }
  }
}

function hexDecode(data: Buffer): Buffer {
  let hex = data.toString('latin1').split('>')[0]?.replace(/[^0-9a-fA-F]/g, '') ?? '';
  if (hex.length % 2) hex += '0';
  return Buffer.from(hex, 'hex');
}
