/**
 * A photo, scan or picture inside a PDF above this many pixels is not decoded: a small file can
 * claim a huge image (a PNG or PDF picture of one colour compresses a thousandfold), and 50 MP is
 * already a 600 dpi A3 scan.
 */
export const maxImagePixels = 50_000_000;
