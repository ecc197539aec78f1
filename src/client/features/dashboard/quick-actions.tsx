import { FilePlus, Receipt, Settings, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const actions = [
  { label: 'Create Invoice', to: '/invoices', icon: FilePlus },
  { label: 'Pay Bills', to: '/bills', icon: Receipt },
  { label: 'Add Vendor', to: '/vendors', icon: UserPlus },
  { label: 'Setup Automation', to: '/settings', icon: Settings },
] as const;

export function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Quick Actions</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {actions.map(({ label, to, icon: Icon }) => (
          <Button key={label} asChild variant="outline" className="justify-start">
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}
