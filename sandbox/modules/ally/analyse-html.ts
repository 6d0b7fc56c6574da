import { contrastRatio, enoughContrast, fontSizePt, parseColour, styleValue, type Colour } from './colour';
import { headingChecks, itemCheck, languageChecks, type FoundHeading, type FoundItem } from './common-checks';
import { plainText, type Block, type DocModel } from './document-model';
import { passFail, type Analysis, type Checks } from './document-model';
import { unescapeXml } from './markup';

/**
 * HTML checks from the markup: Title (<title>), LanguagePresence (<html lang>), AlternativeText
 * (<img> without alt; alt="" and role="presentation" mark decoration), headings (h1-h6 and
 * role="heading"), TableHeaders (<th> in each data table) and Contrast (inline colours against
 * inline backgrounds, black on white by default). HTML has no pages: no snippets.
 */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const BLOCK_END = new Set(['p', 'div', 'li', 'blockquote', 'section', 'article', 'header', 'footer', 'main', 'dd', 'dt', 'caption', 'figcaption', 'pre', 'address']);
const HEADING_SIZE: Record<string, number> = { h1: 24, h2: 18, h3: 14, h4: 12, h5: 10, h6: 8 };
const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)|</g;
const ATTRIBUTE = /([^\s=/"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;

function attributes(source: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of source.matchAll(ATTRIBUTE)) map.set((m[1] ?? '').toLowerCase(), unescapeXml(m[2] ?? m[3] ?? m[4] ?? ''));
  return map;
}

interface Frame {
  tag: string;
  colour: Colour;
  background: Colour;
  sizePt: number;
}

export function analyseHtml(bytes: Buffer): Analysis {
  const html = bytes.toString('utf8');
  let title: string | undefined;
  let lang: string | undefined;
  const images: FoundItem[] = [];
  const headings: FoundHeading[] = [];
  const tables: { hasHeader: boolean; layout: boolean; rows: string[][] }[] = [];
  const text: FoundItem[] = [];
  const blocks: Block[] = [];
  const stack: Frame[] = [{ tag: '#root', colour: [0, 0, 0], background: [1, 1, 1], sizePt: 12 }];
  let skip: string | undefined; // inside <script>/<style>/<template>
  let titleText: string | undefined;
  let buffer = '';
  let heading: { level: number; text: string } | undefined;
  let cell: string | undefined;

  const flush = (): void => {
    const t = buffer.replace(/\s+/g, ' ').trim();
    if (t) blocks.push({ kind: 'paragraph', text: t });
    buffer = '';
  };

  for (const m of html.matchAll(TOKEN)) {
    const [whole, closing, rawName, rawAttributes, rawText] = m;
    if (rawText !== undefined || whole === '<') {
      if (skip) continue;
      const t = unescapeXml(rawText ?? '<');
      if (titleText !== undefined) titleText += t;
      else if (heading) heading.text += t;
      else if (cell !== undefined) cell += t;
      else buffer += t;
      const frame = stack[stack.length - 1] as Frame;
      const visible = t.replace(/\s+/g, '');
      if (visible && titleText === undefined) text.push({ ok: enoughContrast(contrastRatio(frame.colour, frame.background), frame.sizePt), weight: visible.length });
      continue;
    }
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    if (skip) {
      if (closing && name === skip) skip = undefined;
      continue;
    }
    if (closing) {
      if (name === 'title' && titleText !== undefined) {
        title = titleText.replace(/\s+/g, ' ').trim() || undefined;
        titleText = undefined;
      } else if (heading && /^h[1-6]$/.test(name)) {
        blocks.push({ kind: 'heading', level: heading.level, text: heading.text.replace(/\s+/g, ' ').trim() });
        heading = undefined;
      } else if ((name === 'td' || name === 'th') && cell !== undefined) {
        tables[tables.length - 1]?.rows.at(-1)?.push(cell.replace(/\s+/g, ' ').trim());
        cell = undefined;
      } else if (name === 'table') {
        const table = tables[tables.length - 1];
        if (table && !table.layout && table.rows.length > 0) blocks.push({ kind: 'table', rows: table.rows, headerRow: table.hasHeader });
      } else if (BLOCK_END.has(name)) flush();
      const at = stack.map((f) => f.tag).lastIndexOf(name);
      if (at > 0) stack.length = at;
      continue;
    }
    const attrs = attributes(rawAttributes ?? '');
    if (name === 'script' || name === 'style' || name === 'template') {
      skip = name;
      continue;
    }
    if (name === 'html') lang = attrs.get('lang') || attrs.get('xml:lang') || lang;
    else if (name === 'title' && title === undefined) titleText = '';
    else if (/^h[1-6]$/.test(name) || (attrs.get('role') === 'heading' && attrs.has('aria-level'))) {
      flush();
      const level = /^h[1-6]$/.test(name) ? Number(name.slice(1)) : Number(attrs.get('aria-level')) || 2;
      headings.push({ level });
      if (/^h[1-6]$/.test(name)) heading = { level, text: '' };
    } else if (name === 'img') {
      const decorative = attrs.get('role') === 'presentation' || attrs.get('role') === 'none' || attrs.get('aria-hidden') === 'true';
      const described = attrs.has('alt') || !!attrs.get('aria-label') || !!attrs.get('aria-labelledby') || !!attrs.get('title');
      images.push({ ok: decorative || described });
      if (attrs.get('alt') !== '' && !decorative) {
        flush();
        blocks.push({ kind: 'image', description: attrs.get('alt') || attrs.get('aria-label') || 'Image', alt: attrs.get('alt') || attrs.get('aria-label') || undefined });
      }
    } else if (name === 'table') {
      flush();
      const role = attrs.get('role');
      tables.push({ hasHeader: false, layout: role === 'presentation' || role === 'none', rows: [] });
    } else if (name === 'tr') tables[tables.length - 1]?.rows.push([]);
    else if (name === 'th' || name === 'td') {
      const table = tables[tables.length - 1];
      if (table && (name === 'th' || attrs.get('role') === 'columnheader' || attrs.get('role') === 'rowheader')) table.hasHeader = true;
      cell = '';
    } else if (name === 'br') buffer += ' ';
    if (VOID.has(name) || whole.endsWith('/>')) continue;
    const parent = stack[stack.length - 1] as Frame;
    const style = attrs.get('style');
    stack.push({
      tag: name,
      colour: parseColour(styleValue(style, 'color')) ?? parseColour(attrs.get('color')) ?? parent.colour,
      background: parseColour(styleValue(style, 'background-color')) ?? parseColour(styleValue(style, 'background')) ?? parseColour(attrs.get('bgcolor')) ?? parent.background,
      sizePt: fontSizePt(style, HEADING_SIZE[name] ?? parent.sizePt),
    });
  }
  flush();

  const model: DocModel = { title, lang: lang?.trim() || undefined, blocks };
  const checks: Checks = { Title: passFail(title !== undefined), ...languageChecks(model.lang, plainText(model)), ...headingChecks(headings, false) };
  if (images.length > 0) checks.AlternativeText = itemCheck(images, false);
  const dataTables = tables.filter((t) => !t.layout);
  if (dataTables.length > 0) checks.TableHeaders = itemCheck(dataTables.map((t) => ({ ok: t.hasHeader })), false);
  if (text.length > 0) checks.Contrast = itemCheck(text, false);
  return { ok: true, checks, model };
}
