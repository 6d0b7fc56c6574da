/**
 * PDF's object syntax (ISO 32000-1 §7.2-7.3): a lexer over bytes and a parser for one value.
 * Shared by the file reader (objects, dictionaries, streams) and the content-stream interpreter
 * (operands and operators).
 */
export interface PdfName {
  kind: 'name';
  name: string;
}
export interface PdfString {
  kind: 'string';
  bytes: Buffer;
}
export interface PdfRef {
  kind: 'ref';
  num: number;
  gen: number;
}
export interface PdfDict {
  kind: 'dict';
  entries: Map<string, PdfValue>;
}
export interface PdfStream {
  kind: 'stream';
  dict: PdfDict;
  raw: Buffer;
}
/** A bare keyword: an operator in a content stream, or `obj`, `R`, `stream` in a file. */
export interface PdfKeyword {
  kind: 'keyword';
  word: string;
}
export type PdfValue = null | boolean | number | PdfName | PdfString | PdfRef | PdfDict | PdfStream | PdfValue[];

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const isRegular = (b: number | undefined): boolean => b !== undefined && !WHITESPACE.has(b) && !DELIMITERS.has(b);

type Token = PdfValue | PdfKeyword | { kind: 'open'; bracket: '[' | '<<' } | { kind: 'close'; bracket: ']' | '>>' };

export class PdfLexer {
  constructor(
    readonly bytes: Buffer,
    public pos = 0,
  ) {}

  skipSpace(): void {
    const b = this.bytes;
    while (this.pos < b.length) {
      const c = b[this.pos] as number;
      if (WHITESPACE.has(c)) this.pos++;
      else if (c === 0x25) {
        while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++;
      } else break;
    }
  }

  /** The next token, or undefined at the end. */
  next(): Token | undefined {
    this.skipSpace();
    const b = this.bytes;
    if (this.pos >= b.length) return undefined;
    const c = b[this.pos] as number;
    if (c === 0x2f) {
      const start = ++this.pos;
      while (isRegular(b[this.pos])) this.pos++;
      const raw = b.toString('latin1', start, this.pos);
      return { kind: 'name', name: raw.replace(/#([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))) };
    }
    if (c === 0x28) return this.#literalString();
    if (c === 0x3c) {
      if (b[this.pos + 1] === 0x3c) {
        this.pos += 2;
        return { kind: 'open', bracket: '<<' };
      }
      return this.#hexString();
    }
    if (c === 0x3e && b[this.pos + 1] === 0x3e) {
      this.pos += 2;
      return { kind: 'close', bracket: '>>' };
    }
    if (c === 0x5b) {
      this.pos++;
      return { kind: 'open', bracket: '[' };
    }
    if (c === 0x5d) {
      this.pos++;
      return { kind: 'close', bracket: ']' };
    }
    if (DELIMITERS.has(c)) {
      this.pos++; // a stray delimiter ('{', '}', '>'): skip it rather than stop reading
      return this.next();
    }
    const start = this.pos;
    while (isRegular(b[this.pos])) this.pos++;
    const word = b.toString('latin1', start, this.pos);
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return Number(word);
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    return { kind: 'keyword', word };
  }

  #literalString(): PdfString {
    const b = this.bytes;
    const out: number[] = [];
    let depth = 1;
    this.pos++;
    while (this.pos < b.length) {
      const c = b[this.pos++] as number;
      if (c === 0x5c) {
        const e = b[this.pos++];
        if (e === undefined) break;
        const simple: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c, 0x28: 0x28, 0x29: 0x29, 0x5c: 0x5c };
        if (simple[e] !== undefined) out.push(simple[e]);
        else if (e >= 0x30 && e <= 0x37) {
          let octal = e - 0x30;
          for (let i = 0; i < 2 && (b[this.pos] ?? 0) >= 0x30 && (b[this.pos] ?? 0) <= 0x37; i++) octal = octal * 8 + ((b[this.pos++] as number) - 0x30);
          out.push(octal & 0xff);
        } else if (e === 0x0d) {
          if (b[this.pos] === 0x0a) this.pos++;
        } else if (e !== 0x0a) out.push(e);
      } else if (c === 0x28) {
        depth++;
        out.push(c);
      } else if (c === 0x29) {
        if (--depth === 0) break;
        out.push(c);
      } else out.push(c);
    }
    return { kind: 'string', bytes: Buffer.from(out) };
  }

