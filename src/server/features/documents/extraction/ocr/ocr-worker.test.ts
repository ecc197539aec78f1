import { existsSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareLanguageFolder } from './ocr-worker';

describe('the OCR language folder', () => {
  const previous = process.env.TMPDIR;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'signal-ar-tessdata-test-'));
  afterEach(() => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(scratch, { recursive: true, force: true });
  });

  it('replaces a link left pointing into an install that is gone, so OCR never falls back to the network', () => {
    process.env.TMPDIR = scratch;
    const folder = path.join(scratch, 'signal-ar-tessdata');
    mkdirSync(folder, { recursive: true });
    const target = path.join(folder, 'eng.traineddata.gz');
    symlinkSync(path.join(scratch, 'removed-checkout', 'eng.traineddata.gz'), target);
    expect(existsSync(target)).toBe(false);

    expect(prepareLanguageFolder()).toBe(folder);

    for (const language of ['eng', 'deu', 'fra']) {
      const file = path.join(folder, `${language}.traineddata.gz`);
      expect(statSync(file).size).toBeGreaterThan(100_000);
    }
    expect(readlinkSync(target)).toContain(path.join('@tesseract.js-data', 'eng'));
  });
});
