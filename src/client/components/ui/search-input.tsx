import { Search } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Input } from './input';

/** A list's search box: magnifier icon, accessible label, the text as a controlled value. */
export function SearchInput(props: {
  label: string;
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('relative w-full max-w-sm', props.className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
      <Input
        className="pl-9"
        placeholder={props.placeholder}
        aria-label={props.label}
        value={props.value}
        onChange={(event) => props.onValueChange(event.target.value)}
      />
    </div>
  );
}
