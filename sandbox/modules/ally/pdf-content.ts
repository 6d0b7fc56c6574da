import type { Box } from './pdf-layout';
import type { PdfFile, PdfPage } from './pdf-file';
import { fontNamed, fontReader, type FontReader } from './pdf-fonts';
import { PdfLexer, readValue, isDict, isKeyword, isName, isStream, isString, type PdfDict, type PdfValue } from './pdf-syntax';

/**
 * Interprets a page's content stream far enough for the checks: where text is shown (with its
 * fill colour, the colour painted behind it, its size and the marked-content id that ties it to
 * the tag tree), and where images are drawn. Glyph widths are estimated at half an em.
 */
export type Rgb = [number, number, number];

export interface TextRun {
  text: string;
  box: Box;
  /** Font size in page units. */
  size: number;
  /** Fill colour, undefined when painted with a pattern or an unknown space. */
  colour: Rgb | undefined;
  background: Rgb;
  /** Render mode 3 (OCR layers): text that is there but not seen. */
  invisible: boolean;
  mcid: number | undefined;
  artifact: boolean;
}

export interface ImageDraw {
  box: Box;
  mcid: number | undefined;
  artifact: boolean;
}

export interface PageContent {
  runs: TextRun[];
  images: ImageDraw[];
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];
const apply = (m: Matrix, x: number, y: number): [number, number] => [x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]];
const WHITE: Rgb = [1, 1, 1];
const MAX_OPERATIONS = 2_000_000;

interface GraphicsState {
  ctm: Matrix;
  fill: Rgb | undefined;
  fontSize: number;
  font: FontReader | undefined;
  leading: number;
  renderMode: number;
}

export function interpretPage(file: PdfFile, page: PdfPage): PageContent {
  const contents = file.resolve(page.dict.entries.get('Contents'));
  const streams = Array.isArray(contents) ? contents.map((c) => file.resolve(c)) : [contents];
  const data = Buffer.concat(streams.flatMap((s) => (isStream(s) ? [file.decode(s) ?? Buffer.alloc(0), Buffer.from('\n')] : [])));
  const out: PageContent = { runs: [], images: [] };
  const fills: { box: Box; colour: Rgb }[] = [];
  run(file, data, page.resources, { ctm: IDENTITY, fill: [0, 0, 0], fontSize: 12, font: undefined, leading: 0, renderMode: 0 }, out, fills, 0);
  return out;
}

