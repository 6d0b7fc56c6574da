import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { DocModel } from './document-model';
import { layout, PAGE, type LaidOutPage, type Placed } from './pdf-layout';

/**
 * A tiny PDF writer: real, valid PDF 1.7 files from a document model, with or without a tag
 * (structure) tree, title, language, alternative text and table headers, and as a "scan" (pages
 * that are only pictures of text). Used for the demo course files and the tagged-PDF format.
 */
export interface PdfOptions {
  /** Write a structure tree (StructTreeRoot, marked content, ParentTree). */
  tagged: boolean;
  /** Pages are images of the text, with no text layer (a scanned document). */
  scanned?: boolean;
}

type Body = string | Buffer;

class ObjectTable {
  readonly bodies: Body[] = [];
  reserve(): number {
    this.bodies.push('null');
    return this.bodies.length;
  }
  set(ref: number, body: Body): void {
    this.bodies[ref - 1] = body;
  }
  add(body: Body): number {
    const ref = this.reserve();
    this.set(ref, body);
    return ref;
  }
  stream(dict: string, data: Buffer, compress = true): number {
    const payload = compress ? deflateSync(data) : data;
    const filter = compress ? ' /Filter /FlateDecode' : '';
    return this.add(Buffer.concat([Buffer.from(`<< ${dict}${filter} /Length ${payload.length} >>\nstream\n`, 'latin1'), payload, Buffer.from('\nendstream', 'latin1')]));
  }
}

/** A PDF text string: literal when plain ASCII, else UTF-16BE with its byte-order mark. */
export function pdfText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return `(${text.replace(/[()\\]/g, (c) => `\\${c}`)})`;
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  return `<FEFF${utf16.toString('hex').toUpperCase()}>`;
}

/** A string shown with a WinAnsi font: Latin-1 bytes, anything else as '?'. */
function shown(text: string): string {
  const latin = [...text].map((c) => (c.charCodeAt(0) < 256 ? c : '?')).join('');
  return `(${latin.replace(/[()\\]/g, (c) => `\\${c}`).replace(/[\x80-\xff]/g, (c) => `\\${c.charCodeAt(0).toString(8)}`)})`;
}

const n = (value: number): string => String(Math.round(value * 100) / 100);

interface Element {
  ref: number;
  type: string;
  parent: number;
  kids: string[];
  alt?: string | undefined;
}

