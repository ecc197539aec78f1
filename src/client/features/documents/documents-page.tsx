import { PageLayout } from '@/components/page-layout';

export default function DocumentsPage() {
  return <PageLayout title="Documents" subtitle="Upload and process bills, invoices, and receipts with OCR" />;
}
