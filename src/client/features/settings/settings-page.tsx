import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { OperatorStatus } from '@shared/contracts/contact';
import { PageLayout } from '@/components/page-layout';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/lib/auth';
import { ActivityTab } from './activity-tab';
import { BillingTab } from './billing-tab';
import { BusinessTab } from './business-tab';
import { NotificationsTab } from './notifications-tab';
import { ProfileTab } from './profile-tab';
import { RequestsTab } from './requests-tab';
import { SecurityTab } from './security-tab';
import { type SettingsTab, settingsTabs } from './settings-tabs';
import { TeamTab } from './team-tab';

type Tab = SettingsTab;
const isTab = (value: string | null): value is Tab => settingsTabs.some((tab) => tab === value);

export default function SettingsPage() {
  // The open tab lives in the URL (?tab=team), so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  // Demo and sales requests: the tab appears only for the installation's operators (OPERATOR_EMAILS).
  const showRequests = useQuery<OperatorStatus>({ queryKey: ['/api/operator'] }).data?.isOperator === true;
  // The audit trail (Activity) is for the workspace's owners and admins; the server refuses others too.
  const role = useCurrentUser().data?.role;
  const showActivity = role === 'owner' || role === 'admin';
  const hidden = (value: Tab) => (value === 'requests' && !showRequests) || (value === 'activity' && !showActivity);
  const tab: Tab = isTab(requested) && !hidden(requested) ? requested : 'profile';
  return (
    <PageLayout title="Settings" subtitle="Manage your account and preferences">
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'profile' ? {} : { tab: value }, { replace: true })}>
        <TabsList className="w-full justify-start overflow-x-auto sm:w-fit">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="business">Business</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
          <TabsTrigger value="billing">Billing</TabsTrigger>
          <TabsTrigger value="team">Team</TabsTrigger>
          {showActivity ? <TabsTrigger value="activity">Activity</TabsTrigger> : null}
          {showRequests ? <TabsTrigger value="requests">Requests</TabsTrigger> : null}
        </TabsList>
        <div className="mt-4 max-w-4xl">
          <TabsContent value="profile">
            <ProfileTab />
          </TabsContent>
          <TabsContent value="business">
            <BusinessTab />
          </TabsContent>
          <TabsContent value="security">
            <SecurityTab />
          </TabsContent>
          <TabsContent value="notifications">
            <NotificationsTab />
          </TabsContent>
          <TabsContent value="billing">
            <BillingTab />
          </TabsContent>
          <TabsContent value="team">
            <TeamTab />
          </TabsContent>
          {showActivity ? (
            <TabsContent value="activity">
              <ActivityTab />
            </TabsContent>
          ) : null}
          {showRequests ? (
            <TabsContent value="requests">
              <RequestsTab />
            </TabsContent>
          ) : null}
        </div>
      </Tabs>
    </PageLayout>
  );
}
