import { Badge } from '@/components/ui/badge';
import type { DocumentDto } from '@shared/contracts/documents';
import { taxClassificationLabels } from '@shared/contracts/tax-1099';
import { maskTin } from '@shared/tin';

/** What was read from a W-9 upload: line by line, the TIN masked, with the way it was read. */
export function W9Block({ document }: { document: DocumentDto }) {
  const w9 = document.extractedData?.w9;
  if (!w9) return null;
  const classification = w9.taxClassification
    ? `${taxClassificationLabels[w9.taxClassification]}${w9.llcTaxClassification ? ` (${w9.llcTaxClassification})` : ''}`
    : '—';
  const cityLine = [w9.city, [w9.state, w9.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const rows: [string, string][] = [
    ['Name (line 1)', w9.legalName ?? '—'],
    ['Business name (line 2)', w9.businessName ?? '—'],
    ['Classification', classification],
    ['Exemption codes', [w9.exemptPayeeCode, w9.fatcaExemptionCode].filter(Boolean).join(' / ') || '—'],
    ['Address', w9.address ?? '—'],
    ['City, state, ZIP', cityLine || '—'],
    [w9.tinType === 'ein' ? 'EIN' : w9.tinType === 'ssn' ? 'SSN' : 'TIN', maskTin(w9.tinType, w9.tinLast4) ?? '—'],
  ];
  return (
    <section className="rounded-md border bg-slate-50 p-3" aria-label="W-9 fields">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">W-9 fields</h4>
        <Badge variant="info">{w9.method === 'acroform' ? 'Read from form fields' : 'Read by OCR'}</Badge>
      </div>
      <dl className="grid grid-cols-1 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex min-w-0 justify-between gap-2">
            <dt className="shrink-0 text-slate-500">{label}:</dt>
            <dd className="truncate text-right font-medium" title={value} data-testid={`w9-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {w9.tinProblem && (
        <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900" role="status">
          TIN: {w9.tinProblem}
        </p>
      )}
    </section>
  );
}
