#!/usr/bin/env node
// Extracts every JSON request and response example from the vendor's developer pages
// (../shared/reference/learn-docs/{learn,ally}/*.md) into tests/fixtures/vendor-samples/, one file a
// sample, named after its page and section, plus index.json (page, section, kind, method+path,
// status, note, repairs) and the samples that could not be used, each with its reason.
// Deterministic: same pages in, same files out. Run: npm run vendor-samples
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..');
const DOCS = resolve(repo, '../shared/reference/learn-docs');
const OUT = join(repo, 'tests/fixtures/vendor-samples');

/**
 * Where a page's wording misleads the heuristics below, the page's own reading, by
 * `page#n` (n counts the page's JSON candidates from 1, fenced blocks and curl bodies alike).
 * `kind: 'other'` sets a block aside as neither a request nor a response body.
 */
const OVERRIDES = {
  'learn/attendance#1': { kind: 'other', reason: 'the list of attendance status values shown in the GUI, not a request or response body' },
  'learn/adaptive-release#1': { method: 'POST', note: 'the page says GET for "Creating a Rule"; a body is only sent with POST (Swagger: POST .../adaptiveRelease/rules)' },
  'learn/adaptive-release#3': { method: 'POST', note: 'a 201 with an id: the answer to creating the rule (the section is "Updating a Rule")' },
  'learn/adaptive-release#4': { method: 'POST', note: 'a 409 for a second rule on the same content: an answer to creating a rule' },
  'learn/adaptive-release#5': { method: 'GET', path: '/learn/api/public/v1/courses/:courseId/contents/:contentId/adaptiveRelease/rules/:ruleId/criteria' },
  'learn/adaptive-release#9': { note: 'maxScore null: "minScore or higher"' },
  'learn/adaptive-release#10': { note: 'maxScore omitted' },
  'learn/adaptive-release#14': { note: 'endDate is the string "null" though the prose says it means no end date' },
  'learn/adaptive-release#19': { method: 'PUT', path: '/learn/api/public/v1/courses/:courseId/contents/:contentId/adaptiveRelease/rules/:ruleId/criteria/:criterionId/users', note: 'placeholder user ids ("anim labore in nulla est"); the page names the .../groups path here, the body is the users list (Swagger: PUT .../users)' },
  'learn/adaptive-release#20': { method: 'PUT', path: '/learn/api/public/v1/courses/:courseId/contents/:contentId/adaptiveRelease/rules/:ruleId/criteria/:criterionId/users', note: 'the page names the .../groups path here, the body is the users list' },
  'learn/adaptive-release#21': { method: 'PUT', path: '/learn/api/public/v1/courses/:courseId/contents/:contentId/adaptiveRelease/rules/:ruleId/criteria/:criterionId/users' },
  'learn/adaptive-release#22': { method: 'PUT', path: '/learn/api/public/v1/courses/:courseId/contents/:contentId/adaptiveRelease/rules/:ruleId/criteria/:criterionId/users' },
  'learn/adaptive-release#27': { kind: 'response', method: 'GET', path: '/learn/api/public/v1/courses/:courseId/contents/:contentId/adaptiveRelease/rules/:ruleId/criteria' },
  'learn/adaptive-release#28': { kind: 'response', method: 'GET', path: '/learn/api/public/v1/courses/:courseId/contents/:contentId/adaptiveRelease/rules/:ruleId/criteria/:criterionId', note: 'a read-only criterion type (Ultra only), shown as the API reports it' },
  'learn/adaptive-release#29': { kind: 'response', method: 'GET', path: '/learn/api/public/v1/courses/:courseId/contents/:contentId/adaptiveRelease/rules/:ruleId/criteria/:criterionId', note: 'a read-only criterion type (Original only)' },
  'learn/adaptive-release#30': { kind: 'response', method: 'GET', path: '/learn/api/public/v1/courses/:courseId/contents/:contentId/adaptiveRelease/rules/:ruleId/criteria/:criterionId', note: 'a read-only criterion type (Original only)' },
  'learn/creating-content#3': { method: 'POST', path: '/learn/api/public/v1/courses/:courseId/contents', note: 'the page gives this body for both POST .../contents and PATCH .../contents/:contentId' },
  'learn/creating-content#4': { method: 'POST', path: '/learn/api/public/v1/courses/:courseId/contents' },
  'learn/creating-content#5': { kind: 'request', method: 'POST', path: '/learn/api/public/v1/courses/:courseId/contents', note: 'the create body without adaptive release' },
  'learn/attendance#11': { method: 'POST', path: '/learn/api/public/v1/courses/:courseId/meetings/:meetingId/users/bulk', note: 'the page shows no path (seed 001: "Its path is not shown"); the Swagger file names POST .../users/bulk' },
  'learn/adaptive-release#11': { kind: 'request', method: 'POST', path: '/learn/api/public/v1/courses/:courseId/contents/:contentId/adaptiveRelease/rules/:ruleId/criteria', note: 'the "Using GradePercentage" section writes type GradeRange' },
  'learn/using-calendar-api#6': { kind: 'response', method: 'PATCH', path: '/learn/api/public/v1/calendars/items/{calendarItemType}/{calendarItemId}', note: 'headed "PATCH ... - Success": the item as the PATCH answers it' },
  'learn/curl-demo#35': { kind: 'request', method: 'POST', path: '/learn/api/public/v1/courses/courseId:mbk-rest-contents/contents/_12907_1/children', note: 'the body of step 3, sent by the curl command that follows' },
  'learn/curl-demo#47': { kind: 'other', reason: 'not JSON: a markdown link pasted into studentSubmission leaves an unescaped quote ("[https://...xid-23611_1" data-bbfile=...)' },
  'ally/auth#1': { kind: 'request', method: 'JWT', path: 'header', note: 'the JWT header: sent as the header of the bearer token' },
  'ally/auth#2': { kind: 'request', method: 'JWT', path: 'payload', note: 'JWT claims, sent signed as the bearer token; clientId "###" is a placeholder and iat is a string of milliseconds (the page says seconds)' },
  'ally/auth#3': { kind: 'request', method: 'JWT', path: 'payload', note: 'JWT claims with a policy; clientId "###" is a placeholder' },
  'ally/auth#4': { kind: 'other', reason: 'one policy statement, a fragment of a JWT payload (and it writes "action" where the page says "actions")' },
  'ally/auth#5': { kind: 'other', reason: 'one policy statement, a fragment of a JWT payload' },
  'ally/auth#6': { kind: 'other', reason: 'one policy statement, a fragment of a JWT payload' },
  'ally/get-batched-feedback#1': { kind: 'request', note: 'a GET with a JSON body' },
  'ally/get-batched-feedback#3': { kind: 'request', method: 'GET', path: '/api/v2/clients/:clientId/content/batch', note: 'the cURL example: -d makes cURL send POST, and its URL ends /content/bash; the endpoint section says GET .../content/batch' },
};

