import { PageLayout } from '@/components/page-layout';

export default function PracticePage() {
  return <PageLayout title="Practice Management" subtitle="Manage your clients and practice" />;
}
