import type { CreateTransactionInput, CreateTransactionResult } from '../../../shared/contracts/documents';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';

export async function createTransactionFromDocument(
  _db: Database,
  _auth: AuthContext,
  _documentId: string,
  _input: CreateTransactionInput,
  _now: Date,
): Promise<CreateTransactionResult> {
  throw new AppError('BAD_REQUEST', 'Not yet');
}
