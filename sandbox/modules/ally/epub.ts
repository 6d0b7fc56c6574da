import { escapeXml as x } from './markup';
import { writeZip } from './zip';

/**
 * A minimal valid EPUB 3 package: `mimetype` first and stored (the OCF rule that lets readers
 * recognise the file), META-INF/container.xml, the package document (content.opf), a navigation
 * document and one XHTML chapter. `chapterBody` is XHTML body content.
 */
export interface EpubInput {
  identifier: string;
  title: string;
  lang: string;
  chapterBody: string;
}

export function writeEpub(input: EpubInput): Buffer {
  const container = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`;
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${x(input.lang)}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="book-id">${x(input.identifier)}</dc:identifier>
    <dc:title>${x(input.title)}</dc:title>
    <dc:language>${x(input.lang)}</dc:language>
    <meta property="dcterms:modified">2026-09-01T00:00:00Z</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="chapter" href="chapter.xhtml" media-type="application/xhtml+xml"/>
  </manifest>
  <spine><itemref idref="chapter"/></spine>
</package>
`;
  const page = (title: string, body: string, epubNs = false): string => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml"${epubNs ? ' xmlns:epub="http://www.idpf.org/2007/ops"' : ''} lang="${x(input.lang)}" xml:lang="${x(input.lang)}">
<head><meta charset="utf-8"/><title>${x(title)}</title></head>
<body>
${body}
</body>
</html>
`;
  const nav = page(input.title, `<nav epub:type="toc" id="toc"><h1>Contents</h1><ol><li><a href="chapter.xhtml">${x(input.title)}</a></li></ol></nav>`, true);
  return writeZip([
    { name: 'mimetype', data: 'application/epub+zip' },
    { name: 'META-INF/container.xml', data: container },
    { name: 'OEBPS/content.opf', data: opf },
    { name: 'OEBPS/nav.xhtml', data: nav },
    { name: 'OEBPS/chapter.xhtml', data: page(input.title, input.chapterBody) },
  ]);
}
