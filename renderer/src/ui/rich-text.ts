import createDOMPurify, { type Config, type WindowLike } from 'dompurify';

/**
 * Rich text from Learn (content bodies, announcements, calendar descriptions) is HTML that anyone
 * with edit rights in a course wrote: it is sanitised before it is shown, always through here.
 *
 * Kept: text formatting, lists, tables, headings, links (http, https, mailto), images.
 * Dropped: script, style, forms, frames, embeds, SVG and MathML (script vectors), event handlers,
 * `style` attributes (the CSP refuses inline styles; dropping them keeps the page free of
 * violations), and any URL scheme but the safe ones. Links open outside the app, never in it.
 */
const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'frame', 'object', 'embed', 'svg', 'math', 'base', 'link', 'meta'],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'xlink:href'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
  ALLOW_DATA_ATTR: false,
  RETURN_TRUSTED_TYPE: false,
};

export type Sanitise = (html: string) => string;

/** A sanitiser bound to a window: the renderer's own, or a jsdom window in Node tests. */
export function createSanitiser(window: WindowLike): Sanitise {
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return (html) => purify.sanitize(html, CONFIG);
}

let shared: Sanitise | undefined;

/** Sanitises HTML for `{@html}` in the renderer. */
export function sanitiseRichText(html: string): string {
  shared ??= createSanitiser(window);
  return shared(html);
}
