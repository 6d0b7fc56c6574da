import { describe, expect, it } from 'vitest';
import { FormatGenerationStatus, ProcessingStatus } from '../../../shared/api/ally';
import { expectValid } from '../../support/contract';
import { CONTENT, SYLLABUS, advance, demoHash, expectError, pdf, send, upload, useAllySandbox, type Res, inPath } from './ally-support';

/**
 * Contract of the Ally sandbox (seed 002), part 4 of 4: alternative formats (request, status,
 * download as real files, Translation, and what is refused).
 */
useAllySandbox();

describe('alternative formats', () => {
  const hash = (): string => demoHash(SYLLABUS);
  const formats = (): string => `${CONTENT}/${inPath(hash())}/formats`;
  const form = (fields: Record<string, string>): Record<string, unknown> => ({
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const SOURCE = 'https://learn.northfield.example.edu/bbcswebdav/syllabus.pdf?signature=abc123';

  async function create(format: string, fields: Record<string, string> = { url: SOURCE }): Promise<FormatGenerationStatus> {
    const res = await send(`${formats()}/${format}`, form(fields));
    expect(res.status, res.text).toBe(200);
    return expectValid('POST', `${formats()}/${format}`, res, FormatGenerationStatus);
  }

  it('generates Html after a POST, answering 404 before and 409 while generating', async () => {
    expectError('GET', `${formats()}/Html`, await send(`${formats()}/Html`), 404, /has not been requested; POST it/);
    expectError('GET', `${formats()}/Html/status`, await send(`${formats()}/Html/status`), 404, /has not been requested/);
    const created = await create('Html');
    // Until success the download URL may be null or left out (shape variety); the documented path is the same.
    const download = `/api/v2/clients/1/content/${inPath(hash())}/formats/Html`;
    expect(created).toMatchObject({ status: 'pending', statusUrl: `${download}/status` });
    expect([download, undefined]).toContain(created.downloadUrl);
    expectError('GET', `${formats()}/Html`, await send(`/ally${download}`), 409, /still being generated \(pending\)/);
    await advance(1000);
    const status = await send(`/ally${created.statusUrl}`);
    expect(status.status).toBe(200);
    expect(expectValid('GET', `/ally${created.statusUrl}`, status, FormatGenerationStatus)).toMatchObject({ status: 'success', downloadUrl: download });

    const html = await send(`/ally${download}`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('content-disposition')).toBeNull();
    expect(html.text).toMatch(/^<!DOCTYPE html>\n<html lang="en-US">/);
    expect(html.text).toContain('<title>PSYC 101 Introduction to Psychology: Syllabus, Fall 2026</title>');
    expect(html.text).toContain('<th scope="col">Component</th>');

    const attachment = await send(`/ally${download}?asAttachment=true`);
    expect(attachment.status).toBe(200);
    expect(attachment.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(attachment.text).toBe(html.text);
    expect(attachment.headers.get('content-disposition')).toBe(`attachment; filename="Syllabus PSYC 101 Fall 2026.html"; filename*=UTF-8''Syllabus%20PSYC%20101%20Fall%202026.html`);
  });

  it('downloads a real EPUB, WAV, BRF, BeeLine page and tagged PDF', async () => {
    for (const format of ['Epub', 'Tts', 'Braille', 'Beeline', 'Pdf']) await create(format);
    await advance(1000);
    const get = async (format: string): Promise<Res> => {
      const res = await send(`${formats()}/${format}`);
      expect(res.status, `${format}: ${res.text.slice(0, 200)}`).toBe(200);
      return res;
    };
    const epub = await get('Epub');
    expect(epub.headers.get('content-type')).toBe('application/epub+zip');
    expect(epub.bytes.toString('latin1', 0, 2)).toBe('PK');
    expect(epub.bytes.toString('latin1', 30, 58)).toBe('mimetypeapplication/epub+zip');
    expect(epub.bytes.includes('OEBPS/content.opf')).toBe(true);
    const wav = await get('Tts');
    expect([wav.headers.get('content-type'), wav.bytes.toString('latin1', 0, 4), wav.bytes.toString('latin1', 8, 12)]).toEqual(['audio/wav', 'RIFF', 'WAVE']);
    const brf = await get('Braille');
    expect(brf.headers.get('content-type')).toBe('text/plain; charset=us-ascii');
    expect(brf.text).toMatch(/^,,PSYC #AJA ,INTRODUCTION/);
    const beeline = await get('Beeline');
    expect(beeline.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(beeline.text).toContain('<span style="color: rgb(');
    const tagged = await get('Pdf');
    expect([tagged.headers.get('content-type'), tagged.bytes.toString('latin1', 0, 5)]).toEqual(['application/pdf', '%PDF-']);
  });

  it('takes Translation with formatParam or as Translation:<lang>, marking the language', async () => {
    const viaParam = await create('Translation', { url: SOURCE, formatParam: 'fr' });
    const download = `/api/v2/clients/1/content/${inPath(hash())}/formats/Translation:fr`;
    expect(viaParam.statusUrl).toBe(`${download}/status`);
    // Asking again reports the same job; it does not restart it.
    expect((await create('Translation:fr')).statusUrl).toBe(viaParam.statusUrl);
    await advance(1000);
    const res = await send(`/ally${download}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<html lang="fr">');
    expect(res.text).toContain('The sandbox does not translate');
  });

  it('refuses bad format requests, naming the fix', async () => {
    expectError('POST', `${formats()}/Docx`, await send(`${formats()}/Docx`, form({ url: SOURCE })), 400, /Unknown format 'Docx'. The formats are Pdf, Html, Epub/);
    expectError('POST', `${formats()}/Translation`, await send(`${formats()}/Translation`, form({ url: SOURCE })), 400, /target language/);
    expectError('POST', `${formats()}/Html`, await send(`${formats()}/Html`, form({})), 400, /url is required/);
    expectError('POST', `${formats()}/Html`, await send(`${formats()}/Html`, form({ url: '/files/syllabus.pdf' })), 400, /not an absolute URL/);
    expectError('POST', `${formats()}/Html`, await send(`${formats()}/Html`, form({ url: 'ftp://files.example.edu/s.pdf' })), 400, /http or https/);
    const json = await send(`${formats()}/Html`, { method: 'POST', body: JSON.stringify({ url: SOURCE }), headers: { 'Content-Type': 'application/json' } });
    expectError('POST', `${formats()}/Html`, json, 415, /x-www-form-urlencoded/);
    const image = `${CONTENT}/${inPath(demoHash('Brain anatomy diagram.png'))}/formats/Html`;
    expectError('POST', image, await send(image, form({ url: SOURCE })), 400, /images have no alternative formats/);
    const unknown = `${CONTENT}/${inPath('0'.repeat(64))}/formats/Html`;
    expectError('POST', unknown, await send(unknown, form({ url: SOURCE })), 404, /No content with hash/);
    expectError('GET', `${formats()}/Translation`, await send(`${formats()}/Translation`), 400, /Translation:<language>/);
  });

  it('refuses formats for a file still processing (409)', async () => {
    const res = await upload(pdf('Fresh handout', { tagged: true }), 'fresh.pdf');
    expect(res.status).toBe(202);
    const { hash: fresh } = expectValid('POST', CONTENT, res, ProcessingStatus);
    const path = `${CONTENT}/${inPath(fresh)}/formats/Html`;
    expectError('POST', path, await send(path, form({ url: SOURCE })), 409, /still being processed \(pending\)/);
  });
});
