import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type { Snippet } from '../../../../shared/api/ally';
import { toPageBox, type PageBox } from './page-box';

/**
 * Drawing a course PDF's pages for its Ally report, under the renderer's CSP: the pdf.js worker
 * is a file of the built renderer (`worker-src 'self'`), pdf.js is told eval is not supported
 * (no `new Function` for fonts: `script-src 'self'`), and no WebAssembly decoders are loaded
 * (`useWasm: false`; the few image codecs that need them fall back or draw nothing).
 */
GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * One worker for the window's lifetime, shared by every document: started once (while the
 * renderer's files are reachable) and reused, so pages still draw after the network goes and
 * each report does not pay for a new worker.
 */
function sharedWorker(): void {
  GlobalWorkerOptions.workerPort ??= new Worker(workerUrl, { type: 'module' });
}

export type PdfDocument = PDFDocumentProxy;
export type { PageBox };

export async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  sharedWorker();
  // pdf.js takes ownership of (transfers) the buffer it is given: pass a copy.
  return getDocument({ data: bytes.slice(), isEvalSupported: false, useWasm: false, enableXfa: false, stopAtErrors: false }).promise;
}

export interface DrawnPage {
  /** Page size in CSS pixels at the scale drawn. */
  width: number;
  height: number;
  /** Ally's boxes (PDF points, origin bottom-left) as percentages of the page, top-left origin. */
  boxes: PageBox[];
}

/**
 * Draws page `pageIndex` (from 0, as Ally numbers pages) into `canvas` at `cssWidth` pixels wide
 * (sharp on high-density screens) and converts Ally's boxes into percentages of the page, so
 * they stay over their text whatever size the page is shown at.
 */
export async function drawPage(doc: PdfDocument, pageIndex: number, canvas: HTMLCanvasElement, cssWidth: number, snippets: readonly Snippet[]): Promise<DrawnPage> {
  const page = await doc.getPage(pageIndex + 1);
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: cssWidth / base.width });
  const density = window.devicePixelRatio || 1;
  canvas.width = Math.floor(viewport.width * density);
  canvas.height = Math.floor(viewport.height * density);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This window cannot draw (no 2D canvas).');
  context.setTransform(density, 0, 0, density, 0, 0);
  await page.render({ canvas: null, canvasContext: context, viewport }).promise;
  return { width: viewport.width, height: viewport.height, boxes: snippets.map((s) => toPageBox(viewport.convertToViewportRectangle([s.x0, s.y0, s.x1, s.y1]) as number[], viewport.width, viewport.height)) };
}
