import { createCanvas, loadImage } from '@napi-rs/canvas';

/**
 * Deskew for a form page (a W-9): a form is drawn on long horizontal rules and lines of print,
 * so its rows of ink line up best at the angle the page is turned by. The page is shrunk, its ink
 * found against the local background (a photo's dark table and uneven light are no ink), and each
 * small angle scored by how sharply the ink falls into rows (the projection profile's sum of
 * squares); the best angle is turned back only when it is clear: its score stands out from the
 * unturned one and from the angles far from it.
 */
export interface DeskewResult {
  /** Degrees the page was turned back by (0 when it was left as it was). */
  degrees: number;
  png: Buffer;
  width: number;
  height: number;
}

const maxDegrees = 6;
const stepDegrees = 0.1;
const sampleWidth = 700;
// Angles under this are left alone: turning costs a resampling blur for no gain.
const minDegrees = 0.15;

export interface SkewEstimate {
  degrees: number;
  /** Best score over the unturned page's score (1: no better than leaving it). */
  gain: number;
  /** Best score over the median of all angles' scores: how sharply the best one stands out. */
  sharpness: number;
}

/** Ink against the local background: darker than the mean of its neighbourhood by a quarter. */
function inkPoints(grey: Uint8ClampedArray, width: number, height: number): { xs: Float64Array; ys: Float64Array } {
  const radius = 12;
  const stride = width + 1;
  const integral = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += grey[y * width + x] ?? 255;
      integral[(y + 1) * stride + x + 1] = (integral[y * stride + x + 1] ?? 0) + row;
    }
  }
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const sum = (integral[y1 * stride + x1] ?? 0) - (integral[y0 * stride + x1] ?? 0) - (integral[y1 * stride + x0] ?? 0) + (integral[y0 * stride + x0] ?? 0);
      const mean = sum / ((x1 - x0) * (y1 - y0));
      const value = grey[y * width + x] ?? 255;
      if (value < mean * 0.75 && mean - value > 20) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  return { xs: Float64Array.from(xs), ys: Float64Array.from(ys) };
}

/** The projection profile's sharpness for rows leaning by `degrees` (ink shifted back along them). */
function profileScore(points: { xs: Float64Array; ys: Float64Array }, width: number, height: number, degrees: number): number {
  const slope = Math.tan((degrees * Math.PI) / 180);
  const pad = Math.ceil(Math.abs(slope) * width) + 1;
  const bins = new Float64Array(height + pad * 2);
  const centreX = width / 2;
  for (let i = 0; i < points.xs.length; i += 1) {
    const row = Math.round((points.ys[i] ?? 0) - ((points.xs[i] ?? 0) - centreX) * slope) + pad;
    bins[row] = (bins[row] ?? 0) + 1;
  }
  let score = 0;
  for (const count of bins) score += count * count;
  return score;
}

/** The page's small turn in degrees (positive: its rows fall to the right, clockwise), with how clear it is. */
export function estimateSkew(grey: Uint8ClampedArray, width: number, height: number): SkewEstimate {
  const points = inkPoints(grey, width, height);
  if (points.xs.length < 500) return { degrees: 0, gain: 1, sharpness: 1 };
  const scores: { degrees: number; score: number }[] = [];
  for (let step = -Math.round(maxDegrees / stepDegrees); step <= Math.round(maxDegrees / stepDegrees); step += 1) {
    const degrees = step * stepDegrees;
    scores.push({ degrees, score: profileScore(points, width, height, degrees) });
  }
  const best = scores.reduce((a, b) => (b.score > a.score ? b : a));
  const level = scores.find((entry) => Math.abs(entry.degrees) < stepDegrees / 2)?.score ?? best.score;
  const sorted = scores.map((entry) => entry.score).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? best.score;
  return { degrees: best.degrees, gain: best.score / level, sharpness: best.score / median };
}

/** Grey values of a page shrunk to `sampleWidth` wide. */
async function sample(png: Buffer): Promise<{ grey: Uint8ClampedArray; width: number; height: number; image: Awaited<ReturnType<typeof loadImage>> }> {
  const image = await loadImage(png);
  const scale = Math.min(1, sampleWidth / image.width);
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0, width, height);
  const rgba = context.getImageData(0, 0, width, height).data;
  const grey = new Uint8ClampedArray(width * height);
  for (let i = 0; i < grey.length; i += 1) grey[i] = rgba[i * 4 + 1] ?? 255;
  return { grey, width, height, image };
}

/**
 * The page turned back by its skew when the skew is clear (a sharper profile than unturned by a
 * tenth, and standing out from the other angles), else the page as it was. The turned page is
 * drawn on white, large enough that no corner of the page is cut off.
 */
export async function deskewPage(page: { png: Buffer; width: number; height: number }): Promise<DeskewResult> {
  const { grey, width, height, image } = await sample(page.png);
  const skew = estimateSkew(grey, width, height);
  const clear = Math.abs(skew.degrees) >= minDegrees && Math.abs(skew.degrees) < maxDegrees - stepDegrees && skew.gain >= 1.1 && skew.sharpness >= 1.3;
  if (!clear) return { degrees: 0, png: page.png, width: page.width, height: page.height };
  const radians = (-skew.degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  const outWidth = Math.ceil(image.width * cos + image.height * sin);
  const outHeight = Math.ceil(image.width * sin + image.height * cos);
  const canvas = createCanvas(outWidth, outHeight);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, outWidth, outHeight);
  // Nearest pixel, no smoothing: a thin mark (a check box's X, a box border) keeps its darkness,
  // which the ink measures of the layout reading count on; a one-pixel step every 60 px or so
  // costs the OCR nothing.
  context.imageSmoothingEnabled = false;
  context.translate(outWidth / 2, outHeight / 2);
  context.rotate(radians);
  context.drawImage(image, -image.width / 2, -image.height / 2);
  return { degrees: skew.degrees, png: await canvas.encode('png'), width: outWidth, height: outHeight };
}
