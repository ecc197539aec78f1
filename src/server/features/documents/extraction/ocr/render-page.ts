import { createCanvas } from '@napi-rs/canvas';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { greyPng, ocrScale } from './prepare-image';

/** Renders a PDF page (a scan without text layer) to a grey PNG at a scale suited to OCR. */
export async function renderPdfPage(
  pdf: PDFDocumentProxy,
  pageNumber: number,
): Promise<{ png: Buffer; width: number; height: number }> {
  const page = await pdf.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: ocrScale(base.width, base.height) });
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  // pdfjs draws through the standard 2D context API, which @napi-rs/canvas implements.
  await page.render({
    canvas: null,
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport,
  }).promise;
  page.cleanup();
  return { png: greyPng(canvas), width, height };
}
