import createDOMPurify, { type Config, type WindowLike } from 'dompurify';
import { t } from './i18n';

/**
 * Rich text from Learn (content bodies, announcements, calendar descriptions) is HTML that anyone
 * with edit rights in a course wrote: it is sanitised before it is shown, always through here.
 *
 * Kept: text formatting, lists, tables, headings, links (http, https, mailto), images.
 * Dropped: script, style, forms, frames, embeds, SVG, MathML, template and noscript (script and
 * mutation-XSS vectors), event handlers, ids and names as written (prefixed `user-content-`), `style` attributes (the CSP refuses inline styles;
 * dropping them keeps the page free of violations), any URL scheme but the safe ones, and data:
 * images other than raster ones. Links open outside the app, never in it.
 *
 * Pictures from other sites become links: the CSP loads nothing remote (no tracking pixels, the
 * same page offline as online), and a broken image would hide what the author meant to show.
 */
const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'frame', 'object', 'embed', 'svg', 'math', 'base', 'link', 'meta', 'template', 'noscript'],
  FORBID_ATTR: ['style', 'srcset', 'action', 'formaction', 'xlink:href'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
  ALLOW_DATA_ATTR: false,
  // id and name become `user-content-…`: an element named `rollbook` would otherwise stand in for
  // window.rollbook (DOM clobbering) and hide the page's own globals behind Learn's markup.
  SANITIZE_NAMED_PROPS: true,
  RETURN_TRUSTED_TYPE: false,
};

/**
 * The only `data:` URLs kept: raster images in img src. An SVG document is a script vector wherever
 * it ends up rendered on its own (opened in a tab, saved and reopened).
 */
const RASTER_DATA_URL = /^data:image\/(?:png|gif|jpeg|webp);/i;

export type Sanitise = (html: string) => string;

/** A sanitiser bound to a window: the renderer's own, or a jsdom window in Node tests. */
export function createSanitiser(window: WindowLike): Sanitise {
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    // DOMPurify lets `data:` through on "data URI tags" (img, and its href too): keep raster img src only.
    for (const name of ['src', 'href']) {
      const value = node.getAttribute(name);
      if (value === null || !/^\s*data:/i.test(value)) continue;
      if (!(node.tagName === 'IMG' && name === 'src' && RASTER_DATA_URL.test(value.trim()))) node.removeAttribute(name);
    }
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  const document = window.document;
  if (!document) throw new Error('The sanitiser needs a window with a document');
  return (html) => {
    // Style blocks are dropped anyway; removing them before parsing also keeps Chromium from
    // reporting the CSP refusing them in DOMPurify's inert parse document.
    const fragment = purify.sanitize(html.replace(STYLE_BLOCK, ''), { ...CONFIG, RETURN_DOM_FRAGMENT: true });
    for (const img of Array.from(fragment.querySelectorAll('img'))) {
      const src = img.getAttribute('src') ?? '';
      if (!/^https?:/i.test(src)) {
        // A picture kept in place is named as the remote ones are, so a screen reader hears that it is there (WCAG 1.1.1).
        if (!img.hasAttribute('alt')) img.setAttribute('alt', t('ui.pictureNoDescription'));
        continue;
      }
      const link = document.createElement('a');
      link.setAttribute('href', src);
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer');
      link.textContent = t('ui.pictureLink', { description: img.getAttribute('alt') || t('ui.noDescription') });
      img.replaceWith(link);
    }
    const holder = document.createElement('div');
    holder.append(fragment);
    return holder.innerHTML;
  };
}

const STYLE_BLOCK = /<style\b[\s\S]*?(?:<\/style\s*>|$)/gi;

let shared: Sanitise | undefined;

/** Sanitises HTML for `{@html}` in the renderer. */
export function sanitiseRichText(html: string): string {
  shared ??= createSanitiser(window);
  return shared(html);
}
