/**
 * Makes the W-9 eval set (issue 32): invented payees on the W-9 lookalike, as fillable PDFs with
 * their form fields filled, as printed-and-scanned pages (flattened, drawn at 150-180 dpi, a
 * slight turn, noise, blur) and as photographs (stronger turn and shear, uneven light, JPEG),
 * with their true fields in labels.json beside them. No handwriting font is installed on the
 * build machine, so the printed answers use typewriter and sans faces, not handwriting.
 *
 * Usage: node --import tsx src/server/scripts/eval/make-w9-set.ts [--seed 32] [--out DIR]
 *        [--fillable 12] [--scanned 10] [--photographed 10]
 * A held-out set (another seed, written outside the repository) checks that a change to the
 * reader is no fit on the committed set: e.g. --seed 77 --out /tmp/w9-heldout --fillable 0.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { tinProblem } from '../../../shared/tin';
import { seededRandom } from '../../platform/seeded-random';
import { drawW9, type W9Answers } from './w9-lookalike';

export const w9SetDirectory = join(import.meta.dirname, '../../features/documents/test-data/w9');

const args = process.argv.slice(2);
const seedIndex = args.indexOf('--seed');
const next = seededRandom(Number(seedIndex >= 0 ? args[seedIndex + 1] : 32));
const option = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const countOf = (name: string, fallback: number): number => {
  const value = Number(option(name) ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} takes a count`);
  return value;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
const between = (low: number, high: number): number => low + Math.floor(next() * (high - low + 1));
const digits = (count: number): string => Array.from({ length: count }, () => String(between(0, 9))).join('');

const firstNames = ['Maria', 'James', 'Aisha', 'Tomas', 'Linda', 'Kevin', 'Rosa', 'Daniel', 'Priya', 'Hector', 'Grace', 'Owen'];
const lastNames = ['Alvarez', 'Whitfield', 'Okafor', 'Lindqvist', 'Moreno', 'Chen', 'Baptiste', 'Kowalski', 'Nair', 'Delgado', 'Fraser', 'Huang'];
const trades = ['Plumbing', 'Design', 'Consulting', 'Landscaping', 'Electric', 'Catering', 'Cleaning', 'Roofing', 'Media', 'Legal Services', 'Bookkeeping', 'Courier'];
const places = ['Harbor', 'Summit', 'Pinecrest', 'Redwood', 'Lakeside', 'Granite', 'Bluebird', 'Northgate', 'Silverline', 'Cedar'];
const streets = ['Main St', 'Oak Avenue', 'Elm Street', 'Maple Dr', 'Sunset Blvd', 'Park Road', 'Lincoln Ave', 'Mill Lane', 'River Rd', 'Broadway'];
const cities: [string, string, string][] = [
  ['Austin', 'TX', '78701'],
  ['Denver', 'CO', '80202'],
  ['Portland', 'OR', '97205'],
  ['Columbus', 'OH', '43215'],
  ['Raleigh', 'NC', '27601'],
  ['Madison', 'WI', '53703'],
  ['Tucson', 'AZ', '85701'],
  ['Albany', 'NY', '12207'],
  ['Boise', 'ID', '83702'],
  ['Richmond', 'VA', '23219'],
];
const einPrefixes = ['12', '20', '27', '36', '46', '58', '74', '84', '91', '95'];

function validTin(type: 'ssn' | 'ein'): string {
  for (;;) {
    const tin = type === 'ssn' ? `${between(1, 665)}`.padStart(3, '0') + digits(6) : pick(einPrefixes) + digits(7);
    if (!tinProblem(type, tin)) return tin;
  }
}

/** One invented payee; the kinds cycle so every classification shows up in each part of the set. */
function payee(index: number): W9Answers {
  const [city, state, zipCode] = pick(cities);
  const person = `${pick(firstNames)} ${pick(lastNames)}`;
  const company = `${pick(places)} ${pick(trades)}`;
  const address = `${between(12, 9850)} ${pick(streets)}${between(0, 3) === 0 ? ` Suite ${between(100, 450)}` : ''}`;
  const signedOn = `${pick(['01', '02', '03', '11', '12'])}/${String(between(1, 28)).padStart(2, '0')}/2025`;
  const base = { address, city, state, zipCode, signedOn, otherClassification: null, exemptPayeeCode: null, fatcaExemptionCode: null };
  switch (index % 7) {
    case 0:
      return { ...base, legalName: person, businessName: null, taxClassification: 'individual', llcTaxClassification: null, tinType: 'ssn', tin: validTin('ssn') };
    case 1:
      return { ...base, legalName: person, businessName: `${company}`, taxClassification: 'individual', llcTaxClassification: null, tinType: pick(['ssn', 'ein'] as const), tin: '' };
    case 2:
      return { ...base, legalName: `${company} LLC`, businessName: null, taxClassification: 'llc', llcTaxClassification: pick(['C', 'S', 'P'] as const), tinType: 'ein', tin: validTin('ein') };
    case 3:
      return { ...base, legalName: `${company} Inc.`, businessName: null, taxClassification: 'c_corporation', llcTaxClassification: null, exemptPayeeCode: pick(['5', '']) || null, tinType: 'ein', tin: validTin('ein') };
    case 4:
      return { ...base, legalName: `${company} Corp`, businessName: `${pick(places)} ${pick(trades)}`, taxClassification: 's_corporation', llcTaxClassification: null, tinType: 'ein', tin: validTin('ein') };
    case 5:
      return { ...base, legalName: `${pick(lastNames)} & ${pick(lastNames)} Partners`, businessName: null, taxClassification: 'partnership', llcTaxClassification: null, fatcaExemptionCode: pick(['A', 'B', null]), tinType: 'ein', tin: validTin('ein') };
    default:
      return { ...base, legalName: `${pick(lastNames)} Family Trust`, businessName: null, taxClassification: 'trust_estate', llcTaxClassification: null, tinType: 'ein', tin: validTin('ein') };
  }
}

