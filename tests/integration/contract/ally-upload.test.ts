import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/server';
import { ContentInformation, ProcessingStatus } from '../../../shared/api/ally';
import { expectValid } from '../../support/contract';
import { withSandbox } from '../../support/sandbox';
import { CONTENT, advance, currentSandbox, details, expectError, jwt, pdf, processed, raw, send, toRes, upload, useAllySandbox, inPath, expectIssuedHash } from './ally-support';

/**
 * Contract of the Ally sandbox (seed 002), part 2 of 4: uploading a file (multipart part "file",
 * 202/303, the limits) and its processing on the sandbox clock (pending, inprogress, success,
 * failed).
 */
useAllySandbox();
let sandbox: RunningSandbox;
beforeAll(() => {
  sandbox = currentSandbox();
});

describe('upload (POST .../content, multipart part "file")', () => {
  const bytes = pdf('Contract upload', { tagged: true, lang: 'en' });
  let first = '';

  it('takes a new file with 202 and a processing status whose statusUrl works', async () => {
    const res = await upload(bytes, 'Contract upload.pdf', 'application/pdf');
    expect(res.status).toBe(202);
    const status = expectValid('POST', CONTENT, res, ProcessingStatus);
    // The hash in the vendor samples' form (get-feedback.md, ui-integration.md): base64 of name:SHA-1:type.
    expectIssuedHash(status.hash, 'Contract upload.pdf', bytes, 'application/pdf');
    expect(status).toEqual({ hash: status.hash, status: 'pending', statusUrl: `/api/v2/clients/1/content/${inPath(status.hash)}/status`, resourceUrl: null });
    first = status.hash;
    const poll = await send(`/ally${status.statusUrl}`);
    expect(poll.status).toBe(200);
    expect(expectValid('GET', `/ally${status.statusUrl}`, poll, ProcessingStatus).hash).toBe(status.hash);
  });

  it('answers 303 See Other to the feedback URL for the same bytes once processed', async () => {
    await advance(1000);
    const res = await upload(bytes, 'A different name.pdf', 'application/pdf');
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    // The same content under any name: the hash issued for the first name.
    expect(location).toBe(`${sandbox.allyUrl}/api/v2/clients/1/content/${inPath(first)}`);
    // No vendor page shows a 303 body: the sandbox writes the short HTML page web servers do, which a client must not read as JSON.
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('See Other');
    const followed = await toRes(await fetch(`${location}?feedback=true`, { headers: { Authorization: `Bearer ${await jwt()}` } }));
    expect(followed.status).toBe(200);
    const info = expectValid('GET', location, followed, ContentInformation);
    // Not reprocessed: the first upload's name and report stand.
    expect(info.metadata.name).toBe('Contract upload.pdf');
    expect(info.feedback?.report.results.Tagged?.score).toBe(1);
  });

  it('keeps a file name with accents as the browser sent it (UTF-8)', async () => {
    const name = 'Résumé des séances – Zoë.pdf';
    const hash = await processed(pdf('Accents', { tagged: true, lang: 'fr' }), name);
    expect((await details(hash)).metadata.name).toBe(name);
  });

  it('refuses bodies it cannot take, saying what to send', async () => {
    const json = await send(CONTENT, { method: 'POST', body: JSON.stringify({ file: 'x' }), headers: { 'Content-Type': 'application/json' } });
    expectError('POST', CONTENT, json, 415, /multipart\/form-data/);

    const noFile = new FormData();
    noFile.append('document', new Blob(['x']), 'x.pdf');
    expectError('POST', CONTENT, await send(CONTENT, { method: 'POST', body: noFile }), 400, /no part named 'file' \(it has: document\)/);

    const asField = new FormData();
    asField.append('file', 'just text');
    expectError('POST', CONTENT, await send(CONTENT, { method: 'POST', body: asField }), 400, /has no filename/);

    const two = new FormData();
    two.append('file', new Blob(['a']), 'a.html');
    two.append('file', new Blob(['b']), 'b.html');
    expectError('POST', CONTENT, await send(CONTENT, { method: 'POST', body: two }), 400, /one file at a time/);

    expectError('POST', CONTENT, await upload(Buffer.from('PK\x03\x04'), 'handouts.zip', 'application/zip'), 415, /handouts\.zip .* not a type Ally analyses/);
    expectError('POST', CONTENT, await upload(Buffer.alloc(0), 'empty.pdf', 'application/pdf'), 400, /empty\.pdf is empty/);

    // The FAQ: "Does the POST have to have an accurate Content-Length: header? Yes".
    const multipart = '--b\r\nContent-Disposition: form-data; name="file"; filename="a.html"\r\nContent-Type: text/html\r\n\r\n<p>Hi</p>\r\n--b--\r\n';
    const chunked = await raw(CONTENT, { method: 'POST', body: multipart, chunked: true, headers: { 'Content-Type': 'multipart/form-data; boundary=b' } });
    expectError('POST', CONTENT, chunked, 411, /Content-Length/);
    const withLength = await raw(CONTENT, { method: 'POST', body: multipart, headers: { 'Content-Type': 'multipart/form-data; boundary=b' } });
    expect(withLength.status).toBe(202);
    expectValid('POST', CONTENT, withLength, ProcessingStatus);
  });

  it('takes a file of exactly 50 MB and refuses one byte more with 413', async () => {
    const limit = 50 * 1024 * 1024;
    const atLimit = await upload(Buffer.alloc(limit, 1), 'poster.bmp', 'image/bmp');
    expect(atLimit.status).toBe(202);
    expectValid('POST', CONTENT, atLimit, ProcessingStatus);
    const over = await upload(Buffer.alloc(limit + 1, 2), 'poster-large.bmp', 'image/bmp');
    expectError('POST', CONTENT, over, 413, /poster-large\.bmp is larger than 52428800 bytes/);
  });
});

