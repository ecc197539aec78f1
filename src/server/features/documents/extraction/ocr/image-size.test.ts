import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { readImageSize } from './image-size';

describe('reading image sizes from headers', () => {
  it('reads PNG and JPEG dimensions without decoding', () => {
    const canvas = createCanvas(321, 123);
    expect(readImageSize(canvas.toBuffer('image/png'))).toEqual({ width: 321, height: 123 });
    expect(readImageSize(canvas.toBuffer('image/jpeg'))).toEqual({ width: 321, height: 123 });
  });

  it('returns null for anything else', () => {
    expect(readImageSize(Buffer.from('GIF89a......'))).toBeNull();
    expect(readImageSize(Buffer.from([0xff, 0xd8, 0x00]))).toBeNull();
  });
});
