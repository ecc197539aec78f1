import { PageLayout } from '@/components/page-layout';

export default function BankAccountsPage() {
  return <PageLayout title="Bank Accounts" subtitle="Manage your bank accounts for ACH and wire transfers" />;
}
