import type { Block, DocModel } from './document-model';
import type { PageContent, TextRun } from './pdf-content';
import { allMarks, descendants, headingLevel, type StructElement } from './pdf-structure';

/**
 * The document model of a PDF, for renditions (HTML, EPUB, ...): from the tag tree when there is
 * one (headings, paragraphs, figures, tables as tagged), else from the page layout (larger lines
 * read as headings, runs of body lines as paragraphs).
 */
const PARAGRAPH_TYPES = new Set(['P', 'LI', 'LBody', 'Caption', 'BlockQuote', 'Note', 'TOCI', 'Quote', 'Code', 'Formula', 'Lbl']);

const tidy = (text: string): string => text.replace(/\s+/g, ' ').trim();

export function modelFromStructure(structure: readonly StructElement[], contents: readonly PageContent[]): DocModel {
  const textOf = new Map<string, string>();
  contents.forEach((content, page) =>
    content.runs.forEach((run) => {
      if (run.mcid === undefined) return;
      const key = `${page}:${run.mcid}`;
      textOf.set(key, `${textOf.get(key) ?? ''} ${run.text}`);
    }),
  );
  const text = (index: number): string => tidy(allMarks(structure, index).map((m) => textOf.get(`${m.page}:${m.mcid}`) ?? '').join(' '));
  const blocks: Block[] = [];
  for (let i = 0; i < structure.length; i++) {
    const element = structure[i] as StructElement;
    const level = headingLevel(element.type) ?? headingLevel(element.rawType);
    let consumed = true;
    if (level !== undefined) {
      const t = text(i);
      if (t) blocks.push({ kind: 'heading', level: Math.min(Math.max(level, 1), 6), text: t });
    } else if (PARAGRAPH_TYPES.has(element.type)) {
      const t = text(i);
      if (t) blocks.push({ kind: 'paragraph', text: t });
    } else if (element.type === 'Figure') {
      blocks.push({ kind: 'image', description: element.alt?.trim() || 'Figure', alt: element.alt?.trim() || undefined });
    } else if (element.type === 'Table') {
      const below = descendants(structure, i);
      const rows: string[][] = [];
      let headerRow = false;
      below.forEach((row, r) => {
        if (row.type !== 'TR') return;
        const rowIndex = i + 1 + r;
        const cells = below.map((cell, c) => ({ cell, index: i + 1 + c })).filter(({ cell }) => cell.parent === rowIndex && (cell.type === 'TH' || cell.type === 'TD'));
        if (rows.length === 0) headerRow = cells.some(({ cell }) => cell.type === 'TH');
        rows.push(cells.map(({ index }) => text(index)));
      });
      if (rows.length > 0) blocks.push({ kind: 'table', rows, headerRow });
    } else consumed = false;
    // A block's subtree is read with it: skip past it.
    if (consumed) i += descendants(structure, i).length;
  }
  return { blocks };
}

interface Line {
  text: string;
  size: number;
  top: number;
  bottom: number;
}

export function modelFromLayout(contents: readonly PageContent[], scannedPages: readonly boolean[]): DocModel {
  const pages = contents.map((content) => linesOf(content.runs));
  const weights = new Map<number, number>();
  for (const line of pages.flat()) weights.set(Math.round(line.size), (weights.get(Math.round(line.size)) ?? 0) + line.text.length);
  const body = [...weights.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 11;
  const headingSizes = [...weights.keys()].filter((s) => s >= body * 1.25).sort((a, b) => b - a);

  const blocks: Block[] = [];
  contents.forEach((content, page) => {
    if (scannedPages[page]) return;
    type Item = { top: number; line?: Line };
    const items: Item[] = [
      ...(pages[page] ?? []).map((line) => ({ top: line.top, line })),
      ...content.images.filter((i) => !i.artifact).map((i) => ({ top: i.box.y1 })),
    ].sort((a, b) => b.top - a.top);
    let previous: Line | undefined;
    for (const item of items) {
      const line = item.line;
      if (!line) {
        blocks.push({ kind: 'image', description: 'Image' });
        previous = undefined;
        continue;
      }
      const level = headingSizes.indexOf(Math.round(line.size)) + 1;
      const last = blocks[blocks.length - 1];
      if (level > 0) blocks.push({ kind: 'heading', level: Math.min(level, 6), text: line.text });
      else if (last?.kind === 'paragraph' && previous && previous.size === line.size && previous.bottom - line.top < line.size * 1.2) last.text = `${last.text} ${line.text}`;
      else blocks.push({ kind: 'paragraph', text: line.text });
      previous = level > 0 ? undefined : line;
    }
  });
  return { blocks };
}

/** Runs on one baseline joined into lines, in the order the page shows them. */
function linesOf(runs: readonly TextRun[]): Line[] {
  const lines: Line[] = [];
  let current: (Line & { x1: number; baseline: number }) | undefined;
  for (const run of runs) {
    const text = run.text.replace(/\s+/g, ' ');
    if (current && Math.abs(current.baseline - run.box.y0) < run.size * 0.5) {
      const gap = run.box.x0 - current.x1;
      current.text = tidy(`${current.text}${gap > run.size * 0.15 ? ' ' : ''}${text}`);
      current.x1 = run.box.x1;
      current.size = Math.max(current.size, run.size);
      continue;
    }
    if (current) lines.push(current);
    current = { text: tidy(text), size: run.size, top: run.box.y1, bottom: run.box.y0, x1: run.box.x1, baseline: run.box.y0 };
  }
  if (current) lines.push(current);
  return lines.filter((l) => l.text).map(({ text, size, top, bottom }) => ({ text, size, top, bottom }));
}
