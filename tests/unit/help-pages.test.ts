import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELP_PAGES } from '../../renderer/src/features/help/pages';
import { HELP_PAGE_IDS } from '../../renderer/src/features/help/page-ids';

/**
 * Help stays true to the screens it describes: every name it quotes (a button, a heading, a
 * status) is one a screen shows, and every file a page names as its source exists. A renamed
 * button fails here, not in front of an instructor.
 */
const RENDERER = join('renderer', 'src');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (path !== join(RENDERER, 'features', 'help')) sources(path, out);
    } else if (/\.(ts|svelte)$/.test(name)) out.push(readFileSync(path, 'utf8'));
  }
  return out;
}

const words = HELP_PAGES.flatMap((p) => [p.title, p.summary, ...p.sections.flatMap((s) => [s.heading ?? '', ...(s.paragraphs ?? []), ...(s.steps ?? [])])]);

describe('the Help pages', () => {
  it('has one page for each address, each with a title of its own', () => {
    expect(HELP_PAGES.map((p) => p.id)).toEqual([...HELP_PAGE_IDS]);
    expect(new Set(HELP_PAGES.map((p) => p.title)).size).toBe(HELP_PAGES.length);
  });

  it('quotes only names a screen shows (figures and times aside: those are examples)', () => {
    // A screen's words are in its code or, once it is in the catalogue, in the English messages.
    const screens = [...sources(RENDERER), ...sources(join(RENDERER, '..', '..', 'shared', 'i18n', 'messages', 'en'))].join('\n');
    const quoted = [...new Set(words.flatMap((w) => [...w.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? '')))];
    const literal = quoted.filter((q) => !/\d|…/.test(q));
    expect(literal.length).toBeGreaterThan(15);
    expect(literal.filter((q) => !screens.includes(q))).toEqual([]);
  });

  it('names source files that exist', () => {
    const text = readFileSync(join(RENDERER, 'features', 'help', 'pages.ts'), 'utf8');
    const named = [...text.matchAll(/^\s*\/\/ (.+)$/gm)].flatMap((m) => [...(m[1] ?? '').matchAll(/([\w./-]+\.(?:ts|svelte))/g)].map((f) => f[1] ?? ''));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((f) => !existsSync(join(RENDERER, f)) && !existsSync(f))).toEqual([]);
  });
});
