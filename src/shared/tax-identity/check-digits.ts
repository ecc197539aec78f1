/** Check-digit arithmetic shared by the tax-identity validators: pure functions over digit strings. */

export const digitsOf = (value: string): number[] => [...value].map(Number);

/** Sum of digit × weight, weights aligned from the first digit. */
export function weightedSum(digits: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  weights.forEach((weight, index) => {
    sum += (digits[index] ?? 0) * weight;
  });
  return sum;
}

/** Luhn (ISO/IEC 7812-1): true when the whole string, check digit included, passes. */
export function luhnValid(value: string): boolean {
  if (!/^\d+$/.test(value)) return false;
  let sum = 0;
  const digits = digitsOf(value).reverse();
  digits.forEach((digit, index) => {
    if (index % 2 === 1) {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    } else {
      sum += digit;
    }
  });
  return sum % 10 === 0;
}

/** ISO 7064 MOD 11,10: the check digit of a digit string (German VAT id, Croatian OIB). */
export function mod1110CheckDigit(value: string): number {
  let product = 10;
  for (const digit of digitsOf(value)) {
    let sum = (digit + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}

/** The remainder mod 97 of a long digit string, without big integers. */
export function mod97(digits: string): number {
  let remainder = 0;
  for (const char of digits) remainder = (remainder * 10 + Number(char)) % 97;
  return remainder;
}

/** Letters to numbers as ISO 7064 / ISO 13616 do: A=10 ... Z=35; digits stay. */
export function lettersToDigits(value: string): string {
  return [...value].map((char) => (/[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char)).join('');
}

/** GS1 mod 10 (GLN, GTIN): weights 3 and 1 from the right, the last digit being the check. */
export function gs1Valid(value: string): boolean {
  if (!/^\d+$/.test(value)) return false;
  const digits = digitsOf(value);
  const check = digits.pop();
  let sum = 0;
  digits.reverse().forEach((digit, index) => {
    sum += digit * (index % 2 === 0 ? 3 : 1);
  });
  return (10 - (sum % 10)) % 10 === check;
}

/** Norwegian organisasjonsnummer (also NO VAT ids and Peppol 0192): mod 11 with weights 3,2,7,6,5,4,3,2. */
export function norwegianOrgNumberValid(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const digits = digitsOf(value);
  const remainder = weightedSum(digits, [3, 2, 7, 6, 5, 4, 3, 2]) % 11;
  const check = remainder === 0 ? 0 : 11 - remainder;
  return check !== 10 && check === digits[8];
}

/** Belgian enterprise number (KBO/BCE, also BE VAT ids and Peppol 0208): 97 − (first 8 digits mod 97). */
export function belgianEnterpriseNumberValid(value: string): boolean {
  if (!/^[01]\d{9}$/.test(value)) return false;
  return 97 - (Number(value.slice(0, 8)) % 97) === Number(value.slice(8));
}