function run(file: PdfFile, data: Buffer, resources: PdfDict | undefined, initial: GraphicsState, out: PageContent, fills: { box: Box; colour: Rgb }[], depth: number): void {
  const lexer = new PdfLexer(data);
  const stack: GraphicsState[] = [];
  let gs: GraphicsState = { ...initial };
  let tm: Matrix = IDENTITY;
  let tlm: Matrix = IDENTITY;
  const marks: { tag: string; mcid: number | undefined }[] = [];
  let pathRects: Box[] = [];
  const operands: PdfValue[] = [];
  const num = (i: number): number => {
    const v = operands[operands.length - i];
    return typeof v === 'number' ? v : 0;
  };
  const currentMcid = (): number | undefined => [...marks].reverse().find((m) => m.mcid !== undefined)?.mcid;
  const inArtifact = (): boolean => marks.some((m) => m.tag === 'Artifact');

  const reader = (): FontReader => gs.font ?? { codeBytes: 1, decode: (b: Buffer) => b.toString('latin1') };
  const show = (bytes: Buffer, adjustments: number[] = [], shownText?: string): void => {
    const text = shownText ?? reader().decode(bytes);
    const glyphs = bytes.length / reader().codeBytes;
    const advance = glyphs * gs.fontSize * 0.5 - adjustments.reduce((a, b) => a + b, 0) * gs.fontSize / 1000;
    const m = multiply(tm, gs.ctm);
    const [x0, y] = apply(m, 0, 0);
    const [x1] = apply(m, advance, 0);
    const size = gs.fontSize * Math.hypot(m[2], m[3]);
    if (text.trim()) {
      const centre: [number, number] = [(x0 + x1) / 2, y + size * 0.3];
      const behind = [...fills].reverse().find((f) => centre[0] >= f.box.x0 && centre[0] <= f.box.x1 && centre[1] >= f.box.y0 && centre[1] <= f.box.y1);
      out.runs.push({
        text,
        box: { x0: Math.min(x0, x1), y0: y - size * 0.25, x1: Math.max(x0, x1), y1: y + size },
        size,
        colour: gs.fill,
        background: behind?.colour ?? WHITE,
        invisible: gs.renderMode === 3 || gs.renderMode === 7,
        mcid: currentMcid(),
        artifact: inArtifact(),
      });
    }
    tm = multiply([1, 0, 0, 1, advance, 0], tm);
  };
  const nextLine = (tx: number, ty: number): void => {
    tlm = multiply([1, 0, 0, 1, tx, ty], tlm);
    tm = tlm;
  };
  const image = (): void => {
    const corners = [apply(gs.ctm, 0, 0), apply(gs.ctm, 1, 0), apply(gs.ctm, 0, 1), apply(gs.ctm, 1, 1)];
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    out.images.push({ box: { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) }, mcid: currentMcid(), artifact: inArtifact() });
  };

  for (let count = 0; count < MAX_OPERATIONS; count++) {
    const token = readValue(lexer);
    if (token === undefined) break;
    if (!isKeyword(token)) {
      operands.push(token);
      continue;
    }
    const op = token.word;
    switch (op) {
      case 'q':
        stack.push({ ...gs });
        break;
      case 'Q':
        gs = stack.pop() ?? gs;
        break;
      case 'cm':
        gs.ctm = multiply([num(6), num(5), num(4), num(3), num(2), num(1)], gs.ctm);
        break;
      case 'g':
        gs.fill = [num(1), num(1), num(1)];
        break;
      case 'rg':
        gs.fill = [num(3), num(2), num(1)];
        break;
      case 'k':
        gs.fill = cmyk(num(4), num(3), num(2), num(1));
        break;
      case 'cs':
        gs.fill = isName(operands[operands.length - 1], 'Pattern') ? undefined : [0, 0, 0];
        break;
      case 'sc':
      case 'scn': {
        const values = operands.filter((v): v is number => typeof v === 'number');
        if (operands.some((v) => isName(v))) gs.fill = undefined;
        else if (values.length === 1) gs.fill = [values[0] ?? 0, values[0] ?? 0, values[0] ?? 0];
        else if (values.length === 3) gs.fill = [values[0] ?? 0, values[1] ?? 0, values[2] ?? 0];
        else if (values.length === 4) gs.fill = cmyk(values[0] ?? 0, values[1] ?? 0, values[2] ?? 0, values[3] ?? 0);
        else gs.fill = undefined;
        break;
      }
      case 're': {
        const [x, y, w, h] = [num(4), num(3), num(2), num(1)];
        const [ax, ay] = apply(gs.ctm, x, y);
        const [bx, by] = apply(gs.ctm, x + w, y + h);
        pathRects.push({ x0: Math.min(ax, bx), y0: Math.min(ay, by), x1: Math.max(ax, bx), y1: Math.max(ay, by) });
        break;
      }
      case 'f':
      case 'F':
      case 'f*':
      case 'B':
      case 'B*':
      case 'b':
      case 'b*':
        if (gs.fill && fills.length < 5000) for (const box of pathRects) fills.push({ box, colour: gs.fill });
        pathRects = [];
        break;
      case 'n':
      case 'S':
      case 's':
        pathRects = [];
        break;
      case 'BT':
        tm = tlm = IDENTITY;
        break;
      case 'Tf': {
        gs.fontSize = num(1);
        const name = operands[operands.length - 2];
        gs.font = isName(name) ? fontReader(file, fontNamed(file, resources, name.name)) : undefined;
        break;
      }
      case 'TL':
        gs.leading = num(1);
        break;
      case 'Tr':
        gs.renderMode = num(1);
        break;
      case 'Td':
        nextLine(num(2), num(1));
        break;
      case 'TD':
        gs.leading = -num(1);
        nextLine(num(2), num(1));
        break;
      case 'Tm':
        tlm = tm = [num(6), num(5), num(4), num(3), num(2), num(1)];
        break;
      case 'T*':
        nextLine(0, -gs.leading);
        break;
      case 'Tj':
      case "'":
      case '"': {
        if (op !== 'Tj') nextLine(0, -gs.leading);
        const s = operands[operands.length - 1];
        if (isString(s)) show(s.bytes);
        break;
      }
      case 'TJ': {
        const items = operands[operands.length - 1];
        if (Array.isArray(items)) {
          // A large negative adjustment between strings is how many writers space words.
          const text = items.map((i) => (isString(i) ? reader().decode(i.bytes) : typeof i === 'number' && i < -200 ? ' ' : '')).join('');
          show(Buffer.concat(items.filter(isString).map((i) => i.bytes)), items.filter((i): i is number => typeof i === 'number'), text);
        }
        break;
      }
      case 'BMC':
      case 'BDC': {
        const tag = operands[op === 'BMC' ? operands.length - 1 : operands.length - 2];
        let props = op === 'BDC' ? operands[operands.length - 1] : undefined;
        if (isName(props)) props = file.get(file.dict(resources, 'Properties'), props.name);
        const mcid = isDict(props) ? file.resolve(props.entries.get('MCID')) : undefined;
        marks.push({ tag: isName(tag) ? tag.name : '', mcid: typeof mcid === 'number' ? mcid : undefined });
        break;
      }
      case 'EMC':
        marks.pop();
        break;
      case 'BI':
        skipInlineImage(lexer);
        image();
        break;
      case 'Do': {
        const name = operands[operands.length - 1];
        const xobject = isName(name) ? file.resolve(file.get(file.dict(resources, 'XObject'), name.name)) : undefined;
        if (!isStream(xobject)) break;
        const subtype = file.get(xobject.dict, 'Subtype');
        if (isName(subtype, 'Image')) image();
        else if (isName(subtype, 'Form') && depth < 8) {
          const matrix = file.get(xobject.dict, 'Matrix');
          const m = Array.isArray(matrix) && matrix.length === 6 ? (matrix.map((v) => (typeof v === 'number' ? v : 0)) as Matrix) : IDENTITY;
          const inner = file.decode(xobject);
          if (inner) run(file, inner, file.dict(xobject.dict, 'Resources') ?? resources, { ...gs, ctm: multiply(m, gs.ctm) }, out, fills, depth + 1);
        }
        break;
      }
      default:
        break;
    }
    operands.length = 0;
  }
}

const cmyk = (c: number, m: number, y: number, k: number): Rgb => [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)];

/** Moves past `BI ... ID <binary> EI`: the binary part is not PDF syntax. */
function skipInlineImage(lexer: PdfLexer): void {
  const b = lexer.bytes;
  const id = b.indexOf('ID', lexer.pos, 'latin1');
  if (id < 0) {
    lexer.pos = b.length;
    return;
  }
  let at = id + 3;
  for (;;) {
    const ei = b.indexOf('EI', at, 'latin1');
    if (ei < 0) {
      lexer.pos = b.length;
      return;
    }
    const before = b[ei - 1];
    const after = b[ei + 2];
    if ((before === 0x20 || before === 0x0a || before === 0x0d) && (after === undefined || after === 0x20 || after === 0x0a || after === 0x0d)) {
      lexer.pos = ei + 2;
      return;
    }
    at = ei + 2;
  }
}
