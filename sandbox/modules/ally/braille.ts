import type { DocModel } from './document-model';

/**
 * The Braille format: a BRF file (North American ASCII Braille, uncontracted): each cell is one
 * ASCII character, 40 cells a line, 25 lines a page, pages separated by form feeds. Capitals
 * take the capital sign (, or ,, for a word in capitals), digits the number sign (#) and the letters a-j. Characters with no
 * cell in this simple table are left out. Contracted (grade 2) braille is not attempted.
 */
const CELLS_PER_LINE = 40;
const LINES_PER_PAGE = 25;
const DIGITS = 'jabcdefghi'; // 0..9
const PUNCTUATION: Record<string, string> = { ',': '1', ';': '2', ':': '3', '.': '4', '!': '6', '(': '7', ')': '7', '?': '8', "'": "'", '-': '-', '/': '/', '"': '8', '&': '&', '%': '0p' };

function cells(text: string): string {
  // A word in capitals takes the double capital sign (,,) once instead of one per letter.
  const marked = text.replace(/\b[A-Z]{2,}\b/g, (word) => `\u0001${word.toLowerCase()}`);
  let out = '';
  let inNumber = false;
  for (const ch of marked.normalize('NFD').replace(/[\u0300-\u036f]/g, '')) {
    if (ch === '\u0001') {
      out += ',,';
      inNumber = false;
      continue;
    }
    if (/[0-9]/.test(ch)) {
      if (!inNumber) out += '#';
      out += DIGITS[Number(ch)] ?? '';
      inNumber = true;
      continue;
    }
    if (ch === '.' && inNumber) {
      out += '4';
      continue;
    }
    inNumber = false;
    if (/[a-z]/.test(ch)) out += ch;
    else if (/[A-Z]/.test(ch)) out += `,${ch.toLowerCase()}`;
    else if (/\s/.test(ch)) out += ' ';
    else out += PUNCTUATION[ch] ?? '';
  }
  // BRF files are conventionally written in upper case.
  return out.toUpperCase();
}

function lines(text: string): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of cells(text).split(/ +/).filter(Boolean)) {
    for (let w = word; w.length > 0; ) {
      const piece = w.slice(0, CELLS_PER_LINE);
      w = w.slice(CELLS_PER_LINE);
      if (line && line.length + 1 + piece.length > CELLS_PER_LINE) {
        out.push(line);
        line = piece;
      } else line = line ? `${line} ${piece}` : piece;
    }
  }
  if (line) out.push(line);
  return out;
}

export function toBrf(model: DocModel, title: string): Buffer {
  const all: string[] = [...lines(title), ''];
  for (const [i, block] of model.blocks.entries()) {
    if (i === 0 && block.kind === 'heading' && block.text.trim() === title.trim()) continue; // the title again
    if (block.kind === 'heading' || block.kind === 'paragraph') all.push(...lines(block.text), '');
    else if (block.kind === 'image') all.push(...lines(`Image: ${block.alt ?? block.description}`), '');
    else for (const row of block.rows) all.push(...lines(row.join(', ')));
  }
  const pages: string[] = [];
  for (let i = 0; i < all.length; i += LINES_PER_PAGE) pages.push(all.slice(i, i + LINES_PER_PAGE).join('\r\n'));
  return Buffer.from(`${pages.join('\r\n\f')}\r\n`, 'ascii');
}
