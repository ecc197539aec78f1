import { Landmark, Mail, MapPin, Pencil, Phone, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Vendor } from '@shared/contracts/vendors';
import { PaymentMethodBadge } from './payment-method-badge';

function addressLine(vendor: Vendor): string {
  const place = [vendor.city, [vendor.state, vendor.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [vendor.address, place].filter(Boolean).join(', ');
}

export function VendorCard({ vendor, onEdit, onDelete }: { vendor: Vendor; onEdit: () => void; onDelete: () => void }) {
  const address = addressLine(vendor);
  return (
    <Card className={vendor.isActive ? '' : 'opacity-70'} data-testid="vendor-card">
      <CardHeader className="flex flex-row items-start justify-between gap-2 space-y-0">
        <div className="min-w-0 space-y-1.5">
          <CardTitle className="truncate text-base" title={vendor.name}>
            {vendor.name}
          </CardTitle>
          <div className="flex flex-wrap gap-1.5">
            <PaymentMethodBadge method={vendor.paymentMethod} />
            {!vendor.isActive && <Badge variant="secondary">Inactive</Badge>}
          </div>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${vendor.name}`}>
            <Pencil />
          </Button>
          <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Delete ${vendor.name}`}>
            <Trash2 />
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-1.5 text-sm text-slate-600">
        <p className="flex items-center gap-2 truncate">
          <Mail className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <span className="truncate">{vendor.email}</span>
        </p>
        {vendor.phone && (
          <p className="flex items-center gap-2">
            <Phone className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            {vendor.phone}
          </p>
        )}
        {address && (
          <p className="flex items-center gap-2">
            <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <span className="truncate" title={address}>
              {address}
            </span>
          </p>
        )}
        {vendor.accountNumber && (
          <p className="flex items-center gap-2">
            <Landmark className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <span className="truncate">
              {vendor.bankName} {vendor.accountNumber}
            </span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
