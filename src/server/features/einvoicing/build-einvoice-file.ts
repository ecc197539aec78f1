import type { EinvoiceFileFormat } from '../../../shared/contracts/einvoicing';
import type { Database } from '../../db/client';

export interface EinvoiceFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface EinvoiceSource {
  kind: 'invoice' | 'credit_note';
  id: string;
}

/**
 * The e-invoice file of an invoice or credit note in one format, built from the stored records of
 * the organization (scoped: another tenant's id is NOT_FOUND). Refuses an invoice that cannot be
 * valid with AppError('VALIDATION') naming the EN 16931 rules broken, before anything is sent.
 *
 * Placeholder until the writers land (issue 36, "Send" part): the signature is the contract.
 */
export async function buildEinvoiceFile(
  _db: Database,
  _organizationId: string,
  _source: EinvoiceSource,
  _format: EinvoiceFileFormat,
): Promise<EinvoiceFile> {
  throw new Error('buildEinvoiceFile is not built yet');
}
