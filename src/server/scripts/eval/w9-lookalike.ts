import PDFDocument from 'pdfkit';
import type { TaxClassification } from '../../../shared/contracts/tax-1099';

/**
 * A W-9 lookalike of the official layout (Form W-9, Rev. March 2024): the same line numbers,
 * labels, check boxes and TIN boxes in the same order, drawn with pdfkit. With `fields` the
 * answers are AcroForm fields named like the IRS fillable form (topmostSubform[0].Page1[0]...);
 * without, they are printed on the page (a form filled in and printed, then scanned).
 */
export interface W9Answers {
  legalName: string;
  businessName: string | null;
  taxClassification: TaxClassification;
  llcTaxClassification: 'C' | 'S' | 'P' | null;
  otherClassification: string | null;
  exemptPayeeCode: string | null;
  fatcaExemptionCode: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  tinType: 'ssn' | 'ein';
  tin: string;
  signedOn: string;
}

const classificationOrder: TaxClassification[] = ['individual', 'c_corporation', 's_corporation', 'partnership', 'trust_estate', 'llc', 'other'];

const left = 40;
const right = 572;

function label(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size = 7.5, width?: number): void {
  doc.font('Helvetica').fontSize(size).fillColor('black').text(text, x, y, { lineBreak: Boolean(width), width });
}

function bold(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size = 8): void {
  doc.font('Helvetica-Bold').fontSize(size).fillColor('black').text(text, x, y, { lineBreak: false });
}

function rule(doc: PDFKit.PDFDocument, y: number, from = left, to = right, width = 0.5): void {
  doc.moveTo(from, y).lineTo(to, y).lineWidth(width).strokeColor('black').stroke();
}

function box(doc: PDFKit.PDFDocument, x: number, y: number, size: number): void {
  doc.rect(x, y, size, size).lineWidth(0.7).strokeColor('black').stroke();
}

function cross(doc: PDFKit.PDFDocument, x: number, y: number, size: number): void {
  doc.moveTo(x + 1.5, y + 1.5).lineTo(x + size - 1.5, y + size - 1.5).moveTo(x + size - 1.5, y + 1.5).lineTo(x + 1.5, y + size - 1.5);
  doc.lineWidth(1.4).strokeColor('black').stroke();
}

/** The places of the answers (PDF points from the top-left), one per IRS field name. */
const place = {
  f1_01: { x: left + 4, y: 116, w: 520, h: 14 },
  f1_02: { x: left + 4, y: 146, w: 520, h: 14 },
  f1_03: { x: 505, y: 209, w: 18, h: 11 },
  f1_04: { x: 150, y: 228, w: 230, h: 11 },
  f1_05: { x: 500, y: 262, w: 50, h: 12 },
  f1_06: { x: 500, y: 282, w: 50, h: 12 },
  f1_07: { x: left + 4, y: 318, w: 340, h: 14 },
  f1_08: { x: left + 4, y: 348, w: 340, h: 14 },
} as const;
const checkY = [190, 190, 190, 190, 190, 209, 228];
const checkX = [left + 4, 170, 262, 350, 440, left + 4, left + 4];
const checkSize = 8;
const ssnCells = { x: 380, y: 408, groups: [3, 2, 4] };
const einCells = { x: 380, y: 456, groups: [2, 7] };
const cellWidth = 14;
const cellHeight = 16;

function cellXs(start: number, groups: readonly number[]): number[][] {
  const xs: number[][] = [];
  let x = start;
  for (const count of groups) {
    const group: number[] = [];
    for (let i = 0; i < count; i += 1) {
      group.push(x);
      x += cellWidth;
    }
    xs.push(group);
    x += 10; // the dash between groups
  }
  return xs;
}

