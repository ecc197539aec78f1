import path from 'node:path';
import { acceptedFileType, sanitizeFileName } from '../documents/file-type';

/** How one attachment is kept: its safe name, the type stored, and whether it is read like an upload. */
export interface KeptAttachment {
  fileName: string;
  fileType: string;
  /** XML, or PDF with possibly an e-invoice inside: offered to the e-invoice receiver first. */
  einvoiceCandidate: boolean;
  read: boolean;
  bytes: Buffer;
}

const XML_TYPES = new Set(['application/xml', 'text/xml']);

/** Starts like an XML document (after a byte-order mark and white space): "<". */
function looksLikeXml(bytes: Buffer): boolean {
  const text = bytes.subarray(0, 64).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return text.startsWith('<');
}

/**
 * PDF, JPEG and PNG are recognised by their bytes (as uploads are) and read; XML by its declared
 * type or .xml name and a first "<"; anything else is kept as an opaque file and not read.
 */
export function classifyAttachment(attachment: { filename?: string; contentType: string; content: Buffer }): KeptAttachment {
  const bytes = attachment.content;
  const fileName = sanitizeFileName(attachment.filename ?? 'attachment');
  const declared = attachment.contentType.toLowerCase();
  const extension = path.extname(fileName).toLowerCase();
  if ((XML_TYPES.has(declared) || extension === '.xml') && looksLikeXml(bytes)) {
    return { fileName, fileType: 'application/xml', einvoiceCandidate: true, read: true, bytes };
  }
  const detected = acceptedFileType(bytes, fileName);
  if (detected) {
    return { fileName, fileType: detected, einvoiceCandidate: detected === 'application/pdf', read: true, bytes };
  }
  // Kept for the record, served only as a download of unknown type (never rendered by a browser).
  return { fileName, fileType: 'application/octet-stream', einvoiceCandidate: false, read: false, bytes };
}
