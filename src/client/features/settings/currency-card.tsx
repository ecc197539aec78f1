import { currencies, findCurrency } from '@shared/currencies';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import { useSettings, useUpdateCurrency } from './api';

/** The display currency: saved at once, then every amount re-formats (spec 2.14, 7). */
export function CurrencyCard() {
  const { data: settings } = useSettings();
  const update = useUpdateCurrency();
  const { formatCents } = useMoneyFormat();

  const change = (code: string) => {
    const currency = findCurrency(code);
    if (!currency) return;
    update.mutate(
      { currency: code },
      {
        onSuccess: () => toast({ title: 'Currency Updated', description: `Currency changed to ${currency.name}` }),
        onError: (error) =>
          toast({ title: 'Update Failed', description: error.message || 'Failed to update currency settings.', variant: 'destructive' }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Currency</CardTitle>
        <CardDescription>Amounts across the app are shown in this currency. Example: {formatCents(123456)}</CardDescription>
      </CardHeader>
      <CardContent>
        <Field label="Display currency" className="max-w-md">
          {(control) => (
            <Select value={settings?.currency ?? 'USD'} onValueChange={change} disabled={update.isPending}>
              <SelectTrigger {...control}>
                <SelectValue placeholder="Choose a currency" />
              </SelectTrigger>
              <SelectContent className="max-h-80">
                {currencies.map((currency) => (
                  <SelectItem key={currency.code} value={currency.code}>
                    {currency.code} – {currency.symbol} – {currency.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
      </CardContent>
    </Card>
  );
}