/** Mechanical repairs, in order; each sample records which ones it needed. */
const REPAIRS = [
  ['markdown-italics', (t) => t.replace(/^\s*_(\{[\s\S]*\})_\s*$/, '$1')],
  ['markdown-bold-in-string', (t) => t.replace(/"\*\*([^"*]*)\*\*"/g, '"$1"')],
  ['markdown-mailto-links', (t) => t.replace(/\[([^\]]*)\]\s*\(mailto:[^)]*\)/g, '$1')],
  ['smart-quotes', (t) => t.replace(/[\u201C\u201D]/g, '"')],
  ['stray-character-after-brace', (t) => t.replace(/([}\]])[a-z]+[ \t]*$/gm, '$1')],
  ['unterminated-string', (t) => t.replace(/^([^"\n]*"[^"\n]*"\s*:\s*"[^"\n]*),\s*$/gm, '$1",')],
  ['line-wrapped-string', joinWrappedStrings],
  ['stray-characters-after-json', (t) => t.replace(/\}[:_]+\s*$/, '}')],
  ['ellipsis-items', (t) => t.replace(/^\s*\.{3,}\s*,?\s*$/gm, '')],
  ['comments', stripComments],
  ['trailing-commas', (t) => t.replace(/,(\s*[}\]])/g, '$1')],
];

function joinWrappedStrings(text) {
  // A PDF-wrapped line breaks a string: join lines until the quotes balance (no space added).
  const lines = text.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    while (quotes(line) % 2 === 1 && i + 1 < lines.length) line += lines[++i].trimStart();
    out.push(line);
  }
  return out.join('\n');
}
const quotes = (line) => (line.replace(/\\"/g, '').match(/"/g) ?? []).length;

