import {
  belgianEnterpriseNumberValid,
  digitsOf,
  lettersToDigits,
  luhnValid,
  mod1110CheckDigit,
  mod97,
  norwegianOrgNumberValid,
  weightedSum,
} from './check-digits';

/**
 * Check-digit rules of VAT ids, per country prefix, applied to the number after the prefix once its
 * shape matched. The algorithms are the national ones as published by the tax administrations and
 * collected in the EU's VIES documentation; a state missing here is checked by shape only.
 */
type Check = (number: string) => boolean;

const at: Check = (number) => {
  const digits = digitsOf(number.slice(1));
  let sum = 0;
  for (let index = 0; index < 7; index += 1) {
    const product = (digits[index] ?? 0) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 10) + (product % 10);
  }
  return (10 - ((sum + 4) % 10)) % 10 === digits[7];
};

const de: Check = (number) => mod1110CheckDigit(number.slice(0, 8)) === Number(number[8]);

const dk: Check = (number) => weightedSum(digitsOf(number), [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0;

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const es: Check = (number) => {
  const last = number.slice(-1);
  if (/^\d{8}[A-Z]$/.test(number)) return DNI_LETTERS[Number(number.slice(0, 8)) % 23] === last;
  if (/^[KLM]\d{7}[A-Z]$/.test(number)) return DNI_LETTERS[Number(number.slice(1, 8)) % 23] === last;
  if (/^[XYZ]\d{7}[A-Z]$/.test(number)) {
    const prefix = String('XYZ'.indexOf(number[0] ?? ''));
    return DNI_LETTERS[Number(prefix + number.slice(1, 8)) % 23] === last;
  }
  // A legal entity (CIF): a letter, seven digits and a check digit or its letter.
  const digits = digitsOf(number.slice(1, 8));
  let sum = 0;
  digits.forEach((digit, index) => {
    if (index % 2 === 0) {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else {
      sum += digit;
    }
  });
  const check = (10 - (sum % 10)) % 10;
  return last === String(check) || last === 'JABCDEFGHI'[check];
};

const fi: Check = (number) => {
  const remainder = weightedSum(digitsOf(number), [7, 9, 10, 5, 8, 4, 2]) % 11;
  if (remainder === 1) return false;
  return (remainder === 0 ? 0 : 11 - remainder) === Number(number[7]);
};

/** FR: a two-character key and the 9-digit SIREN (Luhn, except Monaco's "000" numbers). */
const fr: Check = (number) => {
  const siren = number.slice(2);
  if (!siren.startsWith('000') && !luhnValid(siren)) return false;
  const key = number.slice(0, 2);
  if (!/^\d{2}$/.test(key)) return true; // the newer alphanumeric keys: shape and SIREN only
  return (12 + 3 * (Number(siren) % 97)) % 97 === Number(key);
};

const IE_LETTERS = 'WABCDEFGHIJKLMNOPQRSTUV';
function irishCheckLetter(sevenDigits: string, extra: string): string | undefined {
  const sum = weightedSum(digitsOf(sevenDigits), [8, 7, 6, 5, 4, 3, 2]) + 9 * Math.max(0, IE_LETTERS.indexOf(extra || 'W'));
  return IE_LETTERS[sum % 23];
}
const ie: Check = (number) => {
  if (/^\d{7}/.test(number)) return irishCheckLetter(number.slice(0, 7), number.slice(8)) === number[7];
  // The old form: digit, letter or + or *, five digits, check letter.
  return irishCheckLetter(`0${number.slice(2, 7)}${number[0] ?? ''}`, '') === number[7];
};

const lu: Check = (number) => Number(number.slice(0, 6)) % 89 === Number(number.slice(6));

/** NL: the old mod 11 of the RSIN, or the mod 97 of the whole id (sole traders since 2020). */
const nl: Check = (number) => {
  const digits = digitsOf(number.slice(0, 9));
  const remainder = weightedSum(digits, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
  if (remainder !== 10 && remainder === digits[8]) return true;
  return mod97(lettersToDigits(`NL${number}`)) === 1;
};

const pl: Check = (number) => {
  const digits = digitsOf(number);
  const remainder = weightedSum(digits, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
  return remainder !== 10 && remainder === digits[9];
};

const pt: Check = (number) => {
  const remainder = weightedSum(digitsOf(number), [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
  return (remainder < 2 ? 0 : 11 - remainder) === Number(number[8]);
};

const se: Check = (number) => luhnValid(number.slice(0, 10));

const it: Check = (number) => luhnValid(number);

const el: Check = (number) => {
  const sum = weightedSum(digitsOf(number), [256, 128, 64, 32, 16, 8, 4, 2]);
  return (sum % 11) % 10 === Number(number[8]);
};

const hr: Check = (number) => mod1110CheckDigit(number.slice(0, 10)) === Number(number[10]);

const hu: Check = (number) => (10 - (weightedSum(digitsOf(number), [9, 7, 3, 1, 9, 7, 3]) % 10)) % 10 === Number(number[7]);

const si: Check = (number) => {
  const check = 11 - (weightedSum(digitsOf(number), [8, 7, 6, 5, 4, 3, 2]) % 11);
  if (check === 11) return false;
  return (check === 10 ? 0 : check) === Number(number[7]);
};

const ee: Check = (number) => (10 - (weightedSum(digitsOf(number), [3, 7, 1, 3, 7, 1, 3, 7]) % 10)) % 10 === Number(number[8]);

const sk: Check = (number) => Number(number) % 11 === 0;

/** GB and XI: mod 97 over weights 8..2 and the last two digits (the 9755 variant for newer numbers). */
const gb: Check = (number) => {
  if (!/^\d{9}(\d{3})?$/.test(number)) return true; // government (GD) and health (HA) numbers: shape only
  const total = weightedSum(digitsOf(number), [8, 7, 6, 5, 4, 3, 2]) + Number(number.slice(7, 9));
  return total % 97 === 0 || (total + 55) % 97 === 0;
};

const ch: Check = (number) => {
  const digits = digitsOf(number.slice(1, 10));
  const check = 11 - (weightedSum(digits, [5, 4, 3, 2, 7, 6, 5, 4]) % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === digits[8];
};

const no: Check = (number) => norwegianOrgNumberValid(number.slice(0, 9));

const be: Check = (number) => belgianEnterpriseNumberValid(number);

export const vatCheckDigits: Partial<Record<string, Check>> = {
  AT: at, BE: be, CH: ch, DE: de, DK: dk, EE: ee, EL: el, ES: es, FI: fi, FR: fr, GB: gb, HR: hr, HU: hu,
  IE: ie, IT: it, LU: lu, NL: nl, NO: no, PL: pl, PT: pt, SE: se, SI: si, SK: sk, XI: gb,
};
