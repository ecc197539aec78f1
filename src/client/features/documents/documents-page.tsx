import { useState } from 'react';
import { FileText } from 'lucide-react';
import { PageLayout } from '@/components/page-layout';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { DocumentDto, DocumentType } from '@shared/contracts/documents';
import { DOCUMENTS_PAGE_SIZE, useDocuments } from './api';
import { DocumentCard } from './document-card';
import { ReviewDialog } from './review-dialog';
import { UploadCard } from './upload-card';
import { useCompletionToasts } from './use-completion-toasts';

const tabs: { value: 'all' | DocumentType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'bill', label: 'Bills' },
  { value: 'invoice', label: 'Invoices' },
  { value: 'receipt', label: 'Receipts' },
  { value: 'w9', label: 'W-9 Forms' },
];

function PlaceholderCards() {
  return (
    <div className="space-y-3" aria-busy="true" aria-label="Loading documents">
      {[0, 1, 2].map((key) => (
        <Card key={key} data-testid="document-placeholder">
          <CardContent className="space-y-3 pt-4">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-16 w-full" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

export default function DocumentsPage() {
  const [tab, setTab] = useState<'all' | DocumentType>('all');
  const [offset, setOffset] = useState(0);
  const [review, setReview] = useState<{ document: DocumentDto; type: 'bill' | 'invoice' } | null>(null);
  const documents = useDocuments({ documentType: tab === 'all' ? undefined : tab, offset });
  const completion = useCompletionToasts(documents.data?.items);

  return (
    <PageLayout title="Documents" subtitle="Upload and process bills, invoices, and receipts with OCR">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <div>
          <UploadCard onUploaded={(document) => completion.watch(document.id)} />
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Processed Documents</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <Tabs
              className="gap-4"
              value={tab}
              onValueChange={(value) => {
                setTab(value as 'all' | DocumentType);
                setOffset(0);
              }}
            >
              {/* Five tabs are wider than a phone's card: they wrap onto a second row instead of scrolling the page. */}
              <TabsList className="h-auto max-w-full flex-wrap justify-start">
                {tabs.map((item) => (
                  <TabsTrigger key={item.value} value={item.value} className="h-7 flex-none">
                    {item.label}
                  </TabsTrigger>
                ))}
              </TabsList>
              {/* The list is the open tab's panel, so each tab controls a panel that exists. */}
              <TabsContent value={tab} className="space-y-4">
                {documents.isPending ? (
                  <PlaceholderCards />
                ) : documents.isError ? (
                  <p role="alert" className="text-sm text-destructive">
                    {documents.error.message}
                  </p>
                ) : documents.data.items.length === 0 ? (
                  <EmptyState icon={FileText} title="No documents uploaded" description="Upload your first document to start processing with OCR" />
                ) : (
                  <>
                    <div className="space-y-3">
                      {documents.data.items.map((document) => (
                        <DocumentCard key={document.id} document={document} onCreate={(type) => setReview({ document, type })} />
                      ))}
                    </div>
                    {documents.data.total > DOCUMENTS_PAGE_SIZE && (
                      <Pager total={documents.data.total} limit={DOCUMENTS_PAGE_SIZE} offset={offset} onOffsetChange={setOffset} />
                    )}
                  </>
                )}
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </div>
      {review && <ReviewDialog document={review.document} transactionType={review.type} onClose={() => setReview(null)} />}
    </PageLayout>
  );
}
