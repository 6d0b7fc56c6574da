import { crc32, deflateRawSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { beforeAll, describe, expect, it } from 'vitest';
import { EpubError, readEpub } from '../../renderer/src/features/accessibility/epub-reader';
import { writeEpub } from '../../sandbox/modules/ally/epub';

/** The in-app ePub preview's reader, on the sandbox's real EPUB writer and on a deflated package. */
beforeAll(() => {
  // The renderer parses with the browser's DOMParser; jsdom provides the same here.
  globalThis.DOMParser = new JSDOM('').window.DOMParser;
});

/** A ZIP whose entries are deflated (as most real ePubs are, after the stored `mimetype`). */
function deflatedZip(entries: { name: string; data: string | Buffer; declaredSize?: number }[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const raw = Buffer.from(entry.data);
    const stored = entry.name === 'mimetype';
    const data = stored ? raw : deflateRawSync(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt32LE(crc32(raw), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(stored ? 0 : 8, 10);
    central.writeUInt32LE(crc32(raw), 16);
    central.writeUInt32LE(data.length, 20);
    // The size the directory states: a hostile file may state anything.
    central.writeUInt32LE(entry.declaredSize ?? raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const xhtml = (title: string, body: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${title}</title></head><body>${body}</body></html>`;

describe('readEpub', () => {
  it('reads the sandbox’s EPUB 3 (stored entries): title, language and the chapter’s markup', async () => {
    const book = await readEpub(new Uint8Array(writeEpub({ identifier: 'urn:x', title: 'Week 1', lang: 'en', chapterBody: '<h1>Week 1</h1><p>Psychology is a science.</p>' })));
    expect(book.title).toBe('Week 1');
    expect(book.language).toBe('en');
    expect(book.chapters).toHaveLength(1);
    expect(book.chapters[0]?.html).toMatch(/<h1[^>]*>Week 1<\/h1>\s*<p[^>]*>Psychology is a science.<\/p>/);
  });

  it('inflates deflated entries and follows the spine order, with paths relative to the package', async () => {
    const zip = deflatedZip([
      { name: 'mimetype', data: 'application/epub+zip' },
      { name: 'META-INF/container.xml', data: '<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="book/pkg.opf"/></rootfiles></container>' },
      {
        name: 'book/pkg.opf',
        data: '<package xmlns="http://www.idpf.org/2007/opf" xmlns:dc="http://purl.org/dc/elements/1.1/"><metadata><dc:title>Two chapters</dc:title></metadata><manifest><item id="a" href="text/one.xhtml"/><item id="b" href="text/two.xhtml"/></manifest><spine><itemref idref="b"/><itemref idref="a"/></spine></package>',
      },
      { name: 'book/text/one.xhtml', data: xhtml('One', '<p>first file</p>') },
      { name: 'book/text/two.xhtml', data: xhtml('Two', '<p>second file, read first</p>') },
    ]);
    const book = await readEpub(zip);
    expect(book.title).toBe('Two chapters');
    expect(book.language).toBeNull();
    expect(book.chapters.map((c) => c.title)).toEqual(['Two', 'One']);
    expect(book.chapters[0]?.html).toContain('second file, read first');
  });

  it('stops inflating an entry past 50 MB, whatever size the ePub states (a ZIP bomb)', async () => {
    // 64 MB of one byte deflates to about 64 KB; the directory says 2 KB.
    const zip = deflatedZip([
      { name: 'mimetype', data: 'application/epub+zip' },
      { name: 'META-INF/container.xml', data: Buffer.alloc(64 * 1024 * 1024, 0x20), declaredSize: 2048 },
    ]);
    await expect(readEpub(zip)).rejects.toThrow(new EpubError('This ePub unpacks to more than 50 MB in META-INF/container.xml, too much to preview. Save it and open it in an ePub reader.'));
  }, 60_000);

  it('counts the whole book: a book-sized ePub whose chapters each fit but add up past 100 MB is cut off in plain words', async () => {
    // A textbook as Ally renders one: a package, a table of contents, a stylesheet, figures, and 26
    // chapters of about 4 MB of markup each (each well under the 50 MB an entry may unpack to).
    const paragraph = '<p>Memory is not a recording: each time we recall an event we rebuild it from traces, and what we believe now shapes what we remember then. </p>\n';
    const chapterBody = (n: number): string => `<h1>Chapter ${n}</h1>${paragraph.repeat(Math.ceil((4 * 1024 * 1024) / paragraph.length))}`;
    const chapters = Array.from({ length: 26 }, (_, i) => i + 1);
    const zip = deflatedZip([
      { name: 'mimetype', data: 'application/epub+zip' },
      { name: 'META-INF/container.xml', data: '<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf"/></rootfiles></container>' },
      {
        name: 'OEBPS/content.opf',
        data: `<package xmlns="http://www.idpf.org/2007/opf" xmlns:dc="http://purl.org/dc/elements/1.1/"><metadata><dc:title>Introduction to Psychology</dc:title><dc:language>en</dc:language></metadata><manifest><item id="nav" href="nav.xhtml"/><item id="css" href="style.css"/>${chapters.map((n) => `<item id="c${n}" href="text/chapter-${n}.xhtml"/><item id="f${n}" href="images/figure-${n}.png"/>`).join('')}</manifest><spine>${chapters.map((n) => `<itemref idref="c${n}"/>`).join('')}</spine></package>`,
      },
      { name: 'OEBPS/nav.xhtml', data: xhtml('Contents', `<nav><ol>${chapters.map((n) => `<li><a href="text/chapter-${n}.xhtml">Chapter ${n}</a></li>`).join('')}</ol></nav>`) },
      { name: 'OEBPS/style.css', data: 'body { font-family: serif; line-height: 1.5; }' },
      ...chapters.flatMap((n) => [
        { name: `OEBPS/text/chapter-${n}.xhtml`, data: xhtml(`Chapter ${n}`, chapterBody(n)) },
        { name: `OEBPS/images/figure-${n}.png`, data: Buffer.alloc(20 * 1024, n) },
      ]),
    ]);
    // What the download brings is small: the size only shows once the book is unpacked.
    expect(zip.byteLength).toBeLessThan(5 * 1024 * 1024);
    await expect(readEpub(zip)).rejects.toThrow(new EpubError('This ePub unpacks to more than 100 MB in all, too much to preview. Save it and open it in an ePub reader.'));
  }, 120_000);

  it('says what is wrong with a damaged or incomplete ePub', async () => {
    await expect(readEpub(new Uint8Array(100))).rejects.toThrow(new EpubError('This ePub is damaged: it is not a ZIP file.'));
    const noContainer = deflatedZip([{ name: 'mimetype', data: 'application/epub+zip' }]);
    await expect(readEpub(noContainer)).rejects.toThrow('This ePub is missing META-INF/container.xml.');
  });
});
