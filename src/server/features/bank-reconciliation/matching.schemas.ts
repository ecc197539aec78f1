import { z } from 'zod';
import {
  type BankRule,
  type BankRuleProposal,
  type BankSuggestions,
  type BankTransaction,
  bankMatchKinds,
  bankRuleActions,
  bankRuleDirections,
  bankTransactionResolutions,
  bankTransactionStatuses,
} from '../../../shared/contracts/bank-reconciliation';

/* Response shapes of the matching and rules endpoints for /api/docs, checked against the contract's interfaces. */

export const bankTransactionResponse = z.object({
  id: z.string(),
  bankAccountId: z.string(),
  statementId: z.string().nullable(),
  postedOn: z.string(),
  amount: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  counterparty: z.string().nullable(),
  bankRef: z.string().nullable(),
  returnCode: z.string().nullable(),
  status: z.enum(bankTransactionStatuses),
  resolution: z.enum(bankTransactionResolutions).nullable(),
  matchedTo: z.string().nullable(),
  matches: z.array(
    z.object({
      kind: z.enum(bankMatchKinds),
      paymentId: z.string().nullable(),
      paymentRunId: z.string().nullable(),
      invoiceId: z.string().nullable(),
      billId: z.string().nullable(),
      amount: z.string(),
      label: z.string(),
    }),
  ),
  locked: z.boolean(),
  matchedAt: z.string().nullable(),
}) satisfies z.ZodType<BankTransaction>;

export const bankSuggestionsResponse = z.object({
  transaction: bankTransactionResponse,
  suggestions: z.array(
    z.object({
      key: z.string(),
      kind: z.enum([...bankMatchKinds, 'expense']),
      confidence: z.number().int().min(0).max(100),
      reason: z.string(),
      action: z.string(),
      targets: z.array(z.object({ kind: z.enum(['invoice', 'bill', 'payment', 'payment_run']), id: z.string(), label: z.string(), amount: z.string() })),
    }),
  ),
}) satisfies z.ZodType<BankSuggestions>;

const ruleFields = {
  name: z.string(),
  bankAccountId: z.string().nullable(),
  descriptionContains: z.string().nullable(),
  direction: z.enum(bankRuleDirections),
  amountMin: z.string().nullable(),
  amountMax: z.string().nullable(),
  action: z.enum(bankRuleActions),
  vendorId: z.string().nullable(),
  category: z.string().nullable(),
  minConfidence: z.number().int(),
  isActive: z.boolean(),
};

export const bankRuleResponse = z.object({
  ...ruleFields,
  id: z.string(),
  vendorName: z.string().nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<BankRule>;

export const bankRuleProposalResponse = z.object(ruleFields) satisfies z.ZodType<BankRuleProposal>;
