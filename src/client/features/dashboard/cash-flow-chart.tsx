import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { type CashFlowDay, cashFlowDays } from '@shared/contracts/dashboard';
import { parseMoney } from '@shared/money';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMoneyFormat } from '@/lib/money-format';
import { CashInBank } from './cash-in-bank';

type Span = (typeof cashFlowDays)[number];

/** Chart points; amounts become plain numbers of units only to size the bars. */
function toPoints(days: CashFlowDay[], span: Span) {
  return days.map((day) => ({
    label: format(parseISO(day.date), span === 7 ? 'EEE' : 'MMM d'),
    income: (parseMoney(day.income) ?? 0) / 100,
    expense: (parseMoney(day.expense) ?? 0) / 100,
  }));
}

/** Money in (invoice payments) against money out (bill payments), per day. */
export function CashFlowChart() {
  const [span, setSpan] = useState<Span>(7);
  const { formatAmount, formatCents } = useMoneyFormat();
  const { data, error } = useQuery<CashFlowDay[]>({ queryKey: ['/api/dashboard/cash-flow', { days: span }] });
  const points = data ? toPoints(data, span) : [];
  return (
    <Card className="lg:col-span-2">
      <CardHeader className="flex flex-row items-center justify-between gap-4">
        <CardTitle asChild>
          <h2>Cash Flow Overview</h2>
        </CardTitle>
        <div className="flex gap-1" role="group" aria-label="Period">
          {cashFlowDays.map((days) => (
            <Button key={days} size="sm" variant={span === days ? 'default' : 'outline'} aria-pressed={span === days} onClick={() => setSpan(days)}>
              {days}D
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        <CashInBank />
        {error ? (
          <p className="text-sm text-red-700">{error.message}</p>
        ) : !data ? (
          <Skeleton className="h-72 w-full" />
        ) : (
          <div className="h-72 w-full" data-testid="cash-flow-chart">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={points} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} minTickGap={12} />
                <YAxis tickLine={false} axisLine={false} fontSize={12} width="auto" tickFormatter={(value: number) => formatCents(Math.round(value * 100))} />
                <Tooltip formatter={(value) => formatAmount(typeof value === 'number' ? value : String(value))} />
                <Legend />
                <Bar dataKey="income" name="Income" fill="#16a34a" radius={[4, 4, 0, 0]} />
                <Bar dataKey="expense" name="Expense" fill="#dc2626" radius={[4, 4, 0, 0]} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
