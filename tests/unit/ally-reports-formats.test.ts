import { describe, expect, it } from 'vitest';
import { analysePdf } from '../../sandbox/modules/ally/analyse-pdf';
import { toBrf } from '../../sandbox/modules/ally/braille';
import { demoFileContent, demoFileContents } from '../../sandbox/modules/ally/demo-files';
import type { Checks } from '../../sandbox/modules/ally/document-model';
import { writeEpub } from '../../sandbox/modules/ally/epub';
import { formatInPath, formatToCreate } from '../../sandbox/modules/ally/format-ids';
import { allows, readPolicy } from '../../sandbox/modules/ally/policy';
import { render, toneWav } from '../../sandbox/modules/ally/renditions';
import { feedbackOf, overallScore, visibilityOf } from '../../sandbox/modules/ally/scoring';
import { crc32, readZip, writeZip } from '../../sandbox/modules/ally/zip';
import { ENGLISH, checksOf, doc } from './ally-fixtures';

// What Ally makes of an analysis: the scored report, token policies and format ids, the
// alternative formats as files, and the demo course files' reports. Reading files: ally-analysis.test.ts.

describe('scoring', () => {
  it('is a weighted mean with suggestions of the score once a check is fixed', () => {
    const checks: Checks = { Scanned: { score: 1 }, Tagged: { score: 0 }, Title: { score: 0 }, LanguagePresence: { score: 1 } };
    // Weights: Scanned 5, Tagged 3, Title 1, LanguagePresence 1.
    expect(overallScore(checks)).toBeCloseTo(6 / 10);
    const feedback = feedbackOf(checks);
    expect(feedback.visibility).toBe('medium');
    expect(feedback.report.suggestions).toEqual({ Tagged: 9 / 10, Title: 7 / 10 });
    expect(Object.keys(feedback.report.results)).toEqual(['Scanned', 'Tagged', 'Title', 'LanguagePresence']);
  });

  it('bands visibility low / medium / high / perfect', () => {
    expect([0, 0.34, 0.7, 1].map(visibilityOf)).toEqual(['low', 'medium', 'high', 'perfect']);
  });
});

describe('policies and format ids', () => {
  it('matches wildcards one namespace part at a time', () => {
    const policy = readPolicy({ statements: [{ resource: 'content:*', actions: ['content:*'] }, { resource: 'content:abc', action: ['content:getDetails:WithFormats'] }] });
    expect(policy).not.toBeNull();
    expect(allows(policy ?? undefined, 'content:getStatus', 'xyz')).toBe(true);
    expect(allows(policy ?? undefined, 'content:getDetails:withFeedback', 'xyz')).toBe(false);
    expect(allows(policy ?? undefined, 'content:getDetails:withFormats', 'abc')).toBe(true);
    expect(readPolicy({ statements: [{ resource: 5 }] })).toBeNull();
  });

  it('reads Translation with its language from the id or formatParam', () => {
    expect(formatToCreate('Translation', 'fr')).toEqual({ name: 'Translation', id: 'Translation:fr' });
    expect(formatToCreate('Translation:pt-BR', null)).toEqual({ name: 'Translation', id: 'Translation:pt-BR' });
    expect(() => formatToCreate('Translation', null)).toThrow(/target language/);
    expect(() => formatToCreate('Translation:fr', 'de')).toThrow(/one language/);
    expect(() => formatToCreate('html', null)).toThrow(/Pdf, Html, Epub/);
    expect(() => formatInPath('Translation')).toThrow(/Translation:<language>/);
  });
});

describe('containers and renditions', () => {
  it('computes CRC-32 and round-trips a stored ZIP', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    const zip = writeZip([{ name: 'a.txt', data: 'alpha' }, { name: 'dir/b.txt', data: Buffer.from('beta') }]);
    const entries = readZip(zip);
    expect([...entries.keys()]).toEqual(['a.txt', 'dir/b.txt']);
    expect(entries.get('dir/b.txt')?.toString()).toBe('beta');
  });

  it('writes an EPUB whose first entry is the stored mimetype', () => {
    const epub = writeEpub({ identifier: 'urn:x', title: 'T', lang: 'en', chapterBody: '<p>Hi</p>' });
    expect(epub.toString('latin1', 0, 2)).toBe('PK');
    expect(epub.readUInt16LE(8)).toBe(0); // stored
    expect(epub.toString('latin1', 30, 38)).toBe('mimetype');
    expect(epub.toString('latin1', 38, 58)).toBe('application/epub+zip');
    expect([...readZip(epub).keys()]).toContain('OEBPS/content.opf');
  });

  it('writes ASCII braille with capital and number signs, and a valid WAV', () => {
    expect(toBrf({ blocks: [] }, 'PSYC Week 12.').toString('ascii').split('\r\n')[0]).toBe(',,PSYC ,WEEK #AB4');
    const wav = toneWav(3);
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
  });

  it('renders accessible HTML with the title, language and descriptions', () => {
    const html = render('Html', { fileName: 'notes.pdf', hash: 'h', model: doc({ lang: undefined }, [{ kind: 'paragraph', text: ENGLISH }, { kind: 'image', description: 'Chart of results' }]) }).body.toString();
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).toContain('<title>Memory and learning</title>');
    expect(html).toContain('aria-label="Chart of results"');
    const pdf = render('Pdf', { fileName: 'notes.pdf', hash: 'h', model: doc() });
    expect(checksOf(analysePdf(pdf.body))).toMatchObject({ Tagged: { score: 1 }, Title: { score: 1 } });
  });
});

describe('demo course files', () => {
  it('are generated once, deterministically, with reports that follow their profiles', () => {
    const all = demoFileContents();
    expect(new Set(all.map((d) => d.hash)).size).toBe(all.length);
    const checks = (name: string): Checks => checksOf(demoFileContent(name)?.analysis ?? { ok: false, reason: 'missing' });
    expect(checks('Syllabus PSYC 101 Fall 2026.pdf')).toMatchObject({ Tagged: { score: 1 }, Title: { score: 1 }, TableHeaders: { score: 1 } });
    expect(checks('Week 1 - What is Psychology.pdf').Tagged?.score).toBe(0);
    expect(checks('Week 2 - Research Methods (scanned).pdf').Scanned?.score).toBe(0);
    expect(checks('Primary sources 1492-1600.pdf')).toMatchObject({ Title: { score: 0 }, AlternativeText: { score: 0 } });
    expect(checks('Primary sources 1492-1600.pdf').Contrast?.score).toBeLessThan(1);
    expect(checks('Lab safety rules.html')).toMatchObject({ LanguagePresence: { score: 0 }, TableHeaders: { score: 0 } });
    expect(checks('Reading guide - Atlantic World.docx')).toMatchObject({ Title: { score: 1 }, TableHeaders: { score: 0 }, AlternativeText: { score: 1 } });
    expect(checks('Cell membrane lecture slides.pptx').AlternativeText?.score).toBe(0);
    expect(checks('Mitosis study guide.pdf')).toMatchObject({ HeadingsStartAtOne: { score: 0 }, LanguagePresence: { score: 0 } });
    expect(checks('Brain anatomy diagram.png').Contrast?.score).toBeLessThan(1);
    expect(demoFileContent('nope.pdf')).toBeUndefined();
  });
});
