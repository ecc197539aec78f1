import { Download } from 'lucide-react';
import type { ReportDownloadFormat } from '@shared/contracts/reports';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

export const formatLabels: Record<ReportDownloadFormat, string> = { csv: 'CSV', xlsx: 'Excel (XLSX)', pdf: 'PDF' };

/** The download icon: choose CSV, Excel or PDF. */
export function DownloadMenu({ label, onChoose, disabled }: { label: string; onChoose: (format: ReportDownloadFormat) => void; disabled?: boolean }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={disabled}>
        <Button variant="outline" size="icon" aria-label={label} title={label}>
          <Download aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {(Object.keys(formatLabels) as ReportDownloadFormat[]).map((format) => (
          <DropdownMenuItem key={format} onSelect={() => onChoose(format)}>
            {formatLabels[format]}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
