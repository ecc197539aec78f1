import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/** The one-time recovery codes, in two columns, with a button to copy them all. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: 'Copied', description: 'The recovery codes are on your clipboard.' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the codes and copy them by hand.',
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="grid gap-2">
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border bg-slate-50 p-3 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => void copy()}
      >
        <Copy aria-hidden="true" />
        Copy codes
      </Button>
    </div>
  );
}
