import PDFDocument from 'pdfkit';

/** Small documents built in the tests themselves (never checked-in binaries). */
export interface InvoicePdfContent {
  vendor: string;
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  lines: { description: string; quantity: number; unitPrice: string; total: string }[];
  subtotal: string;
  tax: string;
  total: string;
}

export const sampleInvoice: InvoicePdfContent = {
  vendor: 'Acme Office Supplies Inc.',
  invoiceNumber: 'INV-2026-0042',
  issueDate: '2026-11-02',
  dueDate: '2026-12-02',
  lines: [
    { description: 'Printer paper, A4 (box)', quantity: 4, unitPrice: '25.00', total: '100.00' },
    { description: 'Toner cartridge', quantity: 2, unitPrice: '60.00', total: '120.00' },
  ],
  subtotal: '220.00',
  tax: '22.00',
  total: '242.00',
};

/**
 * A text PDF laid out like a supplier invoice. `extraPages` adds uncompressed terms pages after
 * it, to make a larger file (an upload slow enough to watch its progress).
 */
export function invoicePdf(content: InvoicePdfContent = sampleInvoice, options: { extraPages?: number } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, compress: !options.extraPages, info: { Title: `Invoice ${content.invoiceNumber}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text(content.vendor, 50, 50);
    doc.fontSize(10).text('12 Market Street, Springfield, IL 62701', 50, 76);
    doc.text('billing@acme-office.example', 50, 90);
    doc.fontSize(16).text('INVOICE', 400, 50);
    doc.fontSize(10);
    doc.text(`Invoice Number: ${content.invoiceNumber}`, 350, 80);
    doc.text(`Invoice Date: ${content.issueDate}`, 350, 95);
    doc.text(`Due Date: ${content.dueDate}`, 350, 110);
    doc.text('Bill To: Signal Test Company', 50, 150);
    let y = 200;
    doc.text('Description', 50, y);
    doc.text('Qty', 300, y);
    doc.text('Unit Price', 360, y);
    doc.text('Amount', 470, y);
    for (const line of content.lines) {
      y += 20;
      doc.text(line.description, 50, y);
      doc.text(String(line.quantity), 300, y);
      doc.text(line.unitPrice, 360, y);
      doc.text(line.total, 470, y);
    }
    y += 40;
    doc.text('Subtotal', 360, y);
    doc.text(content.subtotal, 470, y);
    doc.text('Tax', 360, y + 15);
    doc.text(content.tax, 470, y + 15);
    doc.text('Total Due', 360, y + 30);
    doc.text(`$${content.total}`, 470, y + 30);
    for (let page = 0; page < (options.extraPages ?? 0); page += 1) {
      doc.addPage().fontSize(8).text(`Terms and conditions, page ${page + 1}. `.repeat(60), 50, 50);
    }
    doc.end();
  });
}

export const pngBytes = (): Buffer =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really an image')]);

/** A PNG header that claims `width` x `height` pixels, with no pixel data behind it. */
export function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  header[24] = 8;
  return header;
}

/** Starts like a PDF and then is nothing a reader can open. */
export const corruptPdf = (): Buffer => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x41), Buffer.from('\n%%EOF')]);
