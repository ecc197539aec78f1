import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { deskewPage } from './deskew';
import { chooseTinDigits, dropOffGrid, pickTinType } from './read-w9-ocr';

/** A form-like page: long rules and rows of short dashes (print), turned by `degrees` (clockwise). */
async function formPage(degrees: number): Promise<{ png: Buffer; width: number; height: number }> {
  const width = 900;
  const height = 1160;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.translate(width / 2, height / 2);
  context.rotate((degrees * Math.PI) / 180);
  context.translate(-width / 2, -height / 2);
  context.fillStyle = '#111111';
  for (let y = 120; y < 1050; y += 45) {
    context.fillRect(90, y, 720, 2);
    for (let x = 100; x < 700; x += 23) context.fillRect(x, y + 14, 15, 9);
  }
  return { png: await canvas.encode('png'), width, height };
}

describe('deskewing a W-9 page', () => {
  it.each([2.4, -1.3, 4])('finds a page turned by %s degrees and turns it back', async (degrees) => {
    const turned = await deskewPage(await formPage(degrees));
    expect(Math.abs(turned.degrees - degrees)).toBeLessThanOrEqual(0.2);
    expect(turned.width).toBeGreaterThan(900);
    const again = await deskewPage(turned);
    expect(again.degrees).toBe(0);
  });

  it('leaves a level page and a page without rules as they are', async () => {
    const level = await formPage(0);
    expect((await deskewPage(level)).degrees).toBe(0);
    const blank = createCanvas(600, 800);
    const context = blank.getContext('2d');
    context.fillStyle = '#f0f0f0';
    context.fillRect(0, 0, 600, 800);
    const page = { png: await blank.encode('png'), width: 600, height: 800 };
    const result = await deskewPage(page);
    expect(result.degrees).toBe(0);
    expect(result.png).toBe(page.png);
  });
});

describe('the TIN boxes', () => {
  it('drops the glyph half a box off the grid (a border remnant)', () => {
    // Digits every 20 px, a dash gap between the second and third; a remnant at 50.
    const digits = [0, 20, 60, 80, 100, 120, 140, 160, 180].map((x) => ({ from: x, to: x + 10 }));
    const remnant = { from: 48, to: 50 };
    const glyphs = [...digits.slice(0, 2), remnant, ...digits.slice(2)];
    expect(dropOffGrid(glyphs)).toEqual(digits);
  });

  it('takes a nine-digit reading first, then the glyphs read alone, else the nearest', () => {
    expect(chooseTinDigits({ block: '1271713519', line: '127171359', perGlyph: null }, 9)).toBe('127171359');
    expect(chooseTinDigits({ block: '12717135', line: '1271713519', perGlyph: '127171359' }, 9)).toBe('127171359');
    expect(chooseTinDigits({ block: '12717135', line: '1271713', perGlyph: null }, 10)).toBe('12717135');
    expect(chooseTinDigits({ block: '', line: '', perGlyph: null }, 0)).toBe('');
  });

  it('picks the SSN or EIN boxes by their grouping before their count', () => {
    const boxes = (digits: string, groups: number[]) => ({ digits, glyphs: groups.reduce((a, b) => a + b, 0), groups });
    expect(pickTinType(boxes('123456789', [3, 2, 4]), boxes('', []))).toBe('ssn');
    expect(pickTinType(boxes('1', [1]), boxes('123456789', [2, 7]))).toBe('ein');
    expect(pickTinType(boxes('12345678', [3, 5]), boxes('1234567890', [2, 8]))).toBe('ein');
    expect(pickTinType(boxes('', []), boxes('', []))).toBeNull();
  });
});
