import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { analyse, detectType } from '../../sandbox/modules/ally/analyse';
import { analyseHtml } from '../../sandbox/modules/ally/analyse-html';
import { analyseImage } from '../../sandbox/modules/ally/analyse-image';
import { analyseOffice } from '../../sandbox/modules/ally/analyse-office';
import { analysePdf } from '../../sandbox/modules/ally/analyse-pdf';
import type { Block } from '../../sandbox/modules/ally/document-model';
import { detectLanguage } from '../../sandbox/modules/ally/common-checks';
import { writeDocx } from '../../sandbox/modules/ally/office-writer';
import { writePdf } from '../../sandbox/modules/ally/pdf-writer';
import { encodePng } from '../../sandbox/modules/ally/png';
import { ENGLISH, checksOf, doc } from './ally-fixtures';

// Ally's analysers, from bytes: PDF, HTML, Office and images, and how a file's type is told.
// Scores, policies, format ids, renditions and the demo files: ally-reports-formats.test.ts.

describe('PDF analysis (from bytes the PDF writer made)', () => {
  it('passes a tagged PDF with title and language, and reads its text back', () => {
    const analysis = analysePdf(writePdf(doc(), { tagged: true }));
    const checks = checksOf(analysis);
    expect(checks.Tagged?.score).toBe(1);
    expect(checks.Title?.score).toBe(1);
    expect(checks.LanguagePresence?.score).toBe(1);
    expect(checks.LanguageCorrect).toEqual({ score: 1, detectedLanguage: 'en' });
    expect(checks.Scanned?.score).toBe(1);
    expect(checks.HeadingsPresence?.score).toBe(1);
    expect(checks.Contrast?.score).toBe(1);
    expect(analysis.ok && analysis.model.blocks.filter((b) => b.kind === 'heading').map((b) => b.kind === 'heading' && b.text)).toEqual(['Memory and learning', 'Working memory']);
  });

  it('fails Tagged without a structure tree, Title without a title, LanguagePresence without /Lang', () => {
    const checks = checksOf(analysePdf(writePdf(doc({ title: undefined, lang: undefined }), { tagged: false })));
    expect(checks.Tagged?.score).toBe(0);
    expect(checks.Title?.score).toBe(0);
    expect(checks.LanguagePresence?.score).toBe(0);
    expect(checks.LanguageCorrect).toBeUndefined();
    // No tags: no headings can be found.
    expect(checks.HeadingsPresence?.score).toBe(0);
  });

  it('fails Scanned when pages are pictures of text, and reads no text', () => {
    const analysis = analysePdf(writePdf(doc(), { tagged: false, scanned: true }));
    expect(checksOf(analysis).Scanned?.score).toBe(0);
    expect(checksOf(analysis).Contrast).toBeUndefined();
    expect(analysis.ok && analysis.model.blocks).toEqual([]);
  });

  it('locates figures without alternative text on their page', () => {
    const blocks: Block[] = [
      { kind: 'heading', level: 1, text: 'Figures' },
      { kind: 'image', description: 'A chart', alt: 'Bar chart of exam results' },
      { kind: 'image', description: 'A photo' },
    ];
    const checks = checksOf(analysePdf(writePdf(doc({}, blocks), { tagged: true })));
    expect(checks.AlternativeText?.score).toBe(0.5);
    const [snippet] = checks.AlternativeText?.snippets ?? [];
    expect(checks.AlternativeText?.snippets).toHaveLength(1);
    expect(snippet).toMatchObject({ page: 0, x0: 72, x1: 288 });
    expect((snippet?.y1 ?? 0) - (snippet?.y0 ?? 0)).toBeCloseTo(144);
    // Untagged, no image can carry alternative text.
    expect(checksOf(analysePdf(writePdf(doc({}, blocks), { tagged: false }))).AlternativeText?.score).toBe(0);
  });

  it('scores heading order: start at one, no skipped levels, with the offending heading located', () => {
    const blocks: Block[] = [
      { kind: 'heading', level: 2, text: 'Starts at two' },
      { kind: 'paragraph', text: ENGLISH },
      { kind: 'heading', level: 4, text: 'Skips three' },
      { kind: 'heading', level: 5, text: 'Fine' },
    ];
    const checks = checksOf(analysePdf(writePdf(doc({}, blocks), { tagged: true })));
    expect(checks.HeadingsStartAtOne?.score).toBe(0);
    expect(checks.HeadingsStartAtOne?.snippets).toHaveLength(1);
    expect(checks.HeadingsSequential?.score).toBeCloseTo(2 / 3);
    expect(checks.HeadingsSequential?.snippets?.[0]?.page).toBe(0);
    expect(checks.HeadingsHigherLevel?.score).toBe(1);
  });

  it('fails TableHeaders for a table without TH cells and passes one with them', () => {
    const table = (headerRow: boolean): Block[] => [{ kind: 'table', rows: [['Week', 'Topic'], ['1', 'Memory']], headerRow }];
    expect(checksOf(analysePdf(writePdf(doc({}, table(false)), { tagged: true }))).TableHeaders).toMatchObject({ score: 0, snippets: [{ page: 0 }] });
    expect(checksOf(analysePdf(writePdf(doc({}, table(true)), { tagged: true }))).TableHeaders).toEqual({ score: 1, snippets: [] });
  });

  it('finds light grey text on white and locates it', () => {
    const blocks: Block[] = [
      { kind: 'paragraph', text: 'Readable black text of the same length as the grey one.' },
      { kind: 'paragraph', text: 'Pale grey text that is hard to read against the white page', lowContrast: true },
    ];
    const contrast = checksOf(analysePdf(writePdf(doc({}, blocks), { tagged: true }))).Contrast;
    expect(contrast?.score).toBeGreaterThan(0.3);
    expect(contrast?.score).toBeLessThan(0.7);
    expect(contrast?.snippets).toHaveLength(1);
  });

  it('gives identical bytes and reports for the same model (no randomness)', () => {
    const a = writePdf(doc(), { tagged: true });
    const b = writePdf(doc(), { tagged: true });
    expect(a.equals(b)).toBe(true);
    expect(analysePdf(a)).toEqual(analysePdf(b));
  });

  it('reads hand-written PDFs: XMP title, TJ arrays, a broken xref, text in an object stream', () => {
    const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Lecture notes</rdf:li></rdf:Alt></dc:title></rdf:Description></rdf:RDF></x:xmpmeta>';
    const content = 'BT /F1 12 Tf 72 700 Td [(Les) -250 (notes) -250 (du) -250 (cours)] TJ ET BT /F1 12 Tf 72 680 Td (et la le les des est une dans que pour du sur qui par pas avec) Tj ET';
    const objects = [
      `<< /Type /Catalog /Pages 2 0 R /Lang (en) /Metadata 5 0 R >>`,
      `<< /Type /Pages /Kids [3 0 R] /Count 1 >>`,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> /Contents 4 0 R >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      `<< /Type /Metadata /Subtype /XML /Length ${xmp.length} >>\nstream\n${xmp}\nendstream`,
    ];
    const body = objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join('');
    // Every xref offset is wrong: the reader must find objects by scanning.
    const pdf = `%PDF-1.4\n${body}xref\n0 6\n${'0000000001 00000 n \n'.repeat(6)}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n9\n%%EOF\n`;
    const analysis = analysePdf(Buffer.from(pdf, 'latin1'));
    const checks = checksOf(analysis);
    expect(checks.Title?.score).toBe(1);
    expect(checks.LanguageCorrect).toEqual({ score: 0, detectedLanguage: 'fr' });
    // TJ word spacing becomes spaces; the two body lines read as one paragraph.
    expect(analysis.ok && analysis.model.blocks[0]).toEqual({ kind: 'paragraph', text: expect.stringMatching(/^Les notes du cours et la/) as string });

    // The same page, its catalog and page tree packed in a compressed object stream (PDF 1.5).
    const packed = [objects[0], objects[1], objects[2]];
    let header = '';
    let data = '';
    packed.forEach((o, i) => {
      header += `${i + 1} ${data.length} `;
      data += `${o}\n`;
    });
    const stream = deflateSync(Buffer.from(header + data, 'latin1'));
    const objStm = Buffer.concat([Buffer.from(`6 0 obj\n<< /Type /ObjStm /N 3 /First ${header.length} /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`, 'latin1'), stream, Buffer.from('\nendstream\nendobj\n', 'latin1')]);
    const rest = `4 0 obj\n${objects[3]}\nendobj\n5 0 obj\n${objects[4]}\nendobj\n`;
    const modern = Buffer.concat([Buffer.from('%PDF-1.5\n', 'latin1'), objStm, Buffer.from(`${rest}trailer\n<< /Size 7 /Root 1 0 R >>\n%%EOF\n`, 'latin1')]);
    expect(checksOf(analysePdf(modern)).Title?.score).toBe(1);
  });

  it('fails files that are not readable PDFs, saying why', () => {
    const notPdf = analysePdf(Buffer.from('Just some text that was saved with a .pdf name'));
    expect(notPdf).toEqual({ ok: false, reason: expect.stringContaining('%PDF-') as string });
    const truncated = analysePdf(writePdf(doc(), { tagged: true }).subarray(0, 40));
    expect(truncated.ok).toBe(false);
    const encrypted = analysePdf(Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R /Encrypt 9 0 R >>\n%%EOF', 'latin1'));
    expect(encrypted).toEqual({ ok: false, reason: expect.stringContaining('encrypted') as string });
  });
});

describe('HTML analysis', () => {
  const page = (head: string, body: string, html = '<html lang="en">'): Buffer => Buffer.from(`<!DOCTYPE html>${html}<head>${head}</head><body>${body}</body></html>`);

  it('passes a page with title, language, described images, ordered headings and header cells', () => {
    const checks = checksOf(analyseHtml(page('<title>Lab rules</title>', `<h1>Rules</h1><p>${ENGLISH}</p><img src="a.png" alt="Eye wash station"><img src="rule.png" alt=""><h2>More</h2><table><tr><th>Hazard</th></tr><tr><td>Fire</td></tr></table>`)));
    expect(checks).toMatchObject({ Title: { score: 1 }, LanguagePresence: { score: 1 }, AlternativeText: { score: 1 }, HeadingsSequential: { score: 1 }, TableHeaders: { score: 1 }, Contrast: { score: 1 }, LanguageCorrect: { score: 1 } });
  });

  it('fails each check on the markup that breaks it', () => {
    const checks = checksOf(analyseHtml(page('', `<h2>Start</h2><h4>Skip</h4><p style="color: #cccccc">${ENGLISH}</p><img src="a.png"><table><tr><td>A</td></tr></table>`, '<html>')));
    expect(checks.Title?.score).toBe(0);
    expect(checks.LanguagePresence?.score).toBe(0);
    expect(checks.AlternativeText?.score).toBe(0);
    expect(checks.HeadingsStartAtOne?.score).toBe(0);
    expect(checks.HeadingsSequential?.score).toBe(0.5);
    expect(checks.TableHeaders?.score).toBe(0);
    expect(checks.Contrast?.score).toBeLessThan(0.5);
  });

  it('says which language the text is in when it differs from the declared one', () => {
    const french = '<p>Les &eacute;tudiants lisent le chapitre sur la m&#233;moire et ils en discutent dans le s&eacute;minaire avec le professeur pour la semaine.</p>';
    const analysis = analyseHtml(page('<title>M&eacute;moire</title>', french));
    expect(checksOf(analysis).LanguageCorrect).toEqual({ score: 0, detectedLanguage: 'fr' });
    expect(analysis.ok && analysis.model.title).toBe('Mémoire');
    expect(analysis.ok && analysis.model.blocks[0]).toEqual({ kind: 'paragraph', text: expect.stringContaining('étudiants lisent le chapitre sur la mémoire') as string });
    expect(detectLanguage('too short')).toBeUndefined();
  });
});

describe('Office, image and type detection', () => {
  it('reads a Word file: title, language, headings, picture descriptions, header rows', () => {
    const docx = writeDocx(doc({}, [
      { kind: 'heading', level: 1, text: 'Guide' },
      { kind: 'paragraph', text: ENGLISH },
      { kind: 'image', description: 'Map', alt: 'Map of trade routes' },
      { kind: 'image', description: 'Photo' },
      { kind: 'table', rows: [['Week', 'Theme'], ['3', 'Contact']], headerRow: false },
    ]));
    const analysis = analyseOffice(docx, 'docx');
    expect(checksOf(analysis)).toMatchObject({ Title: { score: 1 }, LanguagePresence: { score: 1 }, HeadingsPresence: { score: 1 }, AlternativeText: { score: 0.5 }, TableHeaders: { score: 0 } });
    expect(analysis.ok && analysis.model.title).toBe('Memory and learning');
  });

  it('fails legacy binary Office files and damaged packages with a reason', () => {
    expect(analyseOffice(Buffer.from('\xd0\xcf\x11\xe0', 'latin1'), 'doc')).toEqual({ ok: false, reason: expect.stringContaining('.docx') as string });
    expect(analyseOffice(Buffer.from('not a zip'), 'pptx').ok).toBe(false);
  });

  it('scores images by their own description and the contrast of their two main colours', () => {
    const flat = (a: number[], b: number[]): Uint8Array => {
      const rgb = new Uint8Array(20 * 10 * 3);
      for (let i = 0; i < 200; i++) rgb.set(i % 20 < 10 ? a : b, i * 3);
      return rgb;
    };
    const pale = checksOf(analyseImage(encodePng(20, 10, flat([240, 240, 240], [200, 200, 200])), 'png'));
    expect(pale.AlternativeText?.score).toBe(0);
    expect(pale.Contrast?.score).toBeLessThan(0.5);
    const clear = checksOf(analyseImage(encodePng(20, 10, flat([255, 255, 255], [0, 0, 0]), { Description: 'Black and white halves' }), 'png'));
    expect(clear).toEqual({ AlternativeText: { score: 1 }, Contrast: { score: 1 } });
    expect(analyseImage(Buffer.from('not an image'), 'png').ok).toBe(false);
    expect(analyseImage(Buffer.from('not an image'), 'jpeg').ok).toBe(false);
  });

  it('tells types by extension, then by the part type', () => {
    expect(detectType('notes.PDF', 'application/octet-stream')?.fileType).toBe('pdf');
    expect(detectType('slides.pptx', '')?.fileType).toBe('presentation');
    expect(detectType('scan', 'image/heic')).toMatchObject({ fileType: 'image', mimeType: 'image/heic' });
    expect(detectType('archive.zip', 'application/zip')).toBeUndefined();
    expect(detectType('data.xlsx', 'application/octet-stream')).toBeUndefined();
  });

  it('dispatches by reader and never throws on garbage', () => {
    expect(analyse(Buffer.from([0, 1, 2, 3]), { kind: 'pdf' }).ok).toBe(false);
    expect(analyse(Buffer.from([0, 1, 2, 3]), { kind: 'html' }).ok).toBe(true);
  });
});
