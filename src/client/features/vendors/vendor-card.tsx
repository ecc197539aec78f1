import { ContactLines, RecordActions, formatAddress } from '@/components/record-card-parts';
import { FileText, Landmark } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Vendor } from '@shared/contracts/vendors';
import { PaymentMethodBadge } from './payment-method-badge';

export function VendorCard({
  vendor,
  onEdit,
  onDelete,
  onTaxDetails,
}: {
  vendor: Vendor;
  onEdit: () => void;
  onDelete: () => void;
  onTaxDetails: () => void;
}) {
  const address = formatAddress(vendor);
  return (
    <Card className={vendor.isActive ? '' : 'opacity-70'} data-testid="vendor-card">
      <CardHeader className="flex flex-row items-start justify-between gap-2 space-y-0">
        <div className="min-w-0 space-y-1.5">
          <CardTitle className="truncate text-base" title={vendor.name}>
            {vendor.name}
          </CardTitle>
          <div className="flex flex-wrap gap-1.5">
            <PaymentMethodBadge method={vendor.paymentMethod} />
            {vendor.w9ReceivedAt ? <Badge variant="success">W-9 on file</Badge> : <Badge variant="warning">W-9 missing</Badge>}
            {!vendor.isActive && <Badge variant="secondary">Inactive</Badge>}
          </div>
        </div>
        <RecordActions name={vendor.name} onEdit={onEdit} onDelete={onDelete} />
      </CardHeader>
      <CardContent className="space-y-1.5 text-sm text-slate-600">
        <ContactLines email={vendor.email} phone={vendor.phone} address={address} />
        {vendor.accountNumber && (
          <p className="flex items-center gap-2">
            <Landmark className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <span className="truncate">
              {vendor.bankName} {vendor.accountNumber}
            </span>
          </p>
        )}
        <Button variant="link" className="h-auto px-0" onClick={onTaxDetails} aria-label={`Tax details of ${vendor.name}`}>
          <FileText aria-hidden="true" />
          Tax details{vendor.taxId ? ` · TIN ${vendor.taxId}` : ''}
        </Button>
      </CardContent>
    </Card>
  );
}
