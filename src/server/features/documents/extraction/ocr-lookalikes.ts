/** Letters OCR reads for digits in print ("RMS.00" is RM5.00, "INV-OO42" INV-0042). */
export const digitLookalikes: Readonly<Record<string, string>> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  S: '5',
  s: '5',
  I: '1',
  l: '1',
  '|': '1',
  Z: '2',
  z: '2',
  B: '8',
};

/** The letter a digit stands for where a letter belongs ("1NV" is INV). */
export const letterLookalikes: Readonly<Record<string, string>> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '5': 'S',
  '8': 'B',
};

/**
 * Digits OCR reads for one another in printed amounts ("67.80" for 57.80, "86.17" for 88.17):
 * round shapes that differ by a stroke, and 1 and 7.
 */
const digitMisreads: Readonly<Record<string, string>> = {
  '0': '689',
  '1': '7',
  '3': '589',
  '5': '36',
  '6': '058',
  '7': '1',
  '8': '0369',
  '9': '038',
};

/** The text read with one of its digits misread for a lookalike digit, every way it can be. */
export function oneDigitMisread(text: string): string[] {
  return [...text].flatMap((char, index) =>
    [...(digitMisreads[char] ?? '')].map(
      (other) => `${text.slice(0, index)}${other}${text.slice(index + 1)}`,
    ),
  );
}
