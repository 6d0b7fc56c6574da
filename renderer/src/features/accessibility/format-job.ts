import { formatLabel } from '../../../../shared/domain/ally-format-names';
import type { BinaryFile, FormatJob } from '../../../../shared/ipc/ally-channels';
import { t } from '../../ui/i18n';

/**
 * Generating an alternative format, as the screen drives it: ask Ally (through the core), then
 * read the status again after a delay that grows (1 s, 1.5 s, ... up to 5 s) until Ally reports
 * success or failure, telling the screen each stage and the time so far, then fetch the file.
 * A time-out (10 minutes, as the core's own wait) and a cancel (leaving the screen) stop it.
 */
export interface FormatCalls {
  request(): Promise<FormatJob>;
  status(): Promise<FormatJob>;
  download(): Promise<BinaryFile>;
}

export interface FormatProgress {
  stage: FormatJob['stage'] | 'downloading';
  elapsedMs: number;
}

export interface GenerateOptions {
  onProgress: (progress: FormatProgress) => void;
  signal?: AbortSignal;
  /** Waits `ms`; tests pass one that does not really wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  timeoutMs?: number;
}

export class FormatFailed extends Error {
  override name = 'FormatFailed';
}

export function nextDelay(attempt: number): number {
  return Math.min(5000, Math.round(1000 * 1.5 ** attempt));
}

const realSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new FormatFailed(t('accessibility.formatStopped')));
    }, { once: true });
  });

export async function generateFormat(label: string, calls: FormatCalls, options: GenerateOptions): Promise<BinaryFile> {
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  const started = now();
  let job = await calls.request();
  options.onProgress({ stage: job.stage, elapsedMs: now() - started });
  for (let attempt = 0; job.stage !== 'success'; attempt++) {
    if (job.stage === 'failed') throw new FormatFailed(t('accessibility.formatFailed', { format: label }));
    if (now() - started > timeoutMs) throw new FormatFailed(t('accessibility.formatSlow', { format: label, minutes: Math.round((now() - started) / 60_000) }));
    if (options.signal?.aborted) throw new FormatFailed(t('accessibility.formatStopped'));
    await sleep(nextDelay(attempt), options.signal);
    job = await calls.status();
    options.onProgress({ stage: job.stage, elapsedMs: now() - started });
  }
  options.onProgress({ stage: 'downloading', elapsedMs: now() - started });
  return calls.download();
}

/** Base64 from the core back to bytes. */
export function bytesOf(file: BinaryFile): Uint8Array<ArrayBuffer> {
  const binary = atob(file.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The part of a generated HTML page that is shown: its body. The head (title, meta, Ally's own
 * `<style>`) is not content, and a `<style>` handed to the sanitiser is already a CSP violation
 * report when the page is parsed, before the sanitiser drops it. Not a sanitiser: RichText is.
 */
export function bodyOf(html: string): string {
  return /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
}

/** The page's language (`<html lang>`), so the preview tells screen readers which voice to use. */
export function langOf(html: string): string | undefined {
  return /<html\b[^>]*\slang="([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)"/i.exec(html)?.[1];
}

/** How a finished format is shown: previewed in the app (HTML-like, ePub) or only saved. */
export function previewKind(format: string): 'html' | 'epub' | 'none' {
  if (format === 'Html' || format === 'Beeline' || format.startsWith('Translation:')) return 'html';
  if (format === 'Epub') return 'epub';
  return 'none';
}

/** Words for a stage, for the status line. */
export function stageWords(progress: FormatProgress): string {
  const seconds = Math.round(progress.elapsedMs / 1000);
  switch (progress.stage) {
    case 'pending':
      return t('accessibility.stagePending', { seconds });
    case 'inprogress':
      return t('accessibility.stageInProgress', { seconds });
    case 'downloading':
      return t('accessibility.stageDownloading');
    case 'success':
      return t('accessibility.stageSuccess');
    case 'failed':
      return t('accessibility.stageFailed');
    default:
      // A stage Ally added since: shown as Ally names it, and waited through.
      return t('accessibility.stageOther', { stage: progress.stage, seconds });
  }
}

/** A format's name on screen: Ally's own names (HTML, ePub, Braille, BeeLine) stay; the others are words. */
export function formatWords(format: string): string {
  if (format.startsWith('Translation:')) return t('accessibility.formatTranslation', { code: format.slice('Translation:'.length) });
  if (format === 'Pdf') return t('accessibility.formatPdf');
  if (format === 'Tts') return t('accessibility.formatAudio');
  return formatLabel(format);
}

/** What each format is, beside its name; a format Ally adds later is shown by its name. */
export function formatAbout(format: string): string {
  switch (format) {
    case 'Html':
      return t('accessibility.aboutHtml');
    case 'Epub':
      return t('accessibility.aboutEpub');
    case 'Pdf':
      return t('accessibility.aboutPdf');
    case 'Tts':
      return t('accessibility.aboutTts');
    case 'Braille':
      return t('accessibility.aboutBraille');
    case 'Beeline':
      return t('accessibility.aboutBeeline');
    case 'Translation':
      return t('accessibility.aboutTranslation');
    default:
      return format;
  }
}
