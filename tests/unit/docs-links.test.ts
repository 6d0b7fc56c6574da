import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The written docs stay a house a newcomer can walk: every relative link in docs/, the README and
 * CONTRIBUTING.md leads to a file that exists (and, with `#anchor`, to a heading in it), and no
 * doc cites an issue number, which nobody outside the tracker can open.
 */
const repo = resolve(import.meta.dirname, '../..');

function markdownUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

function docs(): string[] {
  const top = ['README.md', 'CONTRIBUTING.md'].map((name) => join(repo, name)).filter((path) => existsSync(path));
  return [...top, ...markdownUnder(join(repo, 'docs'))];
}

/** The text outside fenced code blocks and inline code, where a link or a word is prose. */
export function prose(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

export function anchorsIn(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of withoutFences(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = anchorOf(match[1] ?? '');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Relative link targets (`[text](target)`), without web, mail or in-page-only links. */
export function relativeLinks(markdown: string): string[] {
  const targets = [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
  return targets.filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** Where a relative link does not resolve, in words; undefined when it does. */
function brokenLink(fromFile: string, target: string): string | undefined {
  const [pathPart = '', anchor] = target.split('#', 2);
  const path = pathPart === '' ? fromFile : resolve(dirname(fromFile), decodeURI(pathPart));
  if (!existsSync(path)) return 'no such file';
  if (anchor === undefined || anchor === '') return undefined;
  if (statSync(path).isDirectory() || !path.endsWith('.md')) return 'an anchor into something that is not a Markdown file';
  return anchorsIn(readFileSync(path, 'utf8')).has(anchor.toLowerCase()) ? undefined : `no heading #${anchor}`;
}

/** Phrases that cite this project's tracker: "issue 17", "issues 5, 6", "issue #17", "PR 12". */
export const ISSUE_CITATION = /\b(?:issues?\s+#?\d+|pull requests?\s+#?\d+|PR\s+#?\d+)/gi;

describe('docs', () => {
  it('finds the docs it checks', () => {
    const names = docs().map((path) => relative(repo, path));
    expect(names).toContain('README.md');
    expect(names).toContain('docs/architecture.md');
  });

  it('every relative link resolves to a file, and an anchor to a heading in it', () => {
    const broken = docs().flatMap((file) =>
      relativeLinks(readFileSync(file, 'utf8')).flatMap((target) => {
        const why = brokenLink(file, target);
        return why ? [`${relative(repo, file)}: (${target}) ${why}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('no doc names an issue number', () => {
    const cited = docs().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          [...line.matchAll(ISSUE_CITATION)].map((m) => `${relative(repo, file)}:${index + 1}: "${m[0]}"`),
        ),
    );
    expect(cited).toEqual([]);
  });
});

/** Source, tests, scripts and build files: comments there are read without the tracker too. */
const CODE_FOLDERS = ['electron', 'renderer', 'shared', 'sandbox', 'tests', 'scripts', 'bench', 'build', '.ci'];
const THIS_FILE = resolve(import.meta.filename);

function codeUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.test-') ? [] : codeUnder(path);
    return /\.(ts|mts|svelte|mjs|cjs|js|css|html|yml|yaml|sh)$|^run$/.test(entry.name) && path !== THIS_FILE ? [path] : [];
  });
}

describe('code', () => {
  it('no comment or test name cites an issue number', () => {
    const files = [...CODE_FOLDERS.flatMap((folder) => codeUnder(join(repo, folder))), join(repo, 'vite.config.ts')];
    expect(files.length).toBeGreaterThan(500);
    const cited = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => [...line.matchAll(ISSUE_CITATION)].map((m) => `${relative(repo, file)}:${index + 1}: "${m[0]}"`)),
    );
    expect(cited).toEqual([]);
  });
});

describe('the docs check itself', () => {
  it('reads anchors as GitHub writes them, duplicates numbered', () => {
    const anchors = anchorsIn('# A read of Learn older than the device (`confirmedAt`)\n## Tried\n## Tried\n');
    expect([...anchors]).toEqual(['a-read-of-learn-older-than-the-device-confirmedat', 'tried', 'tried-1']);
  });

  it('takes relative links and leaves web links and code alone', () => {
    const text = 'See [a](a.md#x), [b](https://example.com), `[c](c.md)` and [d](../d/).\n```\n[e](e.md)\n```\n';
    expect(relativeLinks(text)).toEqual(['a.md#x', '../d/']);
  });

  it('catches every way of citing an issue, not a repository reference', () => {
    const text = 'as issue 17 said (issue 18, item 8), issues 5, 6 and issue #3; PR 12; see electron/electron#43715';
    expect(text.match(ISSUE_CITATION)).toEqual(['issue 17', 'issue 18', 'issues 5', 'issue #3', 'PR 12']);
  });
});
