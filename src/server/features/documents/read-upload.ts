import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MAX_UPLOAD_BYTES, uploadFieldsSchema, uploadMessages } from '../../../shared/contracts/documents';
import { AppError, validationError } from '../../platform/errors';
import type { UploadInput } from './documents.service';

/** Limits for @fastify/multipart: one file of at most 10 MB, a few small text fields. */
export const uploadLimits = { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8 } as const;

function multipartError(error: unknown): AppError | null {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge, { file: uploadMessages.tooLarge });
    case 'FST_FILES_LIMIT':
      return new AppError('VALIDATION', 'Please upload one file at a time', { file: 'Please upload one file at a time' });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('VALIDATION', uploadMessages.fileRequired, { file: uploadMessages.fileRequired });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('BAD_REQUEST', 'Too many fields in the upload');
    default:
      return null;
  }
}

/**
 * Reads a multipart upload: the field `file` and the text fields `fields` describes, in any order.
 * The file is buffered up to the 10 MB limit; a longer one stops there and is refused with 413.
 */
export async function readMultipartFile<Fields extends z.ZodType>(
  request: FastifyRequest,
  fields: Fields,
): Promise<{ bytes: Buffer; fileName: string | undefined; fields: z.output<Fields> }> {
  let file: { bytes: Buffer; fileName: string } | null = null;
  const values: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: uploadLimits })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw multipartError({ code: 'FST_REQ_FILE_TOO_LARGE' }) ?? new Error('unreachable');
        if (part.fieldname === 'file') file = { bytes, fileName: part.filename };
      } else if (typeof part.value === 'string') {
        values[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const mapped = multipartError(error);
    if (mapped) throw mapped;
    if ((error as { statusCode?: number }).statusCode === 413) {
      throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge, { file: uploadMessages.tooLarge });
    }
    throw new AppError('BAD_REQUEST', 'The upload could not be read');
  }
  const parsed = fields.safeParse(values);
  if (!file || file.bytes.length === 0) {
    throw new AppError('VALIDATION', uploadMessages.fileRequired, { file: uploadMessages.fileRequired });
  }
  if (!parsed.success) throw validationError(parsed.error);
  return { bytes: file.bytes, fileName: file.fileName, fields: parsed.data };
}

/** The Documents page's upload: the file and its `documentType`. */
export async function readUpload(request: FastifyRequest): Promise<UploadInput> {
  const upload = await readMultipartFile(request, uploadFieldsSchema);
  return { bytes: upload.bytes, fileName: upload.fileName, documentType: upload.fields.documentType };
}
