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
