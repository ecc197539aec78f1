import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ExtractionError } from '../extraction-error';
import { classificationOrder, cleanText, splitCityLine, type W9Reading } from './w9-reading';

/**
 * The IRS fillable Form W-9 (Rev. March 2024) names its fields topmostSubform[0].Page1[0]...:
 * f1_01 line 1, f1_02 line 2, c1_1[0..6] the seven boxes of line 3a, f1_03 the LLC letter,
 * f1_04 "Other", f1_05 and f1_06 the exemption codes, f1_07 and f1_08 lines 5 and 6, f1_11 to
 * f1_13 the SSN's three groups and f1_14, f1_15 the EIN's two. Fields are matched by their last
 * name part, so a copy saved by another program (other parents) still reads.
 */
type FieldValues = Map<string, string>;

function lastPart(name: string): string {
  return (name.split('.').pop() ?? name).toLowerCase();
}

/** The form's fields, keyed by their last name part ("f1_01[0]", "c1_1[3]"). */
export async function readPdfFormFields(bytes: Buffer): Promise<FieldValues | null> {
  let pdf;
  try {
    pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  } catch {
    throw new ExtractionError('This file is not a readable PDF. It may be damaged or incomplete.', 'corrupt');
  }
  try {
    const objects = await pdf.getFieldObjects();
    if (!objects) return null;
    const values: FieldValues = new Map();
    for (const [name, widgets] of Object.entries(objects)) {
      for (const widget of widgets as { value?: unknown; type?: string }[]) {
        if (typeof widget.value === 'string' && widget.type) values.set(lastPart(name), widget.value);
      }
    }
    return values.size > 0 ? values : null;
  } finally {
    await pdf.destroy();
  }
}

const checked = (value: string | undefined): boolean => value !== undefined && value !== '' && value !== 'Off';

/** The W-9 as its form fields give it, or null when the fields are not a W-9's (no line 1 field). */
export function w9FromFields(values: FieldValues): W9Reading | null {
  const field = (name: string) => cleanText(values.get(`${name}[0]`));
  if (!values.has('f1_01[0]')) return null;
  const boxIndex = classificationOrder.findIndex((_, index) => checked(values.get(`c1_1[${index}]`)));
  const taxClassification = boxIndex >= 0 ? (classificationOrder[boxIndex] ?? null) : null;
  const letter = (field('f1_03') ?? '').toUpperCase();
  const ssn = ['f1_11', 'f1_12', 'f1_13'].map((name) => field(name) ?? '').join('').replace(/\D/g, '');
  const ein = ['f1_14', 'f1_15'].map((name) => field(name) ?? '').join('').replace(/\D/g, '');
  const tinType = ein.length > 0 && ssn.length === 0 ? 'ein' : ssn.length > 0 ? 'ssn' : null;
  return {
    method: 'acroform',
    legalName: field('f1_01'),
    businessName: field('f1_02'),
    taxClassification,
    llcTaxClassification: taxClassification === 'llc' && (letter === 'C' || letter === 'S' || letter === 'P') ? letter : null,
    exemptPayeeCode: field('f1_05'),
    fatcaExemptionCode: field('f1_06'),
    address: field('f1_07'),
    ...splitCityLine(field('f1_08')),
    tinType,
    tin: tinType === 'ein' ? ein : tinType === 'ssn' ? ssn : null,
    signedOn: null,
  };
}
