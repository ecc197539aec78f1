import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES, uploadFieldsSchema, uploadMessages } from '../../../shared/contracts/documents';
import { type UploadRules, readMultipartFile } from '../../platform/multipart';
import type { UploadInput } from './documents.service';

/** Limits for @fastify/multipart: one file of at most 10 MB, a few small text fields. */
export const uploadLimits = { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8 } as const;

/** A document's upload, here and in client onboarding: the file is named first when it is missing. */
export const documentUploadRules: UploadRules = {
  limits: uploadLimits,
  tooLarge: uploadMessages.tooLarge,
  fileRequired: uploadMessages.fileRequired,
  check: 'file-first',
};

/** The Documents page's upload: the file and its `documentType`. */
export async function readUpload(request: FastifyRequest): Promise<UploadInput> {
  const upload = await readMultipartFile(request, uploadFieldsSchema, documentUploadRules);
  return { bytes: upload.bytes, fileName: upload.fileName, documentType: upload.fields.documentType };
}
