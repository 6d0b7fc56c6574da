import type { Content } from '../../../shared/api/content';

/**
 * The files an Ultra document keeps in its body. Ultra documents hold their files as BbML links,
 * `<a href="…bbcswebdav/xid-…" data-bbfile="{&quot;linkName&quot;:…,&quot;mimeType&quot;:…}">`
 * (the vendor's BbML page and attachments walkthrough), and Learn lists no attachments for them,
 * so the file list comes from the body Learn already sent with the content listing: no request per
 * document (docs/api-notes/ally.md "Files of Ultra documents"). Classic items keep theirs in
 * `/attachments`.
 */

/** A file linked from a document's body: its name, type and the file store's id (`xid-…`). */
export interface BodyFile {
  /** The file store's id from the link (`xid-1217_1`), or the link itself when it has none: stable across reads. */
  ref: string;
  fileName: string;
  mimeType: string;
}

/** Only the Ultra experience has these (contenthandler-datatypes.md): a course with one is an Ultra course. */
const ULTRA_ONLY_HANDLERS = new Set(['resource/x-bb-asmt-test-link']);

/**
 * Whether these items are an Ultra course's, from the items alone: an Ultra-only handler, a page
 * folder (`isBbPage`), or the Ultra interface's link Learn adds to each item. Undefined when
 * nothing says either way (the course's `ultraStatus` then decides).
 */
export function ultraFromItems(items: readonly Content[]): boolean | undefined {
  for (const item of items) {
    if (ULTRA_ONLY_HANDLERS.has(item.contentHandler?.id ?? '') || item.contentHandler?.isBbPage === true) return true;
    const ui = item.links?.find((l) => l.rel === 'alternate')?.href;
    if (ui) return ui.includes('/ultra/');
  }
  return undefined;
}

const ENTITIES: Record<string, string> = { quot: '"', apos: "'", amp: '&', lt: '<', gt: '>', nbsp: ' ' };
const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** The attributes of one start tag, values decoded. */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const m of tag.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    attributes.set((m[1] as string).toLowerCase(), decodeEntities(m[3] ?? m[4] ?? m[5] ?? ''));
  }
  return attributes;
}

/** `data-bbfile`'s JSON, read liberally: a damaged one is skipped, not fatal. */
function bbfileOf(value: string): { linkName?: unknown; mimeType?: unknown } | undefined {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? (parsed) : undefined;
  } catch {
    return undefined;
  }
}

const lastSegment = (href: string): string => {
  const segment = href.split(/[?#]/)[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Every file an Ultra document's body links, in order, each once. */
export function filesInBody(body: string | null | undefined): BodyFile[] {
  if (!body) return [];
  const found = new Map<string, BodyFile>();
  for (const m of body.matchAll(/<a\b[^>]*>/gi)) {
    const attributes = attributesOf(m[0]);
    const bbfile = attributes.get('data-bbfile');
    if (bbfile === undefined) continue;
    const described = bbfileOf(bbfile);
    const href = attributes.get('href') ?? '';
    const ref = /\bxid-\d+_\d+\b/.exec(href)?.[0] ?? href;
    const fileName = typeof described?.linkName === 'string' && described.linkName.trim() !== '' ? described.linkName : lastSegment(href);
    if (ref === '' || fileName === '' || found.has(ref)) continue;
    found.set(ref, { ref, fileName, mimeType: typeof described?.mimeType === 'string' ? described.mimeType : 'application/octet-stream' });
  }
  return [...found.values()];
}
