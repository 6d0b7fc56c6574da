import { contrastRatio, enoughContrast, parseColour } from './colour';
import { headingChecks, itemCheck, languageChecks, type FoundHeading, type FoundItem } from './common-checks';
import { plainText, type Block, type DocModel } from './document-model';
import { passFail, type Analysis, type Checks } from './document-model';
import { attr, elements, firstElement, innerText, textRuns } from './markup';
import { isZip, readZip } from './zip';

/**
 * Word, PowerPoint and OpenDocument files, read from their XML parts: the title in the core
 * properties (or meta.xml), the declared language, heading styles and outline levels, picture
 * descriptions, table header rows, and (Word) run colours. Legacy binary files (.doc, .ppt)
 * are not read: their analysis fails with a sentence saying so.
 */
export type OfficeKind = 'docx' | 'pptx' | 'odt' | 'odp' | 'doc' | 'ppt';

export function analyseOffice(bytes: Buffer, kind: OfficeKind): Analysis {
  if (kind === 'doc' || kind === 'ppt') {
    return { ok: false, reason: `The sandbox cannot analyse legacy binary ${kind === 'doc' ? 'Word (.doc)' : 'PowerPoint (.ppt)'} files; save the file as ${kind === 'doc' ? '.docx' : '.pptx'} and upload it again.` };
  }
  if (!isZip(bytes)) return { ok: false, reason: `The file cannot be analysed: a .${kind} file is a ZIP package, and this one does not start with a ZIP header (it is damaged or misnamed).` };
  let parts: Map<string, Buffer>;
  try {
    parts = readZip(bytes);
  } catch (error) {
    return { ok: false, reason: `The file cannot be analysed: ${(error as Error).message}.` };
  }
  const part = (name: string): string => parts.get(name)?.toString('utf8') ?? '';
  const main = { docx: 'word/document.xml', pptx: 'ppt/presentation.xml', odt: 'content.xml', odp: 'content.xml' }[kind];
  if (!parts.has(main)) return { ok: false, reason: `The file cannot be analysed: the package has no ${main}, so it is not a valid .${kind} file.` };
  if (kind === 'docx') return word(part);
  if (kind === 'pptx') return slides(part, [...parts.keys()]);
  return openDocument(part);
}

const clean = (text: string): string => text.replace(/\s+/g, ' ').trim();

function finish(model: DocModel, headings: FoundHeading[], images: FoundItem[], tables: FoundItem[], text: FoundItem[]): Analysis {
  const checks: Checks = { Title: passFail(model.title !== undefined), ...languageChecks(model.lang, plainText(model)), ...headingChecks(headings, false) };
  if (images.length > 0) checks.AlternativeText = itemCheck(images, false);
  if (tables.length > 0) checks.TableHeaders = itemCheck(tables, false);
  if (text.length > 0) checks.Contrast = itemCheck(text, false);
  return { ok: true, checks, model };
}

const coreTitle = (core: string): string | undefined => clean(innerText(firstElement(core, 'dc:title') ?? '')) || undefined;

function word(part: (name: string) => string): Analysis {
  const document = part('word/document.xml');
  const styles = part('word/styles.xml');
  const core = part('docProps/core.xml');
  // Heading styles by id: a "heading N" name or an outline level.
  const headingStyle = new Map<string, number>();
  for (const style of elements(styles, 'w:style')) {
    const id = attr(style, 'w:styleId') ?? '';
    const name = attr(firstElement(style, 'w:name') ?? '', 'w:val') ?? '';
    const outline = attr(firstElement(style, 'w:outlineLvl') ?? '', 'w:val');
    const level = /^heading (\d)$/i.exec(name)?.[1] ?? (outline !== undefined ? String(Number(outline) + 1) : /^Heading(\d)$/.exec(id)?.[1]);
    if (level) headingStyle.set(id, Number(level));
  }
  const lang = attr(firstElement(firstElement(styles, 'w:docDefaults') ?? '', 'w:lang') ?? '', 'w:val') ?? (clean(innerText(firstElement(core, 'dc:language') ?? '')) || undefined);

  const blocks: Block[] = [];
  const headings: FoundHeading[] = [];
  const images: FoundItem[] = [];
  const tables: FoundItem[] = [];
  const text: FoundItem[] = [];
  const body = firstElement(document, 'w:body') ?? document;
  for (const m of body.matchAll(/<w:tbl>[\s\S]*?<\/w:tbl>|<w:p(?=[\s>/])[^>]*?(?:\/>|>[\s\S]*?<\/w:p>)/g)) {
    const element = m[0];
    if (element.startsWith('<w:tbl>')) {
      const rows = elements(element, 'w:tr');
      tables.push({ ok: (rows[0] ?? '').includes('<w:tblHeader') });
      blocks.push({ kind: 'table', rows: rows.map((r) => elements(r, 'w:tc').map((c) => clean(textRuns(c, 'w:t')))), headerRow: (rows[0] ?? '').includes('<w:tblHeader') });
      continue;
    }
    const styleId = attr(firstElement(element, 'w:pStyle') ?? '', 'w:val') ?? '';
    const outline = attr(firstElement(element, 'w:outlineLvl') ?? '', 'w:val');
    const level = headingStyle.get(styleId) ?? (outline !== undefined ? Number(outline) + 1 : undefined);
    for (const picture of elements(element, 'wp:docPr')) {
      const decorative = /<adec:decorative[^>]*val="1"/.test(element);
      const alt = attr(picture, 'descr') || attr(picture, 'title');
      images.push({ ok: decorative || !!alt });
      blocks.push({ kind: 'image', description: alt || 'Picture', alt: alt || undefined });
    }
    for (const run of elements(element, 'w:r')) {
      const t = textRuns(run, 'w:t').replace(/\s+/g, '');
      if (!t) continue;
      const colour = parseColour(attr(firstElement(run, 'w:color') ?? '', 'w:val')) ?? [0, 0, 0];
      const shade = parseColour(attr(firstElement(run, 'w:shd') ?? '', 'w:fill')) ?? [1, 1, 1];
      const size = Number(attr(firstElement(run, 'w:sz') ?? '', 'w:val') ?? 22) / 2;
      text.push({ ok: enoughContrast(contrastRatio(colour, shade), level ? 18 : size), weight: t.length });
    }
    const t = clean(textRuns(element, 'w:t'));
    if (!t) continue;
    if (level !== undefined) {
      headings.push({ level });
      blocks.push({ kind: 'heading', level, text: t });
    } else blocks.push({ kind: 'paragraph', text: t });
  }
  return finish({ title: coreTitle(core), lang, blocks }, headings, images, tables, text);
}

