import { contrastRatio, enoughContrast } from './colour';
import { headingChecks, itemCheck, languageChecks, type FoundHeading, type FoundItem } from './common-checks';
import { plainText, type DocModel } from './document-model';
import { interpretPage, type PageContent } from './pdf-content';
import { PdfFile } from './pdf-file';
import type { Box } from './pdf-layout';
import { modelFromStructure, modelFromLayout } from './pdf-text';
import { allMarks, descendants, hasAlternative, headingLevel, readStructure, type StructElement } from './pdf-structure';
import { isStream, textOf } from './pdf-syntax';
import { passFail, type Analysis, type Checks, type Snippet } from './document-model';

/**
 * The PDF checks, from the file's own structure: Tagged (a /StructTreeRoot), Title (Info or XMP),
 * LanguagePresence (/Lang), Scanned (pages with pictures and no text), AlternativeText (figures
 * drawn without /Alt), headings from the tag tree, TableHeaders (tables with TH cells) and
 * Contrast (text colour against what is painted behind it). Snippets point at pages (from 0).
 */
export function analysePdf(bytes: Buffer): Analysis {
  let file: PdfFile;
  try {
    file = PdfFile.read(bytes);
  } catch (error) {
    return { ok: false, reason: `The PDF cannot be analysed: ${(error as Error).message}.` };
  }
  const pages = file.pages();
  const contents = pages.map((page) => interpretPage(file, page));
  const structure = readStructure(file, pages);
  const catalog = file.catalog();
  const lang = textOf(file.get(catalog, 'Lang'))?.trim() || undefined;
  const title = documentTitle(file);

  const scannedPages = contents.map((c) => c.images.length > 0 && c.runs.length === 0);
  const model: DocModel = structure ? modelFromStructure(structure, contents) : modelFromLayout(contents, scannedPages);
  if (structure && model.blocks.length === 0) model.blocks = modelFromLayout(contents, scannedPages).blocks;
  model.title = title;
  model.lang = lang;

  const checks: Checks = {
    Scanned: { score: 1 - scannedPages.filter(Boolean).length / Math.max(1, pages.length) },
    Tagged: passFail(structure !== undefined),
    Title: passFail(title !== undefined),
    ...languageChecks(lang, plainText(model)),
  };

  const boxOf = markBoxes(contents);
  const snippetFor = (marks: { page: number; mcid: number }[]): Snippet | undefined => {
    const boxes = marks.map((m) => ({ page: m.page, box: boxOf.get(`${m.page}:${m.mcid}`) })).filter((b): b is { page: number; box: Box } => b.box !== undefined);
    const first = boxes[0];
    if (!first) return undefined;
    const onPage = boxes.filter((b) => b.page === first.page).map((b) => b.box);
    return { page: first.page, x0: Math.min(...onPage.map((b) => b.x0)), y0: Math.min(...onPage.map((b) => b.y0)), x1: Math.max(...onPage.map((b) => b.x1)), y1: Math.max(...onPage.map((b) => b.y1)) };
  };

  const images = figureItems(contents, scannedPages, structure);
  if (images.length > 0) checks.AlternativeText = itemCheck(images, true);

  const headings: FoundHeading[] = (structure ?? []).flatMap((element, index) => {
    const level = headingLevel(element.rawType) ?? headingLevel(element.type);
    return level === undefined ? [] : [{ level, where: snippetFor(allMarks(structure ?? [], index)) }];
  });
  Object.assign(checks, headingChecks(headings, true));

  const tables: FoundItem[] = (structure ?? []).flatMap((element, index) => {
    if (element.type !== 'Table') return [];
    return [{ ok: descendants(structure ?? [], index).some((e) => e.type === 'TH'), where: snippetFor(allMarks(structure ?? [], index)) }];
  });
  if (tables.length > 0) checks.TableHeaders = itemCheck(tables, true);

  const text: FoundItem[] = contents.flatMap((content, page) =>
    content.runs
      .filter((run) => !run.invisible && !run.artifact && run.colour !== undefined)
      .map((run) => ({
        ok: enoughContrast(contrastRatio(run.colour ?? [0, 0, 0], run.background), run.size),
        weight: run.text.length,
        where: { page, ...run.box },
      })),
  );
  if (text.length > 0) checks.Contrast = itemCheck(text, true);
  return { ok: true, checks, model };
}

function documentTitle(file: PdfFile): string | undefined {
  const info = textOf(file.get(file.dict(file.trailer, 'Info'), 'Title'))?.trim();
  if (info) return info;
  const metadata = file.resolve(file.catalog().entries.get('Metadata'));
  if (!isStream(metadata)) return undefined;
  const xmp = file.decode(metadata)?.toString('utf8') ?? '';
  const m = /<dc:title>[\s\S]*?<rdf:li[^>]*>([\s\S]*?)<\/rdf:li>/.exec(xmp);
  return m?.[1]?.trim() || undefined;
}

/** The area each marked-content sequence covers on its page. */
function markBoxes(contents: readonly PageContent[]): Map<string, Box> {
  const boxes = new Map<string, Box>();
  contents.forEach((content, page) => {
    for (const item of [...content.runs, ...content.images]) {
      if (item.mcid === undefined) continue;
      const key = `${page}:${item.mcid}`;
      const box = boxes.get(key);
      boxes.set(key, box ? { x0: Math.min(box.x0, item.box.x0), y0: Math.min(box.y0, item.box.y0), x1: Math.max(box.x1, item.box.x1), y1: Math.max(box.y1, item.box.y1) } : { ...item.box });
    }
  });
  return boxes;
}

/**
 * Images that need alternative text: drawn, not marked as artifacts (decoration), not the page
 * picture of a scanned page (Scanned reports those). An image has alternative text when the tag
 * element owning its marked content, or an ancestor, has /Alt.
 */
function figureItems(contents: readonly PageContent[], scannedPages: readonly boolean[], structure: StructElement[] | undefined): FoundItem[] {
  const owner = new Map<string, number>();
  structure?.forEach((element, index) => element.marks.forEach((m) => owner.set(`${m.page}:${m.mcid}`, index)));
  return contents.flatMap((content, page) =>
    scannedPages[page]
      ? []
      : content.images
          .filter((image) => !image.artifact && image.box.x1 - image.box.x0 > 1 && image.box.y1 - image.box.y0 > 1)
          .map((image) => {
            const index = image.mcid === undefined ? undefined : owner.get(`${page}:${image.mcid}`);
            return { ok: structure !== undefined && index !== undefined && hasAlternative(structure, index), where: { page, ...image.box } };
          }),
  );
}
