import type { PdfFile, PdfPage } from './pdf-file';
import { isDict, isName, isRef, textOf, type PdfValue } from './pdf-syntax';

/**
 * The tag tree of a tagged PDF (ISO 32000-1 §14.7), flattened in document order: each element's
 * standard type (through the /RoleMap), alternative text, and the marked content (page, MCID) it
 * owns. That is what ties a heading, figure or table cell to what the page draws.
 */
export interface StructElement {
  /** Standard structure type after role mapping (H1, P, Figure, Table, TH, ...). */
  type: string;
  /** The type as written in the file. */
  rawType: string;
  /** /Alt, or /ActualText when there is no /Alt. */
  alt: string | undefined;
  /** Index of the parent element, -1 for a top-level one. */
  parent: number;
  marks: { page: number; mcid: number }[];
}

const MAX_ELEMENTS = 200_000;

/** Undefined when the document has no /StructTreeRoot (it is untagged). */
export function readStructure(file: PdfFile, pages: readonly PdfPage[]): StructElement[] | undefined {
  const root = file.dict(file.catalog(), 'StructTreeRoot');
  if (!root) return undefined;
  const roleMap = file.dict(root, 'RoleMap');
  const pageIndex = new Map(pages.map((p, i) => [p.num, i]));
  const standardType = (raw: string): string => {
    let type = raw;
    for (let i = 0; i < 10; i++) {
      const mapped = file.get(roleMap, type);
      if (!isName(mapped) || mapped.name === type) break;
      type = mapped.name;
    }
    return type;
  };
  const pageOf = (pg: PdfValue | undefined): number | undefined => (isRef(pg) ? pageIndex.get(pg.num) : undefined);

  const elements: StructElement[] = [];
  const seen = new Set<number>();
  const visit = (node: PdfValue | undefined, parent: number, page: number | undefined, depth: number): void => {
    if (depth > 200 || elements.length >= MAX_ELEMENTS) return;
    if (isRef(node)) {
      if (seen.has(node.num)) return;
      seen.add(node.num);
    }
    const resolved = file.resolve(node);
    if (Array.isArray(resolved)) {
      resolved.forEach((kid) => visit(kid, parent, page, depth + 1));
      return;
    }
    if (typeof resolved === 'number') {
      // A bare integer kid is an MCID on the enclosing element's page.
      const owner = elements[parent];
      if (owner && page !== undefined) owner.marks.push({ page, mcid: resolved });
      return;
    }
    if (!isDict(resolved)) return;
    const type = file.get(resolved, 'Type');
    if (isName(type, 'MCR')) {
      const mcid = file.get(resolved, 'MCID');
      const markPage = pageOf(resolved.entries.get('Pg')) ?? page;
      const owner = elements[parent];
      if (owner && typeof mcid === 'number' && markPage !== undefined) owner.marks.push({ page: markPage, mcid });
      return;
    }
    if (isName(type, 'OBJR')) return; // annotations (links, widgets): not drawn content
    const s = file.get(resolved, 'S');
    if (!isName(s)) {
      visit(resolved.entries.get('K'), parent, page, depth + 1);
      return;
    }
    const index = elements.length;
    elements.push({
      type: standardType(s.name),
      rawType: s.name,
      alt: textOf(file.get(resolved, 'Alt')) ?? textOf(file.get(resolved, 'ActualText')),
      parent,
      marks: [],
    });
    visit(resolved.entries.get('K'), index, pageOf(resolved.entries.get('Pg')) ?? page, depth + 1);
  };
  visit(root.entries.get('K'), -1, undefined, 0);
  return elements;
}

/** The elements below `index` (pre-order: the run of elements right after it). */
export function descendants(elements: readonly StructElement[], index: number): StructElement[] {
  const below = new Set<number>([index]);
  const out: StructElement[] = [];
  for (let i = index + 1; i < elements.length; i++) {
    const element = elements[i] as StructElement;
    if (!below.has(element.parent)) break;
    below.add(i);
    out.push(element);
  }
  return out;
}

/** An element's own marks and those of everything below it. */
export function allMarks(elements: readonly StructElement[], index: number): { page: number; mcid: number }[] {
  return [...(elements[index]?.marks ?? []), ...descendants(elements, index).flatMap((e) => e.marks)];
}

/** True when the element or one of its ancestors says what it shows. */
export function hasAlternative(elements: readonly StructElement[], index: number): boolean {
  for (let i = index; i >= 0; i = elements[i]?.parent ?? -1) {
    if (elements[i]?.alt?.trim()) return true;
  }
  return false;
}

/** Heading level of a standard type: H1..H6 (and H7+ as some writers use), 0 for /H, undefined otherwise. */
export function headingLevel(type: string): number | undefined {
  if (type === 'H') return 0;
  const m = /^H(\d+)$/.exec(type);
  return m ? Number(m[1]) : undefined;
}
