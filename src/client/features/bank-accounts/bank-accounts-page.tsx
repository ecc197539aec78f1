import { Landmark, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageLayout } from '@/components/page-layout';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/lib/toast';
import type { BankAccount } from '@shared/contracts/bank-accounts';
import { AchSettingsDialog } from './ach-settings-dialog';
import { AddBankAccountDialog } from './add-bank-account-dialog';
import {
  BANK_ACCOUNTS_PAGE_SIZE,
  useBankAccounts,
  useDeleteBankAccount,
  useUpdateBankAccount,
} from './api';
import { BankAccountCard } from './bank-account-card';
import { VerifyMicroDepositsDialog } from './verify-micro-deposits-dialog';
import { ImportStatementDialog } from '../bank-reconciliation/import-statement-dialog';

function failure(error: unknown, fallback: string) {
  toast({
    title: 'Error',
    description: error instanceof Error ? error.message : fallback,
    variant: 'destructive',
  });
}

export default function BankAccountsPage() {
  const [offset, setOffset] = useState(0);
  const [adding, setAdding] = useState(false);
  const [verifyingId, setVerifyingId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<BankAccount | null>(null);
  const [importing, setImporting] = useState<BankAccount | null>(null);
  // ?achSettings=<account id> opens that account's ACH settings (Payments links here).
  const [searchParams, setSearchParams] = useSearchParams();
  const achSettingsId = searchParams.get('achSettings');
  const setAchSettingsId = (id: string | null) =>
    setSearchParams((params) => {
      if (id) params.set('achSettings', id);
      else params.delete('achSettings');
      return params;
    });
  const accounts = useBankAccounts(offset);
  const update = useUpdateBankAccount();
  const remove = useDeleteBankAccount();
  const items = accounts.data?.items ?? [];
  // Read from the refreshed list: attempts left change after a wrong pair; a voided one closes.
  const verifying =
    items.find((account) => account.id === verifyingId && account.needsMicroDeposits) ?? null;
  const achSettingsAccount = items.find((account) => account.id === achSettingsId) ?? null;

  const makePrimary = (account: BankAccount) =>
    update.mutate(
      { id: account.id, input: { isPrimary: true } },
      {
        onSuccess: () => toast({ title: `${account.accountName} is now the primary account` }),
        onError: (error) => failure(error, 'Could not change the primary account'),
      },
    );

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast({ title: 'Bank account removed' });
        setRemoving(null);
      },
      onError: (error) => failure(error, 'Could not remove the bank account'),
    });
  };

  const addButton = (
    <Button onClick={() => setAdding(true)}>
      <Plus aria-hidden="true" />
      Add Bank Account
    </Button>
  );

  return (
    <PageLayout
      title="Bank Accounts"
      subtitle="Manage your bank accounts for ACH and wire transfers"
      actions={addButton}
    >
      {accounts.isPending ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-64" />
          ))}
        </div>
      ) : accounts.isError ? (
        <EmptyState
          icon={Landmark}
          title="Could not load bank accounts"
          description={accounts.error.message}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={Landmark}
          title="No bank accounts yet"
          description="Add the account you pay bills from. It is verified with two small deposits."
          action={addButton}
        />
      ) : (
        <div className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {items.map((account) => (
              <BankAccountCard
                key={account.id}
                account={account}
                busy={update.isPending}
                onVerify={() => setVerifyingId(account.id)}
                onMakePrimary={() => makePrimary(account)}
                onRemove={() => setRemoving(account)}
                onImportStatement={() => setImporting(account)}
                onAchSettings={() => setAchSettingsId(account.id)}
              />
            ))}
          </div>
          <Pager
            total={accounts.data.total}
            limit={BANK_ACCOUNTS_PAGE_SIZE}
            offset={offset}
            onOffsetChange={setOffset}
          />
        </div>
      )}
      <AddBankAccountDialog open={adding} onOpenChange={setAdding} />
      <AchSettingsDialog
        account={achSettingsAccount}
        onOpenChange={(open) => !open && setAchSettingsId(null)}
      />
      <VerifyMicroDepositsDialog
        account={verifying}
        onOpenChange={(open) => !open && setVerifyingId(null)}
      />
      {importing && (
        <ImportStatementDialog
          bankAccount={{ id: importing.id, name: importing.accountName }}
          open
          onOpenChange={(open) => !open && setImporting(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove bank account?"
        description={`${removing?.accountName ?? 'This account'} ending in ${removing?.accountLast4 ?? ''} will no longer be used for payments. Past payment runs keep their record.`}
        confirmLabel="Remove"
        onConfirm={confirmRemove}
        pending={remove.isPending}
      />
    </PageLayout>
  );
}
