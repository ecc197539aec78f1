// Where a PDF page draws pictures (logos, a scanned letterhead, company details pasted as an
// image), and those regions drawn to grey images for OCR. Text-layer PDFs sometimes carry the
// issuer's name only inside such a picture.
import { OPS, Util } from 'pdfjs-dist/legacy/build/pdf.mjs';

const imageOps = new Set([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObjectRepeat,
]);
// Pictures smaller than this (points) hold no readable line of text: icons, bullets, rules.
const minWidth = 40;
const minHeight = 14;
const maxRegions = 3;
const maxPageShare = 0.5;

/** Image rectangles of a page in points from the top-left, biggest first. */
async function findImageRegions(page, viewport) {
  const { fnArray, argsArray } = await page.getOperatorList();
  const stack = [];
  let matrix = [1, 0, 0, 1, 0, 0];
  const regions = [];
  for (let index = 0; index < fnArray.length; index += 1) {
    const op = fnArray[index];
    const args = argsArray[index];
    if (op === OPS.save) stack.push(matrix);
    else if (op === OPS.restore) matrix = stack.pop() ?? matrix;
    else if (op === OPS.transform) matrix = Util.transform(matrix, args);
    else if (op === OPS.paintFormXObjectBegin) {
      stack.push(matrix);
      if (Array.isArray(args?.[0]) && args[0].length === 6)
        matrix = Util.transform(matrix, args[0]);
    } else if (op === OPS.paintFormXObjectEnd) matrix = stack.pop() ?? matrix;
    else if (imageOps.has(op)) {
      // Images are drawn into the unit square of the current matrix.
      const corners = [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ].map(([u, v]) =>
        viewport.convertToViewportPoint(
          u * matrix[0] + v * matrix[2] + matrix[4],
          u * matrix[1] + v * matrix[3] + matrix[5],
        ),
      );
      const xs = corners.map((point) => point[0]);
      const ys = corners.map((point) => point[1]);
      const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
      const left = Math.max(0, Math.min(x0, x1));
      const top = Math.max(0, Math.min(y0, y1));
      const right = Math.min(viewport.width, Math.max(x0, x1));
      const bottom = Math.min(viewport.height, Math.max(y0, y1));
      // A picture covering most of the page is the scan under a searchable PDF's text layer,
      // which already holds its text.
      const area = ((right - left) * (bottom - top)) / (viewport.width * viewport.height);
      if (right - left >= minWidth && bottom - top >= minHeight && area <= maxPageShare) {
        regions.push({ x: left, y: top, width: right - left, height: bottom - top });
      }
    }
  }
  return regions.sort((a, b) => b.width * b.height - a.width * a.height).slice(0, maxRegions);
}

/**
 * Draws each picture region of a page at `scale` (only that part of the page, so it stays quick)
 * and returns them as grey PNGs with their place on the page as fractions.
 */
export async function renderImageRegions(pdf, pageNumber, scale, toGreyPng) {
  const page = await pdf.getPage(pageNumber);
  const base = page.getViewport({ scale: 1 });
  const regions = await findImageRegions(page, base);
  const images = [];
  for (const region of regions) {
    const viewport = page.getViewport({
      scale,
      offsetX: -region.x * scale,
      offsetY: -region.y * scale,
    });
    const { canvas, context } = pdf.canvasFactory.create(
      Math.max(1, Math.round(region.width * scale)),
      Math.max(1, Math.round(region.height * scale)),
    );
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    images.push({
      ...toGreyPng(canvas, context),
      x: region.x / base.width,
      y: region.y / base.height,
      regionWidth: region.width / base.width,
      regionHeight: region.height / base.height,
    });
  }
  page.cleanup();
  return images;
}
