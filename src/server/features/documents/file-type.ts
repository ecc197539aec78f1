import path from 'node:path';
import type { UploadMimeType } from '../../../shared/contracts/documents';

const signatures: { type: UploadMimeType; bytes: number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

const typeByExtension: Record<string, UploadMimeType> = {
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.xml': 'application/xml',
};

/** Text that opens with an XML declaration or element (after a byte order mark and blanks): e-invoice XML. */
function looksLikeXml(bytes: Buffer): boolean {
  return /^(\uFEFF)?\s*<(\?xml|[A-Za-z_])/.test(bytes.subarray(0, 256).toString('utf8'));
}

/** The file's real type from its first bytes (magic numbers), never from its name or header. */
export function detectFileType(bytes: Buffer): UploadMimeType | null {
  const match = signatures.find((signature) => signature.bytes.every((byte, index) => bytes[index] === byte));
  if (match) return match.type;
  return looksLikeXml(bytes) ? 'application/xml' : null;
}

/**
 * The type an upload is accepted as: its bytes must be a PDF, JPEG or PNG, and a name with an
 * extension must agree (a PNG renamed to .pdf is refused as spoofed).
 */
export function acceptedFileType(bytes: Buffer, fileName: string): UploadMimeType | null {
  const detected = detectFileType(bytes);
  if (!detected) return null;
  const extension = path.extname(fileName).toLowerCase();
  // XML has no magic number: only a file named .xml is taken as one (an e-invoice).
  if (detected === 'application/xml') return extension === '.xml' ? detected : null;
  if (extension === '') return detected;
  return typeByExtension[extension] === detected ? detected : null;
}

/** The client's file name made safe to keep and show: no folders, no control characters, bounded. */
export function sanitizeFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (cleaned === '') return 'document';
  if (cleaned.length <= 200) return cleaned;
  const extension = path.extname(cleaned).slice(0, 10);
  return `${cleaned.slice(0, 200 - extension.length)}${extension}`;
}

/** Content-Disposition with an ASCII fallback and the exact name in RFC 5987 form. */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
