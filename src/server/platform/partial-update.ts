import type { z } from 'zod';
import { fieldNames, type RecordContract } from '../../shared/contracts/common';
import { validationError } from './errors';

/** A stored row's fields that a contract names, as a request sends them: timestamps as ISO text. */
export function storedFields(row: object, contract: RecordContract): Record<string, unknown> {
  const values = row as Record<string, unknown>;
  return Object.fromEntries(
    fieldNames(contract).filter((key) => key in values).map((key) => {
      const value = values[key];
      return [key, value instanceof Date ? value.toISOString() : value];
    }),
  );
}

/**
 * The rule for every update (DEVELOPERS.md): the body is laid over the stored record, so a field
 * the request does not name keeps its value, and the merged record is checked with the same
 * contract as a full one (field messages and cross-field rules alike). Call it after locking
 * the row, inside the update's transaction.
 */
export function mergeUpdate<T extends z.ZodType>(contract: T, stored: Record<string, unknown>, body: Record<string, unknown>): z.output<T> {
  const sent = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  const result = contract.safeParse({ ...stored, ...sent });
  if (!result.success) throw validationError(result.error);
  return result.data;
}

interface StoredItem {
  description: string;
  quantity: string;
  unitPrice: string;
  totalPrice: string;
  taxCategory?: string | null;
  taxRate?: string | null;
  unitCode?: string | null;
}

/** Stored line items as a request sends them (VAT detail included), for merging an update that leaves `items` out. */
export function storedItems(rows: readonly StoredItem[]) {
  return rows.map(({ description, quantity, unitPrice, totalPrice, taxCategory, taxRate, unitCode }) => ({
    description,
    quantity,
    unitPrice,
    totalPrice,
    taxCategory: taxCategory ?? null,
    taxRate: taxRate ?? null,
    unitCode: unitCode ?? null,
  }));
}
