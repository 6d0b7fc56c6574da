import busboy from 'busboy';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLY_MAX_FILE_BYTES, AllyFileRefusedError, allyMediaType, prepareUpload } from '../../electron/core/ally/upload-file';

/**
 * Getting a file ready for Ally: size and type checked on disk before anything is sent, and a
 * multipart body that streams the file instead of holding it. Large files are sparse (truncate),
 * so the tests cost no disk or time.
 */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rollbook-ally-upload-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function sparseFile(name: string, bytes: number): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, '');
  await truncate(path, bytes);
  return path;
}

/** Reads a multipart body the way Ally's server does (busboy), returning each file part. */
async function parts(body: Blob, contentType: string): Promise<{ name: string; fileName: string; mimeType: string; bytes: Buffer }[]> {
  const found: { name: string; fileName: string; mimeType: string; bytes: Buffer }[] = [];
  const parser = busboy({ headers: { 'content-type': contentType } });
  const bytes = Buffer.from(await body.arrayBuffer());
  await new Promise<void>((resolve, reject) => {
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => found.push({ name, fileName: info.filename ?? '', mimeType: info.mimeType, bytes: Buffer.concat(chunks) }));
    });
    parser.on('close', resolve);
    parser.on('error', reject);
    parser.end(bytes);
  });
  return found;
}

describe('preparing an upload', () => {
  it('builds one multipart part named "file" with the name, the type and the exact bytes', async () => {
    const path = join(dir, 'Week 1 "intro".html');
    const html = '<!DOCTYPE html><html lang="en"><title>Week 1</title><p>Hello</p></html>';
    await writeFile(path, html);
    const upload = await prepareUpload(path);

    expect(upload.fileName).toBe('Week 1 "intro".html');
    expect(upload.mediaType).toBe('text/html');
    expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    const [part, ...others] = await parts(upload.body, upload.contentType);
    expect(others).toEqual([]);
    expect(part?.name).toBe('file');
    // Quotes in a name are percent-encoded, as browsers do (WHATWG multipart/form-data).
    expect(part?.fileName).toBe('Week 1 %22intro%22.html');
    expect(part?.mimeType).toBe('text/html');
    expect(part?.bytes.toString('utf8')).toBe(html);
  });

  it('accepts a 40 MB file without reading it into memory, and streams it in small chunks', async () => {
    const size = 40 * 1024 * 1024;
    const path = await sparseFile('Lecture recording transcript.pdf', size);
    const before = process.memoryUsage().arrayBuffers;
    const upload = await prepareUpload(path);
    // Reading the file would hold 40 MB right now; a Blob backed by the file holds nothing.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * 1024 * 1024);
    expect(upload.size).toBe(size);
    expect(upload.mediaType).toBe('application/pdf');

    let total = 0;
    let largestChunk = 0;
    const reader = upload.body.stream().getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      total += chunk.value.byteLength;
      largestChunk = Math.max(largestChunk, chunk.value.byteLength);
    }
    // The body is the file plus the part's head and the closing boundary, and its size is known up front.
    expect(total).toBe(upload.body.size);
    expect(total - size).toBeGreaterThan(0);
    expect(total - size).toBeLessThan(512);
    expect(largestChunk).toBeLessThanOrEqual(1024 * 1024);
  });

  it('accepts exactly 50 MB (52,428,800 bytes) and refuses one byte more, naming the file and the limit', async () => {
    const atLimit = await sparseFile('At the limit.pdf', ALLY_MAX_FILE_BYTES);
    expect((await prepareUpload(atLimit)).size).toBe(52_428_800);

    const over = await sparseFile('One byte over.pdf', ALLY_MAX_FILE_BYTES + 1);
    await expect(prepareUpload(over)).rejects.toThrow(/One byte over\.pdf .*at most 50 MB \(52428800 bytes\)/);
  });

  it('refuses a 60 MB file with a clear error naming the file, its size and the limit', async () => {
    const path = await sparseFile('Scanned textbook chapter.pdf', 60 * 1024 * 1024);
    const error = await prepareUpload(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AllyFileRefusedError);
    expect(error).toMatchObject({ reason: 'too-large', fileName: 'Scanned textbook chapter.pdf' });
    expect((error as Error).message).toBe(
      'Scanned textbook chapter.pdf is 60.0 MB (62914560 bytes); Ally takes files of at most 50 MB (52428800 bytes).',
    );
  });

  it('refuses types Ally does not check (archives, spreadsheets, no extension), before looking at the file', async () => {
    for (const name of ['handouts.zip', 'grades.xlsx', 'notes.txt', 'README']) {
      // The files do not even exist: the type is refused first, so no disk or network work is done.
      const error = await prepareUpload(join(dir, name)).catch((e: unknown) => e);
      expect(error, name).toBeInstanceOf(AllyFileRefusedError);
      expect((error as AllyFileRefusedError).reason).toBe('unsupported-type');
      expect((error as Error).message).toMatch(new RegExp(`^${name.replace('.', '\\.')} is not a type Ally checks; it takes PDF, Word`));
    }
  });

  it('refuses an empty file', async () => {
    const path = await sparseFile('Empty.docx', 0);
    await expect(prepareUpload(path)).rejects.toMatchObject({ reason: 'empty', message: 'Empty.docx is empty (0 bytes); there is nothing for Ally to check.' });
  });

  it('knows the types by extension, in any case', () => {
    expect(allyMediaType('Slides.PPTX')).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
    expect(allyMediaType('photo.JPG')).toBe('image/jpeg');
    expect(allyMediaType('essay.odt')).toBe('application/vnd.oasis.opendocument.text');
    expect(allyMediaType('archive.tar.gz')).toBeUndefined();
  });
});