export function writePdf(model: DocModel, options: PdfOptions): Buffer {
  const table = new ObjectTable();
  const catalogRef = table.reserve();
  const pagesRef = table.reserve();
  const pages = layout(model.blocks);
  const tagged = options.tagged && !options.scanned;
  const fonts = `/Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >> /F2 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >> >>`;
  const figureRef = table.stream('/Type /XObject /Subtype /Image /Width 32 /Height 24 /ColorSpace /DeviceGray /BitsPerComponent 8', figurePixels());

  const structRoot = tagged ? table.reserve() : 0;
  const documentElement: Element | undefined = tagged ? { ref: table.reserve(), type: 'Document', parent: structRoot, kids: [] } : undefined;
  const elements: Element[] = [];
  const blockElement = new Map<number, Element>();
  const cellElement = new Map<string, Element>();
  const elementFor = (item: Placed): Element | undefined => {
    if (!documentElement) return undefined;
    const block = model.blocks[item.block];
    if (!block) return undefined;
    let element = blockElement.get(item.block);
    if (!element) {
      const type = block.kind === 'heading' ? `H${block.level}` : block.kind === 'paragraph' ? 'P' : block.kind === 'image' ? 'Figure' : 'Table';
      element = { ref: table.reserve(), type, parent: documentElement.ref, kids: [], alt: block.kind === 'image' ? block.alt : undefined };
      documentElement.kids.push(`${element.ref} 0 R`);
      elements.push(element);
      blockElement.set(item.block, element);
    }
    if (item.kind !== 'text' || !item.cell || block.kind !== 'table') return element;
    const rowKey = `${item.block}:${item.cell.row}`;
    let row = cellElement.get(rowKey);
    if (!row) {
      row = { ref: table.reserve(), type: 'TR', parent: element.ref, kids: [] };
      element.kids.push(`${row.ref} 0 R`);
      elements.push(row);
      cellElement.set(rowKey, row);
    }
    const cell: Element = { ref: table.reserve(), type: block.headerRow && item.cell.row === 0 ? 'TH' : 'TD', parent: row.ref, kids: [] };
    row.kids.push(`${cell.ref} 0 R`);
    elements.push(cell);
    return cell;
  };

  const pageRefs: number[] = [];
  const parentTree: string[] = [];
  pages.forEach((page, pageIndex) => {
    const pageRef = table.reserve();
    pageRefs.push(pageRef);
    const owners: number[] = [];
    let content: string;
    let xobjects = `/Im1 ${figureRef} 0 R`;
    if (options.scanned) {
      const scanRef = table.stream('/Type /XObject /Subtype /Image /Width 153 /Height 198 /ColorSpace /DeviceGray /BitsPerComponent 8', scanPixels(page));
      xobjects = `/Scan ${scanRef} 0 R`;
      content = `q ${PAGE.width} 0 0 ${PAGE.height} 0 0 cm /Scan Do Q\n`;
    } else {
      content = page.items
        .map((item) => {
          const element = elementFor(item);
          let mark = (body: string): string => body;
          if (element && item.kind !== 'rule') {
            const mcid = owners.length;
            owners.push(element.ref);
            element.kids.push(`<< /Type /MCR /Pg ${pageRef} 0 R /MCID ${mcid} >>`);
            mark = (body) => `/${element.type === 'Figure' ? 'Figure' : element.type} << /MCID ${mcid} >> BDC\n${body}EMC\n`;
          } else if (tagged) mark = (body) => `/Artifact BMC\n${body}EMC\n`;
          if (item.kind === 'text') {
            const colour = `${n(item.grey)} ${n(item.grey)} ${n(item.grey)} rg`;
            return mark(`BT /${item.bold ? 'F2' : 'F1'} ${item.size} Tf ${colour} 1 0 0 1 ${n(item.x)} ${n(item.y)} Tm ${shown(item.text)} Tj ET\n`);
          }
          const { x0, y0, x1, y1 } = item.box;
          if (item.kind === 'image') return mark(`q ${n(x1 - x0)} 0 0 ${n(y1 - y0)} ${n(x0)} ${n(y0)} cm /Im1 Do Q\n`);
          return mark(`q 0.5 G 0.5 w ${n(x0)} ${n(y0)} m ${n(x1)} ${n(y1)} l S Q\n`);
        })
        .join('');
    }
    const contentRef = table.stream('', Buffer.from(content, 'latin1'));
    const structParents = tagged ? ` /StructParents ${pageIndex}` : '';
    if (tagged) parentTree.push(`${pageIndex} [${owners.map((r) => `${r} 0 R`).join(' ')}]`);
    table.set(pageRef, `<< /Type /Page /Parent ${pagesRef} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << ${fonts} /XObject << ${xobjects} >> >> /Contents ${contentRef} 0 R${structParents}${tagged ? ' /Tabs /S' : ''} >>`);
  });
  table.set(pagesRef, `<< /Type /Pages /Kids [${pageRefs.map((r) => `${r} 0 R`).join(' ')}] /Count ${pageRefs.length} >>`);

  if (documentElement) {
    for (const element of [documentElement, ...elements]) {
      const alt = element.alt ? ` /Alt ${pdfText(element.alt)}` : '';
      table.set(element.ref, `<< /Type /StructElem /S /${element.type} /P ${element.parent} 0 R${alt} /K [${element.kids.join(' ')}] >>`);
    }
    const parentTreeRef = table.add(`<< /Nums [${parentTree.join(' ')}] >>`);
    table.set(structRoot, `<< /Type /StructTreeRoot /K ${documentElement.ref} 0 R /ParentTree ${parentTreeRef} 0 R /ParentTreeNextKey ${pages.length} >>`);
  }

  const catalog = [`/Type /Catalog /Pages ${pagesRef} 0 R`];
  if (model.lang) catalog.push(`/Lang ${pdfText(model.lang)}`);
  if (tagged) catalog.push(`/MarkInfo << /Marked true >> /StructTreeRoot ${structRoot} 0 R`);
  if (model.title) catalog.push('/ViewerPreferences << /DisplayDocTitle true >>');
  table.set(catalogRef, `<< ${catalog.join(' ')} >>`);
  const info = [`/Producer (Rollbook sandbox PDF writer)`, `/CreationDate (D:20260901000000Z)`];
  if (model.title) info.push(`/Title ${pdfText(model.title)}`);
  const infoRef = table.add(`<< ${info.join(' ')} >>`);
  return serialise(table, catalogRef, infoRef);
}

function serialise(table: ObjectTable, rootRef: number, infoRef: number): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  table.bodies.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const id = createHash('md5').update(Buffer.concat(parts)).digest('hex').toUpperCase();
  const xref = [`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  const trailer = `trailer\n<< /Size ${offsets.length + 1} /Root ${rootRef} 0 R /Info ${infoRef} 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${offset}\n%%EOF\n`;
  parts.push(Buffer.from(xref + trailer, 'latin1'));
  return Buffer.concat(parts);
}

/** A small grey gradient: the picture in a figure. */
function figurePixels(): Buffer {
  const pixels = Buffer.alloc(32 * 24);
  for (let y = 0; y < 24; y++) for (let x = 0; x < 32; x++) pixels[y * 32 + x] = 60 + ((x * 5 + y * 3) % 160);
  return pixels;
}

/** A quarter-scale "photocopy" of the page: dark bars where the lines of text would be. */
function scanPixels(page: LaidOutPage): Buffer {
  const width = 153;
  const height = 198;
  const pixels = Buffer.alloc(width * height, 235);
  for (const item of page.items) {
    const { x0, y0, x1, y1 } = item.box;
    const tone = item.kind === 'image' ? 120 : 40;
    for (let y = Math.floor((PAGE.height - y1) / 4); y < Math.ceil((PAGE.height - y0) / 4) && y < height; y++) {
      for (let x = Math.floor(x0 / 4); x < Math.ceil(x1 / 4) && x < width; x++) if (y >= 0) pixels[y * width + x] = tone;
    }
  }
  return pixels;
}
