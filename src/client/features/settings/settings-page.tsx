import { PageLayout } from '@/components/page-layout';

export default function SettingsPage() {
  return <PageLayout title="Settings" subtitle="Manage your account and preferences" />;
}