function withTin(answers: W9Answers): W9Answers {
  return answers.tin ? answers : { ...answers, tin: validTin(answers.tinType) };
}

type Kind = 'fillable' | 'scanned' | 'photographed';

/** Draws the flat PDF at `dpi` (pdftoppm), then turns, shears, lights and blurs it like a scanner or a phone. */
async function degrade(pdf: Buffer, dpi: number, kind: Exclude<Kind, 'fillable'>): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'w9-'));
  try {
    writeFileSync(join(dir, 'page.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-singlefile', join(dir, 'page.pdf'), join(dir, 'page')]);
    const page = await loadImage(readFileSync(join(dir, 'page.png')));
    const photo = kind === 'photographed';
    const margin = photo ? 0.08 : 0.02;
    const width = Math.round(page.width * (1 + margin * 2));
    const height = Math.round(page.height * (1 + margin * 2));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = photo ? '#6b6258' : '#f4f4f2';
    context.fillRect(0, 0, width, height);
    const degrees = photo ? (next() - 0.5) * 7 : (next() - 0.5) * 2.4;
    const shear = photo ? (next() - 0.5) * 0.05 : 0;
    context.save();
    context.translate(width / 2, height / 2);
    context.rotate((degrees * Math.PI) / 180);
    context.transform(1, shear, shear / 2, 1 - Math.abs(shear), 0, 0);
    context.filter = `blur(${photo ? 0.4 + next() * 0.6 : 0.2 + next() * 0.4}px)`;
    context.drawImage(page, -page.width / 2, -page.height / 2);
    context.restore();
    context.filter = 'none';
    if (photo) {
      // Uneven light: a lamp on one side, shade on the other.
      const light = context.createLinearGradient(next() * width, 0, next() * width, height);
      light.addColorStop(0, 'rgba(255,250,235,0.10)');
      light.addColorStop(1, 'rgba(20,15,10,0.28)');
      context.fillStyle = light;
      context.fillRect(0, 0, width, height);
    }
    const pixels = context.getImageData(0, 0, width, height);
    const spread = photo ? 12 : 8;
    for (let i = 0; i < pixels.data.length; i += 4) {
      const noise = (next() - 0.5) * spread;
      for (let c = 0; c < 3; c += 1) pixels.data[i + c] = Math.max(0, Math.min(255, (pixels.data[i + c] ?? 0) + noise));
    }
    context.putImageData(pixels, 0, 0);
    // JPEG at about 70: the set is committed, so each file stays near 300 KB.
    return canvas.encode('jpeg', photo ? 62 : 70);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface W9Label extends Omit<W9Answers, 'otherClassification'> {
  file: string;
  kind: Kind;
}

async function main(): Promise<void> {
  const out = option('out') ?? w9SetDirectory;
  mkdirSync(out, { recursive: true });
  const labels: W9Label[] = [];
  const plan: { kind: Kind; count: number }[] = [
    { kind: 'fillable', count: countOf('fillable', 12) },
    { kind: 'scanned', count: countOf('scanned', 10) },
    { kind: 'photographed', count: countOf('photographed', 10) },
  ];
  let index = 0;
  for (const { kind, count } of plan) {
    for (let n = 1; n <= count; n += 1) {
      const answers = withTin(payee(index));
      index += 1;
      const name = `w9-${kind}-${String(n).padStart(2, '0')}`;
      let file: string;
      if (kind === 'fillable') {
        file = `${name}.pdf`;
        writeFileSync(join(out, file), await drawW9(answers, { fields: true }));
      } else {
        const flat = await drawW9(answers, { fields: false, font: pick(['Courier', 'Helvetica', 'Times-Roman']) });
        const image = await degrade(flat, between(150, 180), kind);
        file = `${name}.${image[0] === 0xff ? 'jpg' : 'png'}`;
        writeFileSync(join(out, file), image);
      }
      const { otherClassification: _other, ...truth } = answers;
      labels.push({ file, kind, ...truth });
    }
  }
  writeFileSync(join(out, 'labels.json'), `${JSON.stringify(labels, null, 2)}\n`);
  console.log(`${labels.length} W-9s in ${out}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