function stripComments(text) {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2) + 1 || text.length;
    } else out += c;
  }
  return out;
}

/** Parses as written, else after the repairs; returns the value and the repairs that changed the text. */
function parseSample(raw) {
  try {
    return { value: JSON.parse(raw), repairs: [] };
  } catch {
    let text = raw;
    const applied = [];
    for (const [name, fix] of REPAIRS) {
      const next = fix(text);
      if (next !== text) applied.push(name);
      text = next;
    }
    try {
      return { value: JSON.parse(text), repairs: applied };
    } catch (error) {
      return { error: `not JSON after repairs [${applied.join(', ')}]: ${error.message}`, repairs: applied };
    }
  }
}

const slug = (s) =>
  s
    .toLowerCase()
    .replace(/[`*_{}]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .replace(/-$/, '');

const ENDPOINT = /\b(GET|POST|PATCH|PUT|DELETE)\b\**\s+(?:\{\{baseUrl\}\})?\s*(\/\s?[\w/:{}.-]*(?:\?[\w=&.-]*)?)/;

/** Reads one page: every ```json block, and every JSON body a curl command sends with --data/-d. */
function candidatesOf(page, text) {
  const lines = text.split('\n');
  const found = [];
  const headings = []; // {level, text}: the path of headings down to the current line
  let endpoint = null;
  let prose = [];
  let previousFence = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const real = /^(#{1,6})\s+(.*)$/.exec(line);
    // A bold line of a few words stands for a heading (cURL demo "**Create**", Ally "**formats=true**").
    const bold = /^\*\*([^*]+)\*\*\s*$/.exec(line);
    const boldText = bold?.[1].replace(/\s*\(.*$/, '').trim();
    if (real || (boldText && boldText.split(/\s+/).length <= 4)) {
      const level = real ? real[1].length : 7;
      while (headings.length && headings[headings.length - 1].level >= level) headings.pop();
      headings.push({ level, text: real ? real[2].replace(/\s*<.*$/, '').trim() : boldText });
      if (real && page.startsWith('learn/')) endpoint = null; // an Ally page is one endpoint
      prose = [];
      continue;
    }
    const fence = /^\s*```(\w*)\s*$/.exec(line);
    if (!fence) {
      const ep = ENDPOINT.exec(line);
      if (ep) endpoint = { method: ep[1], path: ep[2].replace(/\s/g, '') };
      prose.push(line);
      continue;
    }
    const lang = fence[1];
    const body = [];
    let j = i + 1;
    while (j < lines.length && !/^\s*```\s*$/.test(lines[j])) body.push(lines[j++]);
    const start = i + 1;
    i = j;
    const block = body.join('\n');
    const section = headings[headings.length - 1]?.text ?? '';
    const parent = headings[headings.length - 2]?.text ?? '';
    if (lang === 'json') {
      found.push({ page, line: start + 1, section, parent, endpoint, prose: prose.join('\n'), previousFence, raw: block, from: 'json' });
    } else if (lang === 'http') {
      const ep = ENDPOINT.exec(block);
      if (ep) endpoint = { method: ep[1], path: ep[2] };
    } else if (lang === 'bash' || lang === 'shell') {
      const flat = block.replace(/\n\s*/g, ' ');
      const data = /(?:--data|-d)\s/.test(flat);
      const explicit = /-X\s+(\w+)|--request\s+(\w+)/.exec(flat);
      const method = explicit ? (explicit[1] ?? explicit[2]) : data ? 'POST' : 'GET';
      const url = /https?:\/\/\S+?(\/(?:learn\/)?api\/[^\s'?]*)/.exec(block.replace(/([/-])\s*\n\s*/g, '$1'));
      const here = url ? { method, path: url[1] } : endpoint;
      for (const m of block.matchAll(/(?:--data|-d)\s+'([\s\S]*?)'/g)) {
        found.push({ page, line: start + 1, section, parent, endpoint: here, prose: '', previousFence: lang, raw: m[1], from: 'curl' });
      }
      if (/curl/.test(block) && url) endpoint = here;
    }
    previousFence = lang;
    prose = [];
  }
  // A heading used under several parents ("Create", "Payload example") is named with its parent.
  const parents = new Map();
  for (const c of found) parents.set(c.section, new Set([...(parents.get(c.section) ?? []), c.parent]));
  for (const c of found) if ((parents.get(c.section)?.size ?? 0) > 1 && c.parent) c.section = `${c.parent}: ${c.section}`;
  return found;
}

/** Request or response, from the words just before the block (the page's own framing). */
function kindOf(c) {
  if (c.from === 'curl') return 'request';
  const last = c.prose.split('\n').filter((l) => l.trim()).slice(-3).join(' ');
  if (/\b(returns?|Returns?|response|should see|should get|result like|successful|When \d{3}|in real life)\b/.test(last)) return 'response';
  if (/\b(body|Body|[Ll]ike this|previous example)\b/.test(last)) return 'request';
  if (!last.trim() && /bash|shell/.test(c.previousFence)) return 'response';
  if (/^\W*\**\s*(POST|PUT|PATCH)\b/.test(last.trim())) return 'request';
  return 'response';
}

const statusOf = (c, kind, value) => {
  if (kind === 'request') return null;
  if (value && typeof value === 'object' && !Array.isArray(value) && typeof value.status === 'number' && value.status >= 400) return value.status;
  const m = /\b(200|201|202|204|303|400|401|403|404|409)\b/.exec(c.prose.split('\n').filter((l) => l.trim()).slice(-3).join(' '));
  return m ? Number(m[1]) : null;
};

function main() {
  rmSync(OUT, { recursive: true, force: true });
  const samples = [];
  const setAside = [];
  const names = new Set();
  for (const product of ['learn', 'ally']) {
    for (const file of readdirSync(join(DOCS, product)).filter((f) => f.endsWith('.md')).sort()) {
      const page = `${product}/${file.replace(/\.md$/, '')}`;
      const candidates = candidatesOf(page, readFileSync(join(DOCS, product, file), 'utf8'));
      candidates.forEach((c, n) => {
        const key = `${page}#${n + 1}`;
        const override = OVERRIDES[key] ?? {};
        const where = { id: key, page, line: c.line, section: c.section };
        if (override.kind === 'other') return setAside.push({ ...where, reason: override.reason });
        if (/^\s*</.test(c.raw) || /<String>/.test(c.raw)) return setAside.push({ ...where, reason: 'a placeholder template (<...>), not a sample' });
        if (/^\s*\d{3}\b/.test(c.raw)) return setAside.push({ ...where, reason: `a status line ("${c.raw.trim()}"), not a JSON body` });
        const parsed = parseSample(c.raw);
        if (parsed.error) return setAside.push({ ...where, reason: /,\.\.\.\s*$/.test(c.raw.trim()) ? 'truncated on the page (ends with ",...")' : parsed.error });
        const kind = override.kind ?? kindOf(c);
        const method = override.method ?? c.endpoint?.method ?? null;
        const path = override.path ?? c.endpoint?.path ?? null;
        let name = `${page}--${slug(c.section) || 'top'}--${kind}`;
        for (let k = 2; names.has(name); k++) name = `${page}--${slug(c.section) || 'top'}--${kind}-${k}`;
        names.add(name);
        const notes = [override.note, c.from === 'curl' ? 'the body of a cURL --data argument' : undefined, /"[^"]*\.\.\."/.test(c.raw) ? 'holds values truncated with "..." on the page' : undefined].filter(Boolean);
        samples.push({ file: `${name}.json`, id: key, page, line: c.line, section: c.section, kind, method, path, status: statusOf(c, kind, parsed.value), note: notes.join('; ') || null, repairs: parsed.repairs });
        mkdirSync(dirname(join(OUT, `${name}.json`)), { recursive: true });
        writeFileSync(join(OUT, `${name}.json`), `${JSON.stringify(parsed.value, null, 2)}\n`);
      });
    }
  }
  const index = {
    source: relative(repo, DOCS),
    regenerate: 'npm run vendor-samples',
    // Checked by hand (release 3900.121.0): its `example` values are one BbML string for `body`,
    // `instructions` or `description` fields, never a whole request or response, so none are taken.
    swaggerExamples: 'none: the Swagger file has only field-level BbML string examples',
    samples,
    setAside,
  };
  writeFileSync(join(OUT, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
  const count = (k) => samples.filter((s) => s.kind === k).length;
  console.log(`vendor samples: ${count('request')} requests, ${count('response')} responses, ${setAside.length} set aside -> ${relative(repo, OUT)}`);
}

main();
