import { type W9Fields, taxClassificationLabels, taxClassifications } from '../../../shared/contracts/tax-1099';
import { formatTin } from '../../../shared/tin';
import { W9_CERTIFICATION } from '../../../shared/w9-certification';
import { BOLD, REGULAR, createPdfDocument } from '../../platform/pdf-fonts';

export interface W9PdfInput {
  w9: W9Fields;
  requesterName: string;
  signatureName: string;
  /** YYYY-MM-DD, the organization's day the form was signed. */
  signedOn: string;
  /** The moment the form was submitted, for the footer. */
  submittedAt: Date;
}

const LEFT = 50;
const RIGHT = 562;
const WIDTH = RIGHT - LEFT;
const INK = '#0f172a';
const MUTED = '#475569';


/**
 * The substitute Form W-9 a vendor filled on the public page, as a one-page PDF laid out in the
 * form's lines 1 to 6, Part I and Part II. This PDF is the payer's tax record of the vendor's
 * certification, so Part I shows the TIN in full here (and nowhere else the app writes): it is
 * kept in Documents, whose download is limited to the workspace's members.
 */
export async function renderW9Pdf(input: W9PdfInput): Promise<Buffer> {
  const { w9 } = input;
  const doc = await createPdfDocument({
    size: 'LETTER',
    margin: 50,
    info: { Title: `Form W-9 (substitute) ${w9.legalName}`, Author: w9.legalName, Subject: `Request for Taxpayer Identification Number and Certification, for ${input.requesterName}` },
  });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font(BOLD).fontSize(16).fillColor(INK).text('Form W-9 (substitute)', LEFT, 50);
    doc.font(REGULAR).fontSize(9).fillColor(MUTED).text('Request for Taxpayer Identification Number and Certification', LEFT, 70);
    doc.text(`Requested by ${input.requesterName}. Give this form to the requester. Do not send it to the IRS.`, LEFT, 82, { width: WIDTH });
    let y = 104;
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(INK).lineWidth(1).stroke();
    y += 8;

    const line = (label: string, value: string | null) => {
      doc.font(REGULAR).fontSize(8).fillColor(MUTED).text(label, LEFT, y, { width: WIDTH });
      y = doc.y + 2;
      doc.font(BOLD).fontSize(11).fillColor(INK).text(value ?? '', LEFT + 8, y, { width: WIDTH - 8 });
      y = Math.max(doc.y, y + 13) + 6;
      doc.moveTo(LEFT, y - 3).lineTo(RIGHT, y - 3).strokeColor('#cbd5e1').lineWidth(0.5).stroke();
    };

    line('1  Name of entity/individual (as shown on your income tax return)', w9.legalName);
    line('2  Business name/disregarded entity name, if different from above', w9.businessName);

    // Line 3a: every classification with its box, the chosen one checked.
    doc.font(REGULAR).fontSize(8).fillColor(MUTED).text('3a  Federal tax classification (check only one)', LEFT, y, { width: WIDTH });
    y = doc.y + 4;
    let x = LEFT + 8;
    for (const classification of taxClassifications) {
      const label =
        classification === 'llc'
          ? `LLC. Tax classification (C, S, P): ${w9.taxClassification === 'llc' ? (w9.llcTaxClassification ?? '') : ''}`
          : classification === 'other'
            ? `Other: ${w9.taxClassification === 'other' ? (w9.otherClassification ?? '') : ''}`
            : taxClassificationLabels[classification];
      const width = doc.font(REGULAR).fontSize(8.5).widthOfString(label) + 24;
      if (x + width > RIGHT) {
        x = LEFT + 8;
        y += 15;
      }
      doc.rect(x, y, 8, 8).strokeColor(INK).lineWidth(0.7).stroke();
      if (w9.taxClassification === classification) doc.font(BOLD).fontSize(9).fillColor(INK).text('X', x + 1.2, y - 0.5, { lineBreak: false });
      doc.font(REGULAR).fontSize(8.5).fillColor(INK).text(label, x + 12, y, { lineBreak: false });
      x += width;
    }
    y += 20;
    doc.moveTo(LEFT, y - 3).lineTo(RIGHT, y - 3).strokeColor('#cbd5e1').lineWidth(0.5).stroke();

    line(
      '4  Exemptions (codes apply only to certain entities, not individuals)',
      `Exempt payee code: ${w9.exemptPayeeCode ?? '—'}     Exemption from FATCA reporting code: ${w9.fatcaExemptionCode ?? '—'}`,
    );
    line('5  Address (number, street, and apt. or suite no.)', w9.address);
    line('6  City, state, and ZIP code', `${w9.city}, ${w9.state} ${w9.zipCode}`);

    y += 6;
    doc.rect(LEFT, y, WIDTH, 16).fillColor(INK).fill();
    doc.font(BOLD).fontSize(10).fillColor('#ffffff').text('Part I     Taxpayer Identification Number (TIN)', LEFT + 6, y + 3.5);
    y += 24;
    const ssn = w9.tinType === 'ssn';
    doc.font(REGULAR).fontSize(8.5).fillColor(MUTED).text('Social security number', LEFT, y);
    doc.font(BOLD).fontSize(13).fillColor(INK).text(ssn ? formatTin('ssn', w9.tin) : '—', LEFT, y + 11);
    doc.font(REGULAR).fontSize(8.5).fillColor(MUTED).text('Employer identification number', LEFT + 260, y);
    doc.font(BOLD).fontSize(13).fillColor(INK).text(ssn ? '—' : formatTin('ein', w9.tin), LEFT + 260, y + 11);
    y += 36;

    doc.rect(LEFT, y, WIDTH, 16).fillColor(INK).fill();
    doc.font(BOLD).fontSize(10).fillColor('#ffffff').text('Part II     Certification', LEFT + 6, y + 3.5);
    y += 24;
    doc.font(REGULAR).fontSize(8.5).fillColor(INK);
    for (const paragraph of W9_CERTIFICATION) {
      doc.text(paragraph, LEFT, y, { width: WIDTH });
      y = doc.y + 4;
    }
    y += 8;
    doc.font(REGULAR).fontSize(8.5).fillColor(MUTED).text('Signature of U.S. person (typed)', LEFT, y);
    doc.text('Date', LEFT + 360, y);
    doc.font(BOLD).fontSize(13).fillColor(INK).text(input.signatureName, LEFT, y + 11, { width: 340 });
    doc.text(input.signedOn, LEFT + 360, y + 11);
    y += 34;
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).strokeColor(INK).lineWidth(1).stroke();
    doc
      .font(REGULAR)
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(
        `Signed electronically on the requester's secure form by typing the name above and checking the certification; submitted ${input.submittedAt.toISOString()}.`,
        LEFT,
        y + 6,
        { width: WIDTH },
      );
    doc.end();
  });
}
