import { idParam, pageQuery } from '../../../shared/contracts/common';
import {
  bankRuleSchema,
  createFromBankTransactionSchema,
  excludeBankTransactionSchema,
  matchBankTransactionSchema,
} from '../../../shared/contracts/bank-reconciliation';
import { requireAuth, requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { BANK_ACCOUNT_ROLES } from '../bank-accounts/bank-accounts.routes';
import { findLine, toLineDto, toMatchLine } from './bank-lines';
import { createBankRule, deleteBankRule, listBankRules, proposeRuleFromLine, updateBankRule } from './bank-rules.service';
import { createFromBankTransaction, excludeBankTransaction } from './create-from-transaction';
import { matchBankTransaction } from './match-transaction';
import { bankRuleProposalResponse, bankRuleResponse, bankSuggestionsResponse, bankTransactionResponse } from './matching.schemas';
import { suggestFor, toSuggestionDto } from './suggestions';
import { unmatchBankTransaction } from './undo-match';

/** Matching a bank line (suggestions, match, create, exclude, undo) and the rules that do it for new lines. */
export async function matchingRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/bank-transactions/:id/suggestions',
    { schema: { tags: ['bank reconciliation'], summary: 'Ranked matches for a bank line, with confidence and reasons', params: idParam, response: { 200: bankSuggestionsResponse } } },
    async (request) => {
      const { organizationId } = requireAuth(request);
      const line = await findLine(deps.db, organizationId, request.params.id);
      const suggestions = line.status === 'unmatched' ? ((await suggestFor(deps.db, organizationId, [toMatchLine(line)])).get(line.id) ?? []) : [];
      return { transaction: await toLineDto(deps.db, line), suggestions: suggestions.map(toSuggestionDto) };
    },
  );

  app.post(
    '/api/bank-transactions/:id/match',
    { schema: { tags: ['bank reconciliation'], summary: 'Match a bank line to invoices, payments, a payment run or the payment it returns', params: idParam, body: matchBankTransactionSchema, response: { 200: bankTransactionResponse } } },
    async (request) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      return matchBankTransaction(deps, auth, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/bank-transactions/:id/match',
    { schema: { tags: ['bank reconciliation'], summary: 'Undo a match or an exclusion (a reconciled line needs the owner)', params: idParam, response: { 200: bankTransactionResponse } } },
    async (request) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      return unmatchBankTransaction(deps, auth, request.params.id);
    },
  );

  app.post(
    '/api/bank-transactions/:id/create',
    { schema: { tags: ['bank reconciliation'], summary: 'Record a customer payment, a bill payment or an expense from a bank line', params: idParam, body: createFromBankTransactionSchema, response: { 200: bankTransactionResponse } } },
    async (request) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      return createFromBankTransaction(deps, auth, request.params.id, request.body);
    },
  );

  app.post(
    '/api/bank-transactions/:id/exclude',
    { schema: { tags: ['bank reconciliation'], summary: 'Set a bank line aside as a transfer or excluded', params: idParam, body: excludeBankTransactionSchema, response: { 200: bankTransactionResponse } } },
    async (request) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      return excludeBankTransaction(deps, auth, request.params.id, request.body.as);
    },
  );

  app.get(
    '/api/bank-rules',
    { schema: { tags: ['bank reconciliation'], summary: 'The workspace’s bank rules, a page at a time (X-Total-Count)', querystring: pageQuery, response: { 200: bankRuleResponse.array() } } },
    async (request, reply) => {
      const { rules, total } = await listBankRules(deps.db, requireAuth(request).organizationId, request.query);
      reply.header('X-Total-Count', String(total));
      return rules;
    },
  );

  app.post(
    '/api/bank-rules',
    { schema: { tags: ['bank reconciliation'], summary: 'Create a bank rule', body: bankRuleSchema, response: { 201: bankRuleResponse } } },
    async (request, reply) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      return reply.status(201).send(await createBankRule(deps.db, auth, request.body));
    },
  );

  app.put(
    '/api/bank-rules/:id',
    { schema: { tags: ['bank reconciliation'], summary: 'Change a bank rule', params: idParam, body: bankRuleSchema, response: { 200: bankRuleResponse } } },
    async (request) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      return updateBankRule(deps.db, auth, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/bank-rules/:id',
    { schema: { tags: ['bank reconciliation'], summary: 'Delete a bank rule', params: idParam } },
    async (request, reply) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      await deleteBankRule(deps.db, auth, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/bank-rules/from-transaction/:id',
    { schema: { tags: ['bank reconciliation'], summary: 'Propose a rule from how a bank line was resolved (save it with POST /api/bank-rules)', params: idParam, response: { 200: bankRuleProposalResponse } } },
    async (request) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      return proposeRuleFromLine(deps.db, auth.organizationId, request.params.id);
    },
  );
}
