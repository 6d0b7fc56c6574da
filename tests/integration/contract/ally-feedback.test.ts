import { beforeAll, describe, expect, it } from 'vitest';
import { BatchContentInformation } from '../../../shared/api/ally';
import { expectValid } from '../../support/contract';
import { withSandbox } from '../../support/sandbox';
import { CONTENT, SYLLABUS, batch, demoHash, details, expectError, pdf, processed, send, useAllySandbox, inPath } from './ally-support';

/**
 * Contract of the Ally sandbox (seed 002), part 3 of 4: content information and the feedback
 * report computed from the bytes (one file, and the batch).
 */
useAllySandbox();

describe('content information and feedback', () => {
  let good: string;
  let untagged: string;
  let untitled: string;
  let scanned: string;
  beforeAll(async () => {
    good = await processed(pdf('Memory and learning', { tagged: true, lang: 'en-US' }), 'Memory and learning.pdf');
    untagged = await processed(pdf('Untagged notes', { tagged: false, lang: 'en-US' }), 'Untagged notes.pdf');
    untitled = await processed(pdf(undefined, { tagged: true, lang: 'en-US' }), 'No title.pdf');
    scanned = await processed(pdf('Scanned pages', { tagged: false, scanned: true }), 'Scanned pages.pdf');
  });

  it('reports from the bytes: untagged fails Tagged, untitled fails Title, a scan fails Scanned', async () => {
    const score = async (hash: string, check: string): Promise<number | null | undefined> => (await details(hash)).feedback?.report.results[check]?.score;
    expect(await score(good, 'Tagged')).toBe(1);
    expect(await score(good, 'Title')).toBe(1);
    expect(await score(good, 'Scanned')).toBe(1);
    expect(await score(untagged, 'Tagged')).toBe(0);
    expect(await score(untitled, 'Title')).toBe(0);
    expect(await score(scanned, 'Scanned')).toBe(0);
    const feedback = (await details(good)).feedback;
    expect(feedback).toMatchObject({ score: 1, visibility: 'perfect', report: { suggestions: {} } });
    const weak = (await details(untagged)).feedback;
    expect(weak?.score).toBeLessThan(1);
    expect(weak?.report.suggestions.Tagged).toBeGreaterThan(weak?.score ?? 1);
  });

  it('gives the same hash and report for the same bytes in another sandbox', async () => {
    const other = await withSandbox({ allyProcessingMs: 500 });
    try {
      const bytes = pdf('Untagged notes', { tagged: false, lang: 'en-US' });
      expect(await processed(bytes, 'Untagged notes.pdf', other)).toBe(untagged);
      expect(await details(untagged, '?feedback=true&formats=true', other)).toEqual(await details(untagged, '?feedback=true&formats=true'));
    } finally {
      await other.close();
    }
  });

  it('returns feedback and formats only when asked, metadata always', async () => {
    const plain = await details(good, '');
    expect(plain.feedback).toBeNull();
    expect(plain.formats).toBeNull();
    // The reader takes the sandbox's `description: null` as absent.
    expect(plain.metadata).toEqual({ name: 'Memory and learning.pdf', decorative: null, description: undefined, fileType: 'pdf', mimeType: 'application/pdf', isVersioned: false, isSeizureInducing: false, libraryReference: null });
    const off = await details(good, '?feedback=false&formats=false');
    expect([off.feedback, off.formats]).toEqual([null, null]);
    const both = await details(good, '?feedback=true&formats=true');
    expect(both.feedback?.visibility).toBe('perfect');
    expect(both.formats).toEqual({ availableFormats: ['Pdf', 'Html', 'Epub', 'Tts', 'Braille', 'Beeline', 'Translation'], canToggleAvailability: false, available: true, visibility: true });
    expectError('GET', `${CONTENT}/${inPath(good)}`, await send(`${CONTENT}/${inPath(good)}?feedback=yes`), 400, /'feedback' must be true, false or omitted/);
  });

  it('knows the demo course files from the start, with their located problems', async () => {
    const primary = await details(demoHash('Primary sources 1492-1600.pdf'));
    expect(primary.metadata.name).toBe('Primary sources 1492-1600.pdf');
    expect(primary.feedback?.report.results.AlternativeText?.snippets?.[0]).toMatchObject({ page: 0 });
    const png = await details(demoHash('Brain anatomy diagram.png'), '?feedback=true&formats=true');
    expect(png.metadata).toMatchObject({ fileType: 'image', mimeType: 'image/png' });
    expect(png.formats).toMatchObject({ availableFormats: [], available: false });
  });

  it('answers 404 for a hash it does not know', async () => {
    const unknown = 'f'.repeat(64);
    expectError('GET', `${CONTENT}/${inPath(unknown)}`, await send(`${CONTENT}/${inPath(unknown)}?feedback=true`), 404, /No content with hash f+; upload the file first/);
    expectError('GET', `${CONTENT}/${inPath(unknown)}/status`, await send(`${CONTENT}/${inPath(unknown)}/status`), 404, /No content with hash/);
  });

  describe('batch (GET .../content/batch with a JSON body)', () => {
    it('answers {reports} in request order with null for unknown hashes', async () => {
      const syllabus = demoHash(SYLLABUS);
      const body = JSON.stringify({ references: [{ hash: syllabus }, { hash: 'nope' }, { hash: good }, { hash: syllabus }] });
      const res = await batch(body, '?feedback=true&formats=true');
      expect(res.status).toBe(200);
      expect(Object.keys(res.json as object)).toEqual(['reports']);
      const reports = expectValid('GET', `${CONTENT}/batch`, res, BatchContentInformation);
      expect(reports.map((r) => r?.hash ?? null)).toEqual([syllabus, null, good, syllabus]);
      expect(reports[2]?.feedback?.score).toBe(1);
      expect(reports[0]?.formats?.available).toBe(true);
      const plainRes = await batch(body);
      expect(plainRes.status).toBe(200);
      const plain = expectValid('GET', `${CONTENT}/batch`, plainRes, BatchContentInformation);
      expect(plain[0]).toMatchObject({ feedback: null, formats: null });
    });

    it('refuses empty, oversized and malformed batches', async () => {
      const path = `${CONTENT}/batch`;
      expectError('GET', path, await batch(JSON.stringify({ references: [] })), 400, /non-empty list/);
      const many = JSON.stringify({ references: Array.from({ length: 101 }, (_, i) => ({ hash: `h${i}` })) });
      expectError('GET', path, await batch(many), 400, /101 references; the limit is 100/);
      expectError('GET', path, await batch(JSON.stringify({ references: [{ hash: good }, { id: 'x' }] })), 400, /references\[1\]\.hash/);
      expectError('GET', path, await batch('{"references": ['), 400, /not valid JSON/);
      expectError('GET', path, await batch(undefined), 400, /JSON request body is required/);
      expectError('GET', path, await batch('references=x', '', 'application/x-www-form-urlencoded'), 415, /application\/json/);
    });
  });
});
