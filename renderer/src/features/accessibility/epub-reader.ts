/**
 * Reading an ePub (Ally's alternative format) for a preview inside the app: a ZIP reader (stored
 * and deflated entries, inflated with the platform's DecompressionStream, so no library) and the
 * EPUB 3 path from META-INF/container.xml to the package's spine, chapter by chapter. The chapters'
 * markup is returned as HTML for RichText.svelte, whose sanitiser is the only gate to the page.
 */

export class EpubError extends Error {
  override name = 'EpubError';
}

/** Most bytes one entry may unpack to, and the whole book: counted while inflating, since the sizes a ZIP states may lie. */
const MAX_ENTRY_BYTES = 50 * 1024 * 1024;
const MAX_BOOK_BYTES = 100 * 1024 * 1024;

const tooMuch = (limit: number, name: string): EpubError =>
  new EpubError(`This ePub unpacks to more than ${Math.round(limit / 1024 / 1024)} MB in ${name}, too much to preview. Save it and open it in an ePub reader.`);

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The central directory's entries (no ZIP64, no encryption: an ePub needs neither). */
export function zipEntries(zip: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new EpubError('This ePub is damaged: it is not a ZIP file.');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = new Map<string, ZipEntry>();
  const utf8 = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || view.getUint32(at, true) !== 0x02014b50) throw new EpubError('This ePub is damaged: its file list is cut short.');
    const nameLength = view.getUint16(at + 28, true);
    const entry: ZipEntry = {
      name: utf8.decode(zip.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    };
    entries.set(entry.name, entry);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** One entry's bytes, at most `limit` of them once inflated. */
export async function readEntry(zip: Uint8Array, entry: ZipEntry, limit = MAX_ENTRY_BYTES): Promise<Uint8Array> {
  if (entry.size > limit) throw tooMuch(limit, entry.name);
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const local = entry.localOffset;
  if (local + 30 > zip.length || view.getUint32(local, true) !== 0x04034b50) throw new EpubError(`This ePub is damaged: ${entry.name} cannot be found.`);
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    if (data.byteLength > limit) throw tooMuch(limit, entry.name);
    return data;
  }
  if (entry.method !== 8) throw new EpubError(`${entry.name} in this ePub uses a compression Rollbook cannot read.`);
  return inflate(data, limit, entry.name);
}

/** Inflates raw deflate, stopping as soon as the output passes `limit` (a ZIP bomb states a small size). */
async function inflate(data: Uint8Array, limit: number, name: string): Promise<Uint8Array> {
  const reader = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooMuch(limit, name);
    }
    chunks.push(next.value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

export interface EpubChapter {
  title: string;
  /** The chapter's body markup: untrusted, shown only through RichText.svelte. */
  html: string;
}

export interface EpubBook {
  title: string;
  language: string | null;
  chapters: EpubChapter[];
}

/** Resolves `href` against the folder of `from` ("OEBPS/content.opf" + "chapter.xhtml"). */
function resolve(from: string, href: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of decodeURIComponent(href.split('#')[0] ?? '').split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** Opens an ePub: its title, language and the chapters in reading order (the spine). */
export async function readEpub(bytes: Uint8Array): Promise<EpubBook> {
  const entries = zipEntries(bytes);
  // The whole book's unpacked bytes are counted too: many entries under the one limit still add up.
  let left = MAX_BOOK_BYTES;
  const text = async (name: string): Promise<string> => {
    const entry = entries.get(name);
    if (!entry) throw new EpubError(`This ePub is missing ${name}.`);
    const limit = Math.min(MAX_ENTRY_BYTES, left);
    const read = await readEntry(bytes, entry, limit).catch((error: unknown) => {
      throw error instanceof EpubError && limit < MAX_ENTRY_BYTES && error.message.startsWith('This ePub unpacks') ? tooMuch(MAX_BOOK_BYTES, 'all') : error;
    });
    left -= read.byteLength;
    return new TextDecoder().decode(read);
  };
  const xml = (source: string, name: string): Document => {
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    if (doc.getElementsByTagName('parsererror').length > 0) throw new EpubError(`This ePub is damaged: ${name} is not well-formed.`);
    return doc;
  };
  const container = xml(await text('META-INF/container.xml'), 'META-INF/container.xml');
  const opfPath = container.getElementsByTagName('rootfile')[0]?.getAttribute('full-path');
  if (!opfPath) throw new EpubError('This ePub does not say where its contents are (no rootfile).');
  const opf = xml(await text(opfPath), opfPath);
  const manifest = new Map([...opf.getElementsByTagName('item')].map((i) => [i.getAttribute('id') ?? '', i.getAttribute('href') ?? '']));
  // Every chapter unpacked (and counted) before any is parsed: a book past the limit is refused
  // before the page spends seconds parsing the first 100 MB of it.
  const pages: { path: string; source: string }[] = [];
  for (const ref of opf.getElementsByTagName('itemref')) {
    const href = manifest.get(ref.getAttribute('idref') ?? '');
    if (!href) continue;
    const path = resolve(opfPath, href);
    pages.push({ path, source: await text(path) });
  }
  const chapters: EpubChapter[] = pages.map(({ path, source }) => {
    const page = new DOMParser().parseFromString(source, 'application/xhtml+xml');
    const body = page.getElementsByTagName('body')[0];
    return { title: page.getElementsByTagName('title')[0]?.textContent ?? path, html: body?.innerHTML ?? '' };
  });
  const title = opf.getElementsByTagName('dc:title')[0]?.textContent ?? opf.getElementsByTagName('title')[0]?.textContent ?? 'Untitled';
  return { title, language: opf.getElementsByTagName('dc:language')[0]?.textContent ?? null, chapters };
}