function drawForm(doc: PDFKit.PDFDocument): void {
  bold(doc, 'Form W-9', left, 34, 16);
  label(doc, '(Rev. March 2024)', left, 54, 7);
  label(doc, 'Department of the Treasury  Internal Revenue Service', left, 63, 6.5);
  bold(doc, 'Request for Taxpayer', 220, 34, 13);
  bold(doc, 'Identification Number and Certification', 190, 50, 11);
  label(doc, 'Give form to the requester. Do not send to the IRS.', 460, 40, 7, 110);
  rule(doc, 78, left, right, 1.2);
  label(doc, 'Before you begin. For guidance related to the purpose of Form W-9, see Purpose of Form, below.', left, 82, 7);
  rule(doc, 93);
  label(doc, '1   Name of entity/individual. An entry is required. (For a sole proprietor or disregarded entity, enter the owner\'s name on line 1.)', left, 97, 7);
  rule(doc, 132);
  label(doc, '2   Business name/disregarded entity name, if different from above.', left, 136, 7);
  rule(doc, 162);
  label(doc, '3a  Check the appropriate box for federal tax classification of the entity/individual whose name is entered on line 1. Check', left, 166, 7);
  label(doc, 'only one of the following seven boxes.', left + 14, 175, 7);
  const texts = ['Individual/sole proprietor', 'C corporation', 'S corporation', 'Partnership', 'Trust/estate'];
  texts.forEach((text, index) => {
    box(doc, checkX[index] ?? 0, checkY[index] ?? 0, checkSize);
    label(doc, text, (checkX[index] ?? 0) + 12, (checkY[index] ?? 0) + 0.5, 7.5);
  });
  box(doc, checkX[5] ?? 0, checkY[5] ?? 0, checkSize);
  label(doc, 'LLC. Enter the tax classification (C = C corporation, S = S corporation, P = Partnership) . . . . .', left + 16, 209.5, 7.5);
  rule(doc, 220, 505, 523);
  box(doc, checkX[6] ?? 0, checkY[6] ?? 0, checkSize);
  label(doc, 'Other (see instructions)', left + 16, 228.5, 7.5);
  rule(doc, 239, 150, 380);
  rule(doc, 246);
  label(doc, '4   Exemptions (codes apply only to certain entities, not individuals):', 390, 248, 6.5);
  label(doc, 'Exempt payee code (if any)', 390, 265, 7);
  rule(doc, 274, 500, 560);
  label(doc, 'Exemption from FATCA reporting code (if any)', 390, 285, 6);
  rule(doc, 294, 500, 560);
  rule(doc, 302);
  label(doc, '5   Address (number, street, and apt. or suite no.). See instructions.', left, 306, 7);
  label(doc, "Requester's name and address (optional)", 400, 306, 7);
  rule(doc, 332, left, 390);
  label(doc, '6   City, state, and ZIP code', left, 336, 7);
  rule(doc, 362);
  label(doc, '7   List account number(s) here (optional)', left, 366, 7);
  rule(doc, 380, left, right, 1.2);
  bold(doc, 'Part I', left, 384, 9);
  bold(doc, 'Taxpayer Identification Number (TIN)', left + 40, 384, 9);
  label(doc, 'Enter your TIN in the appropriate box. The TIN provided must match the name given on line 1 to avoid', left, 398, 7);
  label(doc, 'backup withholding. For individuals, this is generally your social security number (SSN).', left, 407, 7);
  bold(doc, 'Social security number', 380, 396, 7.5);
  bold(doc, 'or', 380, 430, 7.5);
  bold(doc, 'Employer identification number', 380, 444, 7.5);
  for (const [cells, y] of [
    [cellXs(ssnCells.x, ssnCells.groups), ssnCells.y],
    [cellXs(einCells.x, einCells.groups), einCells.y],
  ] as const) {
    for (const group of cells) for (const x of group) doc.rect(x, y, cellWidth, cellHeight).lineWidth(0.5).strokeColor('black').stroke();
  }
  rule(doc, 480, left, right, 1.2);
  bold(doc, 'Part II', left, 484, 9);
  bold(doc, 'Certification', left + 40, 484, 9);
  label(
    doc,
    'Under penalties of perjury, I certify that: 1. The number shown on this form is my correct taxpayer identification number; 2. I am not subject to backup withholding; 3. I am a U.S. citizen or other U.S. person; and 4. The FATCA code(s) entered on this form (if any) indicating that I am exempt from FATCA reporting is correct.',
    left,
    498,
    7,
    530,
  );
  rule(doc, 540);
  bold(doc, 'Sign', left, 548, 10);
  bold(doc, 'Here', left, 560, 10);
  label(doc, 'Signature of U.S. person', left + 40, 552, 7);
  label(doc, 'Date', 400, 552, 7);
  rule(doc, 572);
  bold(doc, 'General Instructions', left, 580, 9);
  label(doc, 'Section references are to the Internal Revenue Code unless otherwise noted.', left, 594, 7);
  label(doc, 'Form W-9 (Rev. 3-2024) lookalike for testing', left, 760, 6.5);
}

function tinGroups(answers: W9Answers): { cells: number[][]; y: number; parts: string[] } {
  const digits = answers.tin.replace(/\D/g, '');
  if (answers.tinType === 'ssn')
    return { cells: cellXs(ssnCells.x, ssnCells.groups), y: ssnCells.y, parts: [digits.slice(0, 3), digits.slice(3, 5), digits.slice(5)] };
  return { cells: cellXs(einCells.x, einCells.groups), y: einCells.y, parts: [digits.slice(0, 2), digits.slice(2)] };
}