describe('processing', () => {
  let slow: RunningSandbox;
  beforeAll(async () => {
    slow = await withSandbox({ allyProcessingMs: 60_000 });
  });
  afterAll(() => slow.close());

  it('moves pending -> inprogress -> success as the clock advances, reporting nothing before', async () => {
    const bytes = pdf('Clocked handout', { tagged: true });
    const first = await upload(bytes, 'clocked.pdf', 'application/pdf', slow);
    expect(first.status).toBe(202);
    const { hash, statusUrl } = expectValid('POST', CONTENT, first, ProcessingStatus);
    const poll = async (): Promise<ProcessingStatus> => {
      const res = await send(`/ally${statusUrl}`, {}, slow);
      expect(res.status).toBe(200);
      return expectValid('GET', `/ally${statusUrl}`, res, ProcessingStatus);
    };
    expect(await poll()).toMatchObject({ status: 'pending', resourceUrl: null });
    // Uploaded again while processing: the same 202, not reprocessed.
    const again = await upload(bytes, 'clocked.pdf', 'application/pdf', slow);
    expect(again.status).toBe(202);
    expect(expectValid('POST', CONTENT, again, ProcessingStatus)).toMatchObject({ hash, status: 'pending' });
    expect((await details(hash, '?feedback=true', slow)).feedback).toBeNull();

    await advance(60_000, slow);
    expect(await poll()).toMatchObject({ status: 'inprogress', resourceUrl: null });
    await advance(60_000, slow);
    expect(await poll()).toMatchObject({ status: 'success', resourceUrl: `/api/v2/clients/1/content/${inPath(hash)}` });
    expect((await details(hash, '?feedback=true', slow)).feedback?.score).toBeGreaterThan(0);
  });

  it('ends in failed for a file that cannot be analysed, still answering 200 with the reason', async () => {
    const hash = await processed(Buffer.from('This text file was saved with a .pdf name.'), 'broken.pdf');
    const res = await send(`${CONTENT}/${inPath(hash)}/status`);
    expect(res.status).toBe(200);
    expect(expectValid('GET', `${CONTENT}/${inPath(hash)}/status`, res, ProcessingStatus)).toMatchObject({ status: 'failed', message: expect.stringMatching(/%PDF- header/) as string });
    expect((await details(hash)).feedback).toBeNull();
    const format = `${CONTENT}/${inPath(hash)}/formats/Html`;
    const res2 = await send(format, { method: 'POST', body: 'url=https%3A%2F%2Fexample.edu%2Fbroken.pdf', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expectError('POST', format, res2, 409, /could not be analysed, so it has no alternative formats\. The PDF cannot be analysed/);
  });
});
