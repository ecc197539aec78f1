import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import type { DashboardStats } from '@shared/contracts/dashboard';
import { glossary } from '@shared/glossary';
import StatHint from '@/components/ui/stat-hint';
import { useMoneyFormat } from '@/lib/money-format';
import { dashboardStatsKey } from './stat-cards';

/** glossary.cashInBank beside the cash flow: the bank balances known from reconciliations and feeds. */
export function CashInBank() {
  const { data } = useQuery<DashboardStats>({ queryKey: dashboardStatsKey });
  const { formatAmount } = useMoneyFormat();
  const focused = useRef(false);
  if (!data) return null;
  const { label, definition } = glossary.cashInBank;
  return (
    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm" data-testid="cash-in-bank">
      <span className="flex items-center gap-1 font-medium text-slate-500">
        {label}
        <StatHint label={label} hint={definition} focusedRef={focused} />
      </span>
      {data.cashInBank === null ? (
        <span className="text-slate-500">No reconciled or live bank balance yet</span>
      ) : (
        <>
          <span className="font-semibold text-slate-900 tabular-nums">{formatAmount(data.cashInBank)}</span>
          <span className="text-slate-500">
            {data.cashReconciledAccounts} of {data.cashAccounts} {data.cashAccounts === 1 ? 'account' : 'accounts'} reconciled
          </span>
        </>
      )}
    </div>
  );
}
