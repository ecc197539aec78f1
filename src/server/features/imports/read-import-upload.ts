import type { FastifyRequest } from 'fastify';
import { MAX_IMPORT_BYTES, type ImportUploadFields, importMessages, importUploadFieldsSchema } from '../../../shared/contracts/imports';
import { readMultipartFile } from '../../platform/multipart';

/** Limits for @fastify/multipart in this feature: one file of at most 10 MB, a few text fields (the mapping is JSON). */
export const importUploadLimits = { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 6, fieldSize: 20_000, parts: 10 } as const;

/** POST /api/imports: the field `file` and the text fields entity, template, dateFormat, mapping, in any order. */
export async function readImportUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string; fields: ImportUploadFields }> {
  const upload = await readMultipartFile(request, importUploadFieldsSchema, {
    limits: importUploadLimits,
    tooLarge: importMessages.tooLarge,
    fileRequired: importMessages.fileRequired,
  });
  return { bytes: upload.bytes, fileName: upload.fileName || 'import.csv', fields: upload.fields };
}
