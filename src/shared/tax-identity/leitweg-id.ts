import { lettersToDigits, mod97 } from './check-digits';

/**
 * Leitweg-ID, the routing id of German public buyers used as XRechnung's buyer reference (BT-10),
 * per KoSIT's "Formatspezifikation Leitweg-ID": a coarse part of 2 to 12 digits, an optional fine
 * part of up to 30 letters or digits, and two check digits (ISO 7064 MOD 97-10 over the rest, the
 * letters counted as 10..35), joined by hyphens.
 */
export interface LeitwegIdCheck {
  ok: boolean;
  normalized: string;
  message?: string;
}

const SHAPE = /^(\d{2,12})(?:-([A-Z0-9]{1,30}))?-(\d{2})$/;

export function checkLeitwegId(value: string): LeitwegIdCheck {
  const normalized = value.trim().toUpperCase();
  const match = SHAPE.exec(normalized);
  if (!match) {
    return { ok: false, normalized, message: `Leitweg-ID ${normalized} must look like 04011000-1234512345-06: 2 to 12 digits, an optional part of up to 30 letters or digits, and 2 check digits` };
  }
  const body = `${match[1] ?? ''}${match[2] ?? ''}`;
  if (mod97(lettersToDigits(`${body}${match[3] ?? ''}`)) !== 1) {
    return { ok: false, normalized, message: `Leitweg-ID ${normalized} fails its check digits` };
  }
  return { ok: true, normalized };
}
