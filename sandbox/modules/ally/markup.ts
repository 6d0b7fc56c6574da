/**
 * Markup text: escaping for the HTML and XML the sandbox writes, and just enough XML reading for
 * Office and OpenDocument parts (elements by qualified name, attributes, text). Regular
 * expressions, not a parser: the parts the checks read are machine-written and regular, and a
 * miss only makes a check less precise.
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

// The named references of XML, plus the HTML ones course pages commonly use.
const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', ndash: '\u2013', mdash: '\u2014', lsquo: '\u2018',
  rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d', hellip: '\u2026', bull: '\u2022', copy: '\u00a9', reg: '\u00ae',
  deg: '\u00b0', times: '\u00d7', eacute: '\u00e9', egrave: '\u00e8', ecirc: '\u00ea', aacute: '\u00e1', agrave: '\u00e0',
  acirc: '\u00e2', iacute: '\u00ed', oacute: '\u00f3', ocirc: '\u00f4', uacute: '\u00fa', ccedil: '\u00e7', ntilde: '\u00f1',
  auml: '\u00e4', ouml: '\u00f6', uuml: '\u00fc', szlig: '\u00df',
};

/** Character references decoded (numeric, and the named ones above; unknown names are kept as written). */
export function unescapeXml(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#')) {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity] ?? whole;
  });
}

const quote = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every `<name ...>...</name>` or `<name .../>` (outermost text, not nested same-name elements). */
export function elements(xml: string, name: string): string[] {
  const re = new RegExp(`<${quote(name)}(?=[\\s/>])[^>]*?(?:/>|>[\\s\\S]*?</${quote(name)}>)`, 'g');
  return xml.match(re) ?? [];
}

/** The first element's text, or undefined. */
export const firstElement = (xml: string, name: string): string | undefined => elements(xml, name)[0];

/** An attribute of the element's start tag. */
export function attr(element: string, name: string): string | undefined {
  const start = /^<[^>]*>/.exec(element)?.[0] ?? '';
  const m = new RegExp(`\\s${quote(name)}="([^"]*)"`).exec(start) ?? new RegExp(`\\s${quote(name)}='([^']*)'`).exec(start);
  return m?.[1] === undefined ? undefined : unescapeXml(m[1]);
}

/** The text inside an element, tags removed. */
export const innerText = (element: string): string => unescapeXml(element.replace(/<[^>]+>/g, '')).trim();

/** The concatenated text of every `<textTag>` inside (Word's w:t, DrawingML's a:t). */
export const textRuns = (xml: string, textTag: string): string =>
  elements(xml, textTag)
    .map((t) => innerText(t))
    .join('');