function cityLine(answers: W9Answers): string {
  return `${answers.city}, ${answers.state} ${answers.zipCode}`;
}

function printAnswers(doc: PDFKit.PDFDocument, answers: W9Answers, font: string): void {
  const write = (text: string | null, at: { x: number; y: number }, size = 10) => {
    if (text) doc.font(font).fontSize(size).fillColor('#111').text(text, at.x, at.y, { lineBreak: false });
  };
  write(answers.legalName, place.f1_01);
  write(answers.businessName, place.f1_02);
  const index = classificationOrder.indexOf(answers.taxClassification);
  cross(doc, checkX[index] ?? 0, checkY[index] ?? 0, checkSize);
  write(answers.llcTaxClassification, { x: place.f1_03.x + 4, y: place.f1_03.y - 1 });
  write(answers.otherClassification, place.f1_04, 9);
  write(answers.exemptPayeeCode, { x: place.f1_05.x + 4, y: place.f1_05.y - 1 });
  write(answers.fatcaExemptionCode, { x: place.f1_06.x + 4, y: place.f1_06.y - 1 });
  write(answers.address, place.f1_07);
  write(cityLine(answers), place.f1_08);
  const tin = tinGroups(answers);
  tin.cells.forEach((group, g) =>
    group.forEach((x, i) => write(tin.parts[g]?.[i] ?? null, { x: x + 3.5, y: tin.y + 3 }, 11)),
  );
  write(answers.legalName, { x: left + 150, y: 556 }, 11);
  write(answers.signedOn, { x: 425, y: 556 });
}

function fieldAnswers(doc: PDFKit.PDFDocument, answers: W9Answers): void {
  doc.initForm();
  doc.font('Helvetica');
  const top = doc.formField('topmostSubform[0]');
  const page = doc.formField('Page1[0]', { parent: top });
  const boxes = doc.formField('Boxes3a-b_ReadOrder[0]', { parent: page });
  const address = doc.formField('Address_ReadOrder[0]', { parent: page });
  const text = (name: string, parent: PDFKit.PDFKitReference, at: { x: number; y: number; w: number; h: number }, value: string | null) =>
    doc.formText(name, at.x, at.y, at.w, at.h, { parent, value: value ?? '', fontSize: 9 });
  text('f1_01[0]', page, place.f1_01, answers.legalName);
  text('f1_02[0]', page, place.f1_02, answers.businessName);
  classificationOrder.forEach((classification, index) => {
    const checked = answers.taxClassification === classification;
    doc.formCheckbox(`c1_1[${index}]`, checkX[index] ?? 0, checkY[index] ?? 0, checkSize, checkSize, {
      parent: boxes,
      value: checked ? String(index + 1) : 'Off',
    });
  });
  text('f1_03[0]', boxes, place.f1_03, answers.llcTaxClassification);
  text('f1_04[0]', boxes, place.f1_04, answers.otherClassification);
  text('f1_05[0]', page, place.f1_05, answers.exemptPayeeCode);
  text('f1_06[0]', page, place.f1_06, answers.fatcaExemptionCode);
  text('f1_07[0]', address, place.f1_07, answers.address);
  text('f1_08[0]', address, place.f1_08, cityLine(answers));
  const digits = answers.tin.replace(/\D/g, '');
  const ssn = answers.tinType === 'ssn' ? [digits.slice(0, 3), digits.slice(3, 5), digits.slice(5)] : ['', '', ''];
  const ein = answers.tinType === 'ein' ? [digits.slice(0, 2), digits.slice(2)] : ['', ''];
  const ssnCellsX = cellXs(ssnCells.x, ssnCells.groups);
  const einCellsX = cellXs(einCells.x, einCells.groups);
  ssnCellsX.forEach((group, g) => {
    const first = group[0] ?? 0;
    text(`f1_${11 + g}[0]`, page, { x: first, y: ssnCells.y, w: group.length * cellWidth, h: cellHeight }, ssn[g] ?? '');
  });
  einCellsX.forEach((group, g) => {
    const first = group[0] ?? 0;
    text(`f1_${14 + g}[0]`, page, { x: first, y: einCells.y, w: group.length * cellWidth, h: cellHeight }, ein[g] ?? '');
  });
}

/** The lookalike as PDF bytes: with form fields (fillable) or with the answers printed (flat). */
export function drawW9(answers: W9Answers, options: { fields: boolean; font?: string }): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 0, info: { Title: 'Form W-9' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  drawForm(doc);
  if (options.fields) fieldAnswers(doc, answers);
  else printAnswers(doc, answers, options.font ?? 'Courier');
  doc.end();
  return done;
}
