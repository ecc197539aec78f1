import type { JSX } from 'react';
import type { PortalAccount } from '@shared/contracts/portal';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Autopay: a placeholder until the payments part of issue 31 (i31-pay) replaces this file; the signature stays. */
export function AutopayCard(props: { account: PortalAccount; onChanged(): void }): JSX.Element {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Autopay</CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        {props.account.autopay.enabled ? `On: ${props.account.autopay.method ?? 'saved method'}` : 'Off'}
      </CardContent>
    </Card>
  );
}
