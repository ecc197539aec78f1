import { useState } from 'react';
import { format } from 'date-fns';
import { Download, Eye, FileCode2, FileText, Image as ImageIcon, Link2, Trash2, UserCheck } from 'lucide-react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import type { DocumentDto } from '@shared/contracts/documents';
import { useDeleteDocument } from './api';
import { formatFileSize } from '@/lib/file-size';
import { documentStatus, documentTypeLabels, formatExtractedTotal } from './document-format';
import { ApplyW9Dialog } from './apply-w9-dialog';
import { W9Block } from './w9-block';
import { EinvoiceDialog } from './einvoice/einvoice-dialog';

function ExtractedDataBlock({ document }: { document: DocumentDto }) {
  const data = document.extractedData;
  if (!data) return null;
  if (document.documentType === 'w9') return <W9Block document={document} />;
  const rows: [string, string][] = [
    ['Vendor', data.vendor.name ?? '—'],
    ['Total', formatExtractedTotal(data.amounts.total, data.currency)],
    ['Date', data.dates.issueDate ?? '—'],
    ['Invoice #', data.documentNumbers.invoiceNumber ?? '—'],
    ['Category', data.suggestedCategory ?? '—'],
  ];
  return (
    <section className="rounded-md border bg-slate-50 p-3" aria-label="AI Extracted Data">
      <div className="mb-2 flex items-center justify-between">
        <h4 className="text-sm font-semibold">AI Extracted Data</h4>
        <Badge variant="info">{Math.round(data.confidence * 100)}% confidence</Badge>
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className={cn('flex min-w-0 justify-between gap-2', label === 'Vendor' && 'sm:col-span-2')}>
            <dt className="text-slate-500">{label}:</dt>
            <dd className="truncate font-medium" title={value}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function DocumentCard(props: { document: DocumentDto; onCreate: (type: 'bill' | 'invoice') => void }) {
  const { document } = props;
  const status = documentStatus(document);
  const StatusIcon = status.icon;
  const FileIcon = document.fileType.startsWith('image/') ? ImageIcon : FileText;
  const isW9 = document.documentType === 'w9';
  const canApplyW9 = isW9 && document.ocrStatus === 'completed' && Boolean(document.extractedData?.w9);
  const canCreate = !isW9 && document.ocrStatus === 'completed' && document.extractedData !== null && document.relatedEntityId === null;
  const [applyOpen, setApplyOpen] = useState(false);
  const isEinvoice = document.ocrStatus === 'completed' && (document.fileType === 'application/xml' || document.extractedData?.source === 'einvoice');
  const [einvoiceOpen, setEinvoiceOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useDeleteDocument();

  return (
    <Card data-testid="document-card" className="gap-0">
      <CardContent className="space-y-3 pt-4">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-start gap-3">
            <FileIcon className="mt-0.5 size-8 shrink-0 text-slate-500" aria-hidden="true" />
            <div className="min-w-0">
              <p className="truncate font-medium" title={document.fileName}>
                {document.fileName}
              </p>
              <p className="text-xs text-slate-500">
                {formatFileSize(document.fileSize)} · {documentTypeLabels[document.documentType]} · Uploaded{' '}
                {format(new Date(document.createdAt), 'MMM d, yyyy')}
              </p>
            </div>
          </div>
          <Badge variant={status.variant} data-testid="ocr-status">
            <StatusIcon className={cn(status.spin && 'animate-spin')} aria-hidden="true" />
            {status.label}
          </Badge>
        </div>
        {document.ocrStatus === 'failed' && document.processingError && (
          <p className="rounded-md bg-red-50 p-2 text-sm text-red-800">{document.processingError}</p>
        )}
        <ExtractedDataBlock document={document} />
        {document.relatedEntityType && (
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <Link2 className="size-4" aria-hidden="true" />
            {document.relatedEntityType === 'bill' ? 'Bill' : 'Invoice'} created from this document —{' '}
            <Link className="underline" to={document.relatedEntityType === 'bill' ? '/bills' : '/invoices'}>
              view {document.relatedEntityType === 'bill' ? 'bills' : 'invoices'}
            </Link>
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {canApplyW9 && (
            <Button size="sm" onClick={() => setApplyOpen(true)}>
              <UserCheck aria-hidden="true" /> Apply to vendor
            </Button>
          )}
          {canCreate && (
            <>
              <Button size="sm" onClick={() => props.onCreate('bill')}>
                Create Bill
              </Button>
              <Button size="sm" variant="outline" onClick={() => props.onCreate('invoice')}>
                Create Invoice
              </Button>
            </>
          )}
          {isEinvoice && (
            <Button size="sm" variant="outline" onClick={() => setEinvoiceOpen(true)}>
              <FileCode2 aria-hidden="true" /> View e-invoice
            </Button>
          )}
          <Button size="sm" variant="outline" asChild>
            <a href={`${document.fileUrl}?inline=1`} target="_blank" rel="noopener noreferrer">
              <Eye aria-hidden="true" /> View
            </a>
          </Button>
          <Button size="sm" variant="outline" asChild>
            <a href={document.fileUrl} download={document.fileName} aria-label={`Download ${document.fileName}`}>
              <Download aria-hidden="true" />
            </a>
          </Button>
          {!document.relatedEntityType && (
            <Button size="sm" variant="ghost" aria-label={`Delete ${document.fileName}`} onClick={() => setConfirmDelete(true)}>
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </div>
      </CardContent>
      {isEinvoice && <EinvoiceDialog document={document} open={einvoiceOpen} onOpenChange={setEinvoiceOpen} />}
      {canApplyW9 && <ApplyW9Dialog document={document} open={applyOpen} onOpenChange={setApplyOpen} />}
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete document?"
        description={`${document.fileName} and its extracted data will be removed.`}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(document.id, {
            onSuccess: () => {
              setConfirmDelete(false);
              toast({ title: 'Document deleted' });
            },
            onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
          })
        }
      />
    </Card>
  );
}
