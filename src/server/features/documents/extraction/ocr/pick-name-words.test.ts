import { describe, expect, it } from 'vitest';
import { receiptLines } from '../test-support/receipt-lines';
import { pickNameWords } from './pick-name-words';

describe('when two readings of the header spell a name differently', () => {
  it('takes the spelling its reading also prints on another header line', () => {
    const chosen = receiptLines(['NEW MOON WHITE COFFEE', 'Mew Moon Cafe Sdn Bhd']);
    const other = receiptLines(['NEW MOON WHITE COFFEE', 'New Moon Cafe Sdn Bhd']);
    expect(pickNameWords('Mew Moon Cafe Sdn Bhd', chosen, other)).toBe('New Moon Cafe Sdn Bhd');
  });

  it('takes a common business word over a slip, and letters over a digit among letters', () => {
    const chosen = receiptLines(['SUN K0PI TRADINC']);
    const other = receiptLines(['SUN KOPI TRADING']);
    expect(pickNameWords('SUN K0PI TRADINC', chosen, other)).toBe('SUN KOPI TRADING');
  });

  it('knows Malay shop words (kedai, runcit, borong) as business words', () => {
    const chosen = receiptLines(['KEDAT RUNCIT MAJU']);
    const other = receiptLines(['KEDAI RUNCIT MAJU']);
    expect(pickNameWords('KEDAT RUNCIT MAJU', chosen, other)).toBe('KEDAI RUNCIT MAJU');
  });

  it('keeps its own spelling when the other is no more plausible', () => {
    const chosen = receiptLines(['SUN MAJU KOPI']);
    const other = receiptLines(['SUN MAJV KOPI']);
    expect(pickNameWords('SUN MAJU KOPI', chosen, other)).toBe('SUN MAJU KOPI');
    expect(pickNameWords('SUN MAJV KOPI', other, chosen)).toBe('SUN MAJV KOPI');
  });
});
