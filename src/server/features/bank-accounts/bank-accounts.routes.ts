import {
  bankAccountDetailSchema,
  bankAccountSchema,
  createBankAccountSchema,
  updateBankAccountSchema,
  verifyBankAccountResultSchema,
  verifyMicroDepositsSchema,
} from '../../../shared/contracts/bank-accounts';
import { achProfileSchema, achProfileUpdateSchema, pendingPrenotesSchema } from '../../../shared/contracts/ach';
import { idParam, pageQuery } from '../../../shared/contracts/common';
import { requireAuth, requireRole } from '../../platform/auth';
import type { AppDeps, ZodApp } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { exportPrenoteFile, findPendingPrenoteVendors } from '../payment-runs/prenote-file';
import { getAchProfile, saveAchProfile } from './ach-profile';
import { findBankAccountDetail, findBankAccounts, toBankAccountDto } from './bank-accounts.queries';
import { createBankAccount, deleteBankAccount, updateBankAccount } from './bank-accounts.service';
import { verifyBankAccount } from './verify-bank-account';

/** Bank accounts move money: owners, admins and accountants manage them. */
export const BANK_ACCOUNT_ROLES = ['owner', 'admin', 'accountant'] as const;

export async function bankAccountsRoutes(app: ZodApp, deps: AppDeps): Promise<void> {
  app.get(
    '/api/bank-accounts',
    {
      schema: {
        tags: ['bank-accounts'],
        summary: 'Active bank accounts, primary first',
        querystring: pageQuery,
        response: { 200: bankAccountSchema.array() },
      },
    },
    async (request, reply) => {
      const { organizationId } = requireAuth(request);
      const { rows, total } = await findBankAccounts(deps.db, { organizationId, ...request.query });
      const now = deps.now();
      return reply
        .header('X-Total-Count', String(total))
        .send(rows.map((row) => toBankAccountDto(row, now)));
    },
  );

  app.get(
    '/api/bank-accounts/:id',
    {
      schema: {
        tags: ['bank-accounts'],
        summary: 'One bank account, with its last statement import and feed sync',
        params: idParam,
        response: { 200: bankAccountDetailSchema },
      },
    },
    async (request) => {
      const { organizationId } = requireAuth(request);
      const account = await findBankAccountDetail(deps.db, {
        organizationId,
        id: request.params.id,
        now: deps.now(),
      });
      if (!account) throw notFound('Bank account');
      return account;
    },
  );

  app.post(
    '/api/bank-accounts',
    {
      schema: {
        tags: ['bank-accounts'],
        summary: 'Add a bank account; micro-deposits are sent to verify it',
        body: createBankAccountSchema,
        response: { 201: bankAccountSchema },
      },
    },
    async (request, reply) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      const account = await createBankAccount(deps, auth, request.body);
      return reply.status(201).send(account);
    },
  );

  app.put(
    '/api/bank-accounts/:id',
    {
      schema: {
        tags: ['bank-accounts'],
        summary: 'Rename a bank account or make it primary',
        params: idParam,
        body: updateBankAccountSchema,
        response: { 200: bankAccountSchema },
      },
    },
    async (request) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      return updateBankAccount(deps, auth, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/bank-accounts/:id',
    { schema: { tags: ['bank-accounts'], summary: 'Remove a bank account', params: idParam } },
    async (request, reply) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      await deleteBankAccount(deps, auth, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/bank-accounts/:id/verify',
    {
      schema: {
        tags: ['bank-accounts'],
        summary: 'Verify a bank account with the two micro-deposit amounts',
        params: idParam,
        body: verifyMicroDepositsSchema,
        response: { 200: verifyBankAccountResultSchema },
      },
    },
    async (request) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      const bankAccount = await verifyBankAccount(deps, auth, request.params.id, request.body);
      return { message: 'Bank account verified successfully', bankAccount };
    },
  );

  app.get(
    '/api/bank-accounts/:id/ach-profile',
    {
      schema: {
        tags: ['bank-accounts'],
        summary: "The account's ACH settings as the bank assigned them, and what an export still needs",
        params: idParam,
        response: { 200: achProfileSchema },
      },
    },
    async (request) => {
      // Anyone in the organization may read it: it holds the bank's ids, never an account number.
      const { organizationId } = requireAuth(request);
      return getAchProfile(deps.db, organizationId, request.params.id);
    },
  );

  app.put(
    '/api/bank-accounts/:id/ach-profile',
    {
      schema: {
        tags: ['bank-accounts'],
        summary: "Save the account's ACH settings (immediate destination and origin, company ID, file format)",
        params: idParam,
        body: achProfileUpdateSchema,
        response: { 200: achProfileSchema },
      },
    },
    async (request) => {
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      return saveAchProfile(deps.db, auth, request.params.id, request.body);
    },
  );

  app.get(
    '/api/bank-accounts/:id/ach-prenotes/pending',
    {
      schema: {
        tags: ['bank-accounts'],
        summary: 'The vendors whose prenote waits for a file',
        params: idParam,
        response: { 200: pendingPrenotesSchema },
      },
    },
    async (request) => {
      // Names only, like the vendor list: anyone who may read the ACH settings may see them.
      const { organizationId } = requireAuth(request);
      return findPendingPrenoteVendors(deps.db, organizationId, request.params.id);
    },
  );

  app.get(
    '/api/bank-accounts/:id/ach-prenotes',
    {
      schema: {
        tags: ['bank-accounts'],
        summary: "Every pending prenote as a NACHA file from this account, effective the next banking day",
        description:
          'Refused with 409 ACH_PROFILE_INCOMPLETE until the account has complete ACH settings, and with 409 when no vendor waits for a prenote. ' +
          'The prenotes become sent on the effective date; live payments to those vendors may go from the third banking day after (NACHA 2.6.3).',
        params: idParam,
      },
    },
    async (request, reply) => {
      // The file holds vendors' full account numbers: not for viewers or approvers.
      const auth = requireRole(request, BANK_ACCOUNT_ROLES);
      const file = await exportPrenoteFile(deps, auth, request.params.id);
      return reply
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Ach-File-Id-Modifier', file.fileIdModifier)
        .header('X-Ach-Repeat', 'false')
        .send(file.content);
    },
  );
}
