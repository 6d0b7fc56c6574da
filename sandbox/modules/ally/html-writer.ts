import type { Block, DocModel } from './document-model';
import { escapeHtml } from './markup';

/**
 * Writes HTML from a document model: the demo course page (which keeps the profile's faults:
 * no lang, images without alt, tables without header cells) and the accessible renditions
 * (which have none of them).
 */
export interface HtmlOptions {
  /** `figure`: an accessible placeholder (renditions carry no image files); `img`: an <img> as written. */
  images: 'img' | 'figure';
  /** Extra CSS for <head>. */
  style?: string;
  /** HTML placed before the content (a notice). */
  preface?: string;
  /** Wraps the text of a paragraph or heading (BeeLine colours it). */
  decorate?: (text: string) => string;
}

export function blocksToHtml(blocks: readonly Block[], options: HtmlOptions): string {
  const decorate = options.decorate ?? escapeHtml;
  let figures = 0;
  return blocks
    .map((block) => {
      if (block.kind === 'heading') {
        const level = Math.min(Math.max(block.level, 1), 6);
        return `<h${level}>${decorate(block.text)}</h${level}>`;
      }
      if (block.kind === 'paragraph') return block.lowContrast ? `<p style="color: #bbbbbb">${decorate(block.text)}</p>` : `<p>${decorate(block.text)}</p>`;
      if (block.kind === 'image') {
        figures++;
        if (options.images === 'img') {
          const alt = block.alt === undefined ? '' : ` alt="${escapeHtml(block.alt)}"`;
          return `<p><img src="images/figure-${figures}.png" width="320" height="200"${alt}></p>`;
        }
        const label = block.alt ?? block.description;
        return `<figure><div role="img" aria-label="${escapeHtml(label)}" class="figure">[Image: ${escapeHtml(label)}]</div></figure>`;
      }
      const [head, ...rest] = block.rows;
      const row = (cells: string[], header: boolean): string => `<tr>${cells.map((c) => (header ? `<th scope="col">${escapeHtml(c)}</th>` : `<td>${escapeHtml(c)}</td>`)).join('')}</tr>`;
      const header = head ? (block.headerRow ? `<thead>${row(head, true)}</thead>` : `<tbody>${row(head, false)}`) : '';
      const body = rest.map((r) => row(r, false)).join('\n');
      return block.headerRow || !head ? `<table>${header}<tbody>${body}</tbody></table>` : `<table>${header}${body}</tbody></table>`;
    })
    .join('\n');
}

/** A complete HTML5 document. `title` and `lang` are left out when the model has none. */
export function writeHtml(model: DocModel, options: HtmlOptions): string {
  const lang = model.lang ? ` lang="${escapeHtml(model.lang)}"` : '';
  const title = model.title ? `<title>${escapeHtml(model.title)}</title>\n` : '';
  const style = options.style ? `<style>\n${options.style}\n</style>\n` : '';
  return `<!DOCTYPE html>
<html${lang}>
<head>
<meta charset="utf-8">
${title}<meta name="viewport" content="width=device-width, initial-scale=1">
${style}</head>
<body>
<main>
${options.preface ?? ''}${blocksToHtml(model.blocks, options)}
</main>
</body>
</html>
`;
}
