import type { Block } from './document-model';

/**
 * Lays a document's blocks out on US Letter pages for the PDF writer: where each line of text,
 * image and table cell goes. Widths are estimated (Helvetica averages half an em a character),
 * which is all a generated demo file needs.
 */
export const PAGE = { width: 612, height: 792, margin: 72 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const HEADING_SIZES = [22, 18, 15, 13, 12, 12];

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One placed item; `block` is the index of the block it belongs to. */
export type Placed =
  | { kind: 'text'; block: number; text: string; x: number; y: number; size: number; bold: boolean; grey: number; box: Box; cell?: { row: number; col: number } }
  | { kind: 'image'; block: number; box: Box }
  | { kind: 'rule'; block: number; box: Box };

export interface LaidOutPage {
  items: Placed[];
}

export const headingSize = (level: number): number => HEADING_SIZES[Math.min(Math.max(level, 1), 6) - 1] ?? 12;

/** Estimated width of a run of Helvetica text. */
export const textWidth = (text: string, size: number): number => text.length * size * 0.5;

export function wrap(text: string, size: number, width: number): string[] {
  const perLine = Math.max(10, Math.floor(width / (size * 0.5)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > perLine) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function layout(blocks: readonly Block[]): LaidOutPage[] {
  const pages: LaidOutPage[] = [{ items: [] }];
  let y = PAGE.height - PAGE.margin;
  const current = (): LaidOutPage => pages[pages.length - 1] as LaidOutPage;
  const room = (height: number): void => {
    if (y - height < PAGE.margin) {
      pages.push({ items: [] });
      y = PAGE.height - PAGE.margin;
    }
  };
  const line = (block: number, text: string, size: number, bold: boolean, grey: number): void => {
    const height = size * 1.3;
    room(height);
    y -= size;
    current().items.push({ kind: 'text', block, text, x: PAGE.margin, y, size, bold, grey, box: { x0: PAGE.margin, y0: y - size * 0.25, x1: PAGE.margin + textWidth(text, size), y1: y + size } });
    y -= height - size;
  };

  blocks.forEach((block, index) => {
    if (block.kind === 'heading') {
      y -= 8;
      const size = headingSize(block.level);
      for (const text of wrap(block.text, size, CONTENT_WIDTH)) line(index, text, size, true, 0);
      y -= 4;
    } else if (block.kind === 'paragraph') {
      // Light grey on white (contrast about 1.8:1) is the demo's low-contrast text.
      for (const text of wrap(block.text, 11, CONTENT_WIDTH)) line(index, text, 11, false, block.lowContrast ? 0.75 : 0);
      y -= 8;
    } else if (block.kind === 'image') {
      room(154);
      current().items.push({ kind: 'image', block: index, box: { x0: PAGE.margin, y0: y - 144, x1: PAGE.margin + 216, y1: y } });
      y -= 154;
    } else {
      const columns = Math.max(1, ...block.rows.map((r) => r.length));
      const width = CONTENT_WIDTH / columns;
      block.rows.forEach((row, r) => {
        room(20);
        const top = y;
        row.forEach((cell, c) => {
          const x = PAGE.margin + c * width + 4;
          const size = 10;
          const bold = block.headerRow && r === 0;
          const text = cell.slice(0, Math.floor((width - 8) / (size * 0.5)));
          current().items.push({ kind: 'text', block: index, text, x, y: top - 14, size, bold, grey: 0, cell: { row: r, col: c }, box: { x0: x, y0: top - 17, x1: x + textWidth(text, size), y1: top - 4 } });
        });
        current().items.push({ kind: 'rule', block: index, box: { x0: PAGE.margin, y0: top - 20, x1: PAGE.margin + CONTENT_WIDTH, y1: top - 20 } });
        y -= 20;
      });
      y -= 10;
    }
  });
  return pages;
}
