import { Mail, MapPin, Pencil, Phone, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** "210 SW Morrison St, Portland, OR 97204" from whichever parts are filled in. */
export function formatAddress(parts: {
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}): string {
  const place = [parts.city, [parts.state, parts.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [parts.address, place].filter(Boolean).join(', ');
}

/** Edit and delete buttons of a customer or vendor card, labelled with the record's name. */
export function RecordActions(props: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex shrink-0 gap-1">
      <Button variant="ghost" size="icon" onClick={props.onEdit} aria-label={`Edit ${props.name}`}>
        <Pencil />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        onClick={props.onDelete}
        aria-label={`Delete ${props.name}`}
      >
        <Trash2 />
      </Button>
    </div>
  );
}

/** Email, phone and address lines of a contact card; missing ones are left out. */
export function ContactLines(props: {
  email: string;
  phone: string | null;
  address: string | null;
}) {
  return (
    <>
      <p className="flex items-center gap-2">
        <Mail className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
        <span className="truncate">{props.email}</span>
      </p>
      {props.phone && (
        <p className="flex items-center gap-2">
          <Phone className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          {props.phone}
        </p>
      )}
      {props.address && (
        <p className="flex items-center gap-2">
          <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <span className="truncate" title={props.address}>
            {props.address}
          </span>
        </p>
      )}
    </>
  );
}