  #hexString(): PdfString {
    const b = this.bytes;
    this.pos++;
    let hex = '';
    while (this.pos < b.length && b[this.pos] !== 0x3e) {
      const ch = String.fromCharCode(b[this.pos++] as number);
      if (/[0-9a-fA-F]/.test(ch)) hex += ch;
    }
    this.pos++;
    if (hex.length % 2) hex += '0';
    return { kind: 'string', bytes: Buffer.from(hex, 'hex') };
  }
}

/**
 * Reads one complete value (arrays and dictionaries recursively, `n g R` as a reference).
 * Returns a keyword when one stands where a value was expected, so callers can see operators.
 */
export function readValue(lexer: PdfLexer, depth = 0): PdfValue | PdfKeyword | undefined {
  const token = lexer.next();
  if (token === undefined || depth > 64) return undefined;
  if (typeof token === 'number') {
    // Look ahead for `gen R`: only non-negative integers can start a reference.
    if (Number.isInteger(token) && token >= 0) {
      const save = lexer.pos;
      const gen = lexer.next();
      if (typeof gen === 'number' && Number.isInteger(gen)) {
        const r = lexer.next();
        if (r && typeof r === 'object' && !Array.isArray(r) && r.kind === 'keyword' && r.word === 'R') return { kind: 'ref', num: token, gen };
      }
      lexer.pos = save;
    }
    return token;
  }
  if (token === null || typeof token === 'boolean' || Array.isArray(token)) return token;
  if (token.kind === 'open' && token.bracket === '[') {
    const items: PdfValue[] = [];
    for (;;) {
      lexer.skipSpace();
      if (lexer.pos >= lexer.bytes.length) return items;
      if (lexer.bytes[lexer.pos] === 0x5d) {
        lexer.pos++;
        return items;
      }
      const item = readValue(lexer, depth + 1);
      if (item === undefined) return items;
      if (isKeyword(item)) continue;
      items.push(item);
    }
  }
  if (token.kind === 'open') {
    const entries = new Map<string, PdfValue>();
    for (;;) {
      const key = lexer.next();
      if (key === undefined) break;
      if (typeof key === 'object' && key !== null && !Array.isArray(key) && key.kind === 'close') break;
      if (typeof key !== 'object' || key === null || Array.isArray(key) || key.kind !== 'name') continue;
      const value = readValue(lexer, depth + 1);
      if (value === undefined) break;
      if (!isKeyword(value)) entries.set(key.name, value);
    }
    return { kind: 'dict', entries };
  }
  if (token.kind === 'close') return readValue(lexer, depth);
  return token;
}

export function isKeyword(value: unknown): value is PdfKeyword {
  return isObject(value) && value.kind === 'keyword';
}

const isObject = (value: unknown): value is { kind: string } => typeof value === 'object' && value !== null && !Array.isArray(value);
export const isName = (value: unknown, name?: string): value is PdfName => isObject(value) && value.kind === 'name' && (name === undefined || (value as PdfName).name === name);
export const isDict = (value: unknown): value is PdfDict => isObject(value) && value.kind === 'dict';
export const isRef = (value: unknown): value is PdfRef => isObject(value) && value.kind === 'ref';
export const isStream = (value: unknown): value is PdfStream => isObject(value) && value.kind === 'stream';
export const isString = (value: unknown): value is PdfString => isObject(value) && value.kind === 'string';

/** A PDF text string (§7.9.2.2): UTF-16BE with a byte-order mark, UTF-8 with one, else PDFDocEncoding (read as Latin-1). */
export function textOf(value: PdfValue | undefined): string | undefined {
  if (!isString(value)) return undefined;
  const b = value.bytes;
  if (b[0] === 0xfe && b[1] === 0xff) return Buffer.from(b.subarray(2, 2 + ((b.length - 2) & ~1))).swap16().toString('utf16le');
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return b.toString('utf8', 3);
  return b.toString('latin1');
}
