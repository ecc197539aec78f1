// A small PDF that makes pdfjs run its font parsers once before the first real document. Reading
// an embedded TrueType font (as a simple font and as a CID font, the two ways invoices embed fonts)
// and a Type 1 font is most of the cost of a first text PDF while that code is still cold; after a
// few passes the JIT has compiled it. The fonts are the free ones pdfjs ships with, nothing else.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const pdfObject = (number, body) => Buffer.from(`${number} 0 obj\n${body}\nendobj\n`, 'latin1');

/** A Flate-compressed stream, as real PDFs store contents, fonts and character maps. */
function streamObject(number, dictionary, raw) {
  const data = zlib.deflateSync(raw);
  return Buffer.concat([
    Buffer.from(
      `${number} 0 obj\n<<${dictionary}/Filter/FlateDecode/Length ${data.length}>>\nstream\n`,
      'latin1',
    ),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);
}

/** Builds the warm-up PDF from the fonts in pdfjs's standard_fonts folder. */
export function warmUpPdf(pdfjsRoot) {
  const fonts = path.join(pdfjsRoot, 'standard_fonts');
  const trueType = readFileSync(path.join(fonts, 'LiberationSans-Regular.ttf'));
  const type1 = readFileSync(path.join(fonts, 'FoxitSerif.pfb'));
  const descriptor = (name, file) =>
    `<</Type/FontDescriptor/FontName/${name}/Flags 32/FontBBox[-200 -300 1200 1000]/ItalicAngle 0` +
    `/Ascent 900/Descent -200/CapHeight 700/StemV 80/${file}>>`;
  const widths = `[${Array.from({ length: 95 }, () => '556').join(' ')}]`;
  const content = Buffer.from(
    'BT /F1 12 Tf 40 760 Td (Invoice INV-2024-0001 Date 31.01.2024 Total EUR 1.234,56) Tj ET\n' +
      'BT /F2 10 Tf 40 740 Td <002C005100590052004C0046004800030037005200570044004F> Tj ET\n' +
      'BT /F3 10 Tf 40 720 Td (Seller Ltd, VAT GB123456789, Amount due 99.00) Tj ET\n' +
      'BT /F4 10 Tf 40 700 Td (Bill to: Customer GmbH, Page 1 of 1) Tj ET\n',
    'latin1',
  );
  // Glyph ids to Unicode for the CID font, as PDF writers embed it (ranges and single codes).
  const toUnicode = Buffer.from(
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CIDSystemInfo' +
      ' << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def' +
      ' /CMapType 2 def 1 begincodespacerange <0000> <FFFF> endcodespacerange\n' +
      '2 beginbfrange <0003> <0003> <0020> <0011> <001A> <002E>\nendbfrange\n' +
      '3 beginbfchar <002C> <0049> <0051> <006E> <0059> <0076>\nendbfchar\n' +
      'endcmap CMapName currentdict /CMap defineresource pop end end\n',
    'latin1',
  );
  const objects = [
    pdfObject(1, '<</Type/Catalog/Pages 2 0 R>>'),
    pdfObject(2, '<</Type/Pages/Kids[3 0 R]/Count 1>>'),
    pdfObject(
      3,
      '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R' +
        '/Resources<</Font<</F1 5 0 R/F2 6 0 R/F3 8 0 R/F4 11 0 R>>>>>>',
    ),
    streamObject(4, '', content),
    pdfObject(
      5,
      `<</Type/Font/Subtype/TrueType/BaseFont/AAAAAA+LiberationSans/FirstChar 32/LastChar 126` +
        `/Widths ${widths}/Encoding/WinAnsiEncoding/FontDescriptor 9 0 R>>`,
    ),
    pdfObject(
      6,
      '<</Type/Font/Subtype/Type0/BaseFont/AAAAAB+LiberationSans/Encoding/Identity-H' +
        '/DescendantFonts[7 0 R]/ToUnicode 15 0 R>>',
    ),
    pdfObject(
      7,
      '<</Type/Font/Subtype/CIDFontType2/BaseFont/AAAAAB+LiberationSans/CIDToGIDMap/Identity' +
        '/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/DW 556' +
        '/FontDescriptor 10 0 R>>',
    ),
    pdfObject(8, '<</Type/Font/Subtype/Type1/BaseFont/Helvetica/Encoding/WinAnsiEncoding>>'),
    pdfObject(9, descriptor('AAAAAA+LiberationSans', 'FontFile2 12 0 R')),
    pdfObject(10, descriptor('AAAAAB+LiberationSans', 'FontFile2 12 0 R')),
    pdfObject(
      11,
      `<</Type/Font/Subtype/Type1/BaseFont/AAAAAC+FoxitSerif/FirstChar 32/LastChar 126` +
        `/Widths ${widths}/Encoding/WinAnsiEncoding/FontDescriptor 13 0 R>>`,
    ),
    streamObject(12, `/Length1 ${trueType.length}`, trueType),
    pdfObject(13, descriptor('AAAAAC+FoxitSerif', 'FontFile 14 0 R')),
    streamObject(14, `/Length1 ${type1.length}/Length2 0/Length3 0`, type1),
    streamObject(15, '', toUnicode),
  ];
  const header = Buffer.from('%PDF-1.4\n', 'latin1');
  const offsets = [];
  let position = header.length;
  for (const object of objects) {
    offsets.push(position);
    position += object.length;
  }
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${position}\n%%EOF\n`;
  return Buffer.concat([header, ...objects, Buffer.from(xref, 'latin1')]);
}