/** Slides: the title placeholder is a slide's heading (level 1; subtitles level 2). */
function slides(part: (name: string) => string, names: string[]): Analysis {
  const presentation = part('ppt/presentation.xml');
  const relationships = part('ppt/_rels/presentation.xml.rels');
  const targets = new Map(elements(relationships, 'Relationship').map((r) => [attr(r, 'Id') ?? '', attr(r, 'Target') ?? '']));
  const order = elements(presentation, 'p:sldId').map((s) => targets.get(attr(s, 'r:id') ?? '') ?? '');
  const slideNames = order.length > 0 ? order.map((t) => `ppt/${t.replace(/^\/?ppt\//, '').replace(/^\.\//, '')}`) : names.filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
  const blocks: Block[] = [];
  const headings: FoundHeading[] = [];
  const images: FoundItem[] = [];
  const tables: FoundItem[] = [];
  let lang: string | undefined;
  for (const name of slideNames) {
    const slide = part(name);
    lang ??= /\slang="([^"]+)"/.exec(slide)?.[1];
    for (const shape of elements(slide, 'p:sp')) {
      const placeholder = attr(firstElement(shape, 'p:ph') ?? '', 'type');
      const paragraphs = elements(shape, 'a:p').map((p) => clean(textRuns(p, 'a:t'))).filter(Boolean);
      if (placeholder === 'title' || placeholder === 'ctrTitle' || placeholder === 'subTitle') {
        const level = placeholder === 'subTitle' ? 2 : 1;
        headings.push({ level });
        if (paragraphs.length) blocks.push({ kind: 'heading', level, text: paragraphs.join(' ') });
      } else paragraphs.forEach((t) => blocks.push({ kind: 'paragraph', text: t }));
    }
    for (const picture of elements(slide, 'p:pic')) {
      const properties = firstElement(picture, 'p:cNvPr') ?? '';
      const alt = attr(properties, 'descr') || attr(properties, 'title');
      images.push({ ok: !!alt || /<adec:decorative[^>]*val="1"/.test(picture) });
      blocks.push({ kind: 'image', description: alt || 'Picture', alt: alt || undefined });
    }
    for (const table of elements(slide, 'a:tbl')) {
      const header = attr(firstElement(table, 'a:tblPr') ?? '', 'firstRow') === '1';
      tables.push({ ok: header });
      blocks.push({ kind: 'table', rows: elements(table, 'a:tr').map((r) => elements(r, 'a:tc').map((c) => clean(textRuns(c, 'a:t')))), headerRow: header });
    }
  }
  return finish({ title: coreTitle(part('docProps/core.xml')), lang, blocks }, headings, images, tables, []);
}

/** OpenDocument text and presentations: meta.xml, text:h outline levels, frame descriptions. */
function openDocument(part: (name: string) => string): Analysis {
  const meta = part('meta.xml');
  const content = part('content.xml');
  const title = clean(innerText(firstElement(meta, 'dc:title') ?? '')) || undefined;
  const lang = clean(innerText(firstElement(meta, 'dc:language') ?? '')) || /fo:language="([^"]+)"/.exec(part('styles.xml'))?.[1];
  const blocks: Block[] = [];
  const headings: FoundHeading[] = [];
  const images: FoundItem[] = [];
  const tables: FoundItem[] = [];
  for (const m of content.matchAll(/<text:h[\s>][\s\S]*?<\/text:h>|<text:p[\s>][\s\S]*?<\/text:p>|<draw:frame[\s>][\s\S]*?<\/draw:frame>|<table:table[\s>][\s\S]*?<\/table:table>/g)) {
    const element = m[0];
    if (element.startsWith('<text:h')) {
      const level = Number(attr(element, 'text:outline-level') ?? 1);
      headings.push({ level });
      blocks.push({ kind: 'heading', level, text: clean(innerText(element)) });
    } else if (element.startsWith('<text:p')) {
      const t = clean(innerText(element));
      if (t) blocks.push({ kind: 'paragraph', text: t });
    } else if (element.startsWith('<draw:frame')) {
      if (!element.includes('<draw:image')) continue;
      const alt = clean(innerText(firstElement(element, 'svg:title') ?? '')) || clean(innerText(firstElement(element, 'svg:desc') ?? ''));
      images.push({ ok: !!alt });
      blocks.push({ kind: 'image', description: alt || 'Picture', alt: alt || undefined });
    } else {
      const header = element.includes('<table:table-header-rows');
      tables.push({ ok: header });
      blocks.push({ kind: 'table', rows: elements(element, 'table:table-row').map((r) => elements(r, 'table:table-cell').map((c) => clean(innerText(c)))), headerRow: header });
    }
  }
  return finish({ title, lang, blocks }, headings, images, tables, []);
}
