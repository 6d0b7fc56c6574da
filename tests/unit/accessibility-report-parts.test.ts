import { describe, expect, it } from 'vitest';
import { boxesByPage, checkRows, percent, placeOf } from '../../renderer/src/features/accessibility/check-words';
import { bodyOf, FormatFailed, langOf, generateFormat, nextDelay, previewKind, stageWords, type FormatProgress } from '../../renderer/src/features/accessibility/format-job';
import { toPageBox } from '../../renderer/src/features/accessibility/page-box';
import { formatFileName, formatLabel } from '../../shared/domain/ally-format-names';
import type { BinaryFile, FormatJob } from '../../shared/ipc/ally-channels';

/** The pure parts of the Ally screens: the report's rows and boxes, the format job, file names. */
describe('a report in rows', () => {
  const report = {
    results: {
      Title: { score: 1 },
      Contrast: { score: 0.54, snippets: [{ page: 0, x0: 72, y0: 630, x1: 534, y1: 644 }, { page: 1, x0: 72, y0: 600, x1: 534, y1: 614 }] },
      AlternativeText: { score: 0, snippets: [{ page: 0, x0: 72, y0: 449, x1: 288, y1: 593 }] },
      LibraryReference: null,
      NewCheck: { score: 0.5 },
    },
    suggestions: { Contrast: 0.7, AlternativeText: 0.85, NewCheck: 0.6 },
  };

  it('puts failing checks first, the largest gain first, and names unknown checks as sent', () => {
    const rows = checkRows(report);
    expect(rows.map((r) => r.check)).toEqual(['AlternativeText', 'Contrast', 'NewCheck', 'Title']);
    expect(rows[0]).toMatchObject({ words: { title: 'Images have descriptions' }, score: 0, scoreIfFixed: 0.85 });
    expect(rows[2]?.words.title).toBe('NewCheck');
  });

  it('groups the boxes of failing checks by page', () => {
    const pages = boxesByPage(checkRows(report));
    expect([...pages.keys()].sort()).toEqual([0, 1]);
    expect(pages.get(0)?.map((b) => b.check)).toEqual(['AlternativeText', 'Contrast']);
  });

  it('says where a file sits without repeating its name', () => {
    expect(placeOf({ folderPath: ['Week 2'], itemTitle: 'a.pdf', fileName: 'a.pdf' })).toBe('Week 2');
    expect(placeOf({ folderPath: ['Week 2'], itemTitle: 'Reading', fileName: 'a.pdf' })).toBe('Week 2 › Reading');
    expect(placeOf({ folderPath: [], itemTitle: 'a.pdf', fileName: 'a.pdf' })).toBe('Top level');
  });

  it('writes scores as whole percentages', () => {
    expect([percent(0.431), percent(1), percent(null)]).toEqual(['43%', '100%', 'no score']);
  });

  it('turns a box in PDF points into percentages of the drawn page, clipped to it', () => {
    // A viewport rectangle as pdf.js gives it for a 612 x 792 page at scale 1 (y from the top).
    expect(toPageBox([72, 792 - 593, 288, 792 - 449], 612, 792)).toEqual({ left: (72 / 612) * 100, top: (199 / 792) * 100, width: (216 / 612) * 100, height: (144 / 792) * 100 });
    expect(toPageBox([-10, 700, 700, 900], 612, 792)).toEqual({ left: 0, top: (700 / 792) * 100, width: 100, height: (92 / 792) * 100 });
  });
});

describe('generating a format', () => {
  const file: BinaryFile = { fileName: 'a (HTML).html', contentType: 'text/html', bytes: 4, base64: 'PHA+' };
  const script = (stages: FormatJob['stage'][]) => {
    const queue = [...stages];
    const next = (): Promise<FormatJob> => Promise.resolve({ format: 'Html', stage: queue.shift() ?? 'success' });
    return { request: next, status: next, download: () => Promise.resolve(file) };
  };

  it('reports every stage, waits longer each time, and fetches the file once ready', async () => {
    const seen: FormatProgress['stage'][] = [];
    const waits: number[] = [];
    const got = await generateFormat('HTML', script(['pending', 'inprogress', 'inprogress', 'success']), {
      onProgress: (p) => seen.push(p.stage),
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    expect(got).toBe(file);
    expect(seen).toEqual(['pending', 'inprogress', 'inprogress', 'success', 'downloading']);
    expect(waits).toEqual([1000, 1500, 2250]);
    expect(nextDelay(10)).toBe(5000);
  });

  it('stops with a message on failure, and after the time-out', async () => {
    const noWait = { onProgress: () => undefined, sleep: () => Promise.resolve() };
    await expect(generateFormat('ePub', script(['pending', 'failed']), noWait)).rejects.toThrow(new FormatFailed('Ally could not make the ePub version. Try another format, or try again later.'));
    let clock = 0;
    const slow = generateFormat('Audio', script(Array(50).fill('inprogress') as FormatJob['stage'][]), { ...noWait, now: () => (clock += 60_000), timeoutMs: 5 * 60_000 });
    await expect(slow).rejects.toThrow(/still making the Audio version after \d+ minutes/);
  });

  it('shows HTML formats and ePub in the app and saves the others', () => {
    expect(['Html', 'Beeline', 'Translation:fr', 'Epub', 'Tts', 'Braille', 'Pdf'].map(previewKind)).toEqual(['html', 'html', 'html', 'epub', 'none', 'none', 'none']);
    expect(stageWords({ stage: 'inprogress', elapsedMs: 2400 })).toBe('Ally is generating it (2 s)');
    expect(bodyOf('<html><head><style>p{}</style></head><body class="x"><p>hi</p></body></html>')).toBe('<p>hi</p>');
    expect([langOf('<!DOCTYPE html>\n<html lang="fr-CA">'), langOf('<html lang="x&quot;>">'), langOf('<p lang="de">')]).toEqual(['fr-CA', undefined, undefined]);
  });
});

describe('saved file names', () => {
  it('keeps the original name, says the format, and takes the extension from the content type', () => {
    expect(formatFileName('Week 1.pdf', 'Html', 'text/html; charset=utf-8')).toBe('Week 1 (HTML).html');
    expect(formatFileName('Week 1.pdf', 'Tts', 'audio/mpeg')).toBe('Week 1 (Audio).mp3');
    expect(formatFileName('Week 1.pdf', 'Tts', 'audio/wav')).toBe('Week 1 (Audio).wav');
    expect(formatFileName('Week 1.pdf', 'Braille', 'text/plain; charset=us-ascii')).toBe('Week 1 (Braille).brf');
    expect(formatFileName('slides.pptx', 'Translation:fr', 'text/html')).toBe('slides (Translation fr).html');
    expect(formatLabel('Epub')).toBe('ePub');
  });
});
