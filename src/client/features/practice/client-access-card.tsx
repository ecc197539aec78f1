import { KeyRound, UserMinus } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { fullName } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { roleLabels } from '@shared/contracts/team';
import { type GrantableRole, type PracticeClientDetails, grantableRoles } from '@shared/contracts/portfolio';
import { useFirmMembers, useGrantAccess, useRevokeAccess } from './portfolio-api';
import { grantRoleLabels } from './portfolio-labels';

const failed = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });

/**
 * Who may open the client's workspace: the firm's owners and admins (every client) and the members
 * granted this one. Owners and admins grant, change and revoke; the server checks the same.
 */
export function ClientAccessCard({ client, canManage }: { client: PracticeClientDetails; canManage: boolean }) {
  const members = useFirmMembers(canManage);
  const grant = useGrantAccess(client.id);
  const revoke = useRevokeAccess(client.id);
  const [memberId, setMemberId] = useState('');
  const [role, setRole] = useState<GrantableRole>('accountant');
  const memberField = useId();
  const roleField = useId();
  const grantable = (members.data?.items ?? []).filter((member) => member.role !== 'owner' && member.role !== 'admin');

  const submit = () => {
    const member = grantable.find((candidate) => candidate.id === memberId);
    if (!member) return;
    grant.mutate(
      { userId: member.id, role },
      {
        onSuccess: () => {
          toast({ title: 'Access Granted', description: `${fullName(member, member.username)} can open ${client.name} as ${grantRoleLabels[role]}.` });
          setMemberId('');
        },
        onError: failed('Access Not Granted'),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <KeyRound className="size-4 text-slate-500" aria-hidden="true" />
          Access
        </CardTitle>
        <CardDescription>Who from your firm can open this client's workspace.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <ul className="divide-y" aria-label="Members with access">
          {client.access.map((entry) => (
            <li key={entry.userId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{entry.name}</p>
                <p className="truncate text-xs text-slate-500">{entry.email}</p>
              </div>
              <Badge variant={entry.source === 'firm' ? 'info' : 'secondary'}>{roleLabels[entry.role]}</Badge>
              <span className="text-xs text-slate-500">{entry.source === 'firm' ? 'Every client' : 'Granted'}</span>
              {canManage && entry.source === 'grant' && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Revoke access of ${entry.name}`}
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(entry.userId, {
                      onSuccess: () => toast({ title: 'Access Revoked', description: `${entry.name} can no longer open ${client.name}.` }),
                      onError: failed('Access Not Revoked'),
                    })
                  }
                >
                  <UserMinus aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ul>
        {canManage && (
          <div className="grid grid-cols-1 gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor={memberField}>Team member</Label>
              <Select value={memberId} onValueChange={setMemberId}>
                <SelectTrigger id={memberField} disabled={grantable.length === 0}>
                  <SelectValue placeholder={grantable.length === 0 ? 'No teammate to grant yet' : 'Choose a member'} />
                </SelectTrigger>
                <SelectContent>
                  {grantable.map((member) => (
                    <SelectItem key={member.id} value={member.id}>
                      {fullName(member, member.username)} ({roleLabels[member.role]})
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={roleField}>Role in workspace</Label>
              <Select value={role} onValueChange={(value) => setRole(value as GrantableRole)}>
                <SelectTrigger id={roleField}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {grantableRoles.map((value) => (
                    <SelectItem key={value} value={value}>
                      {grantRoleLabels[value]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <Button onClick={submit} disabled={!memberId || grant.isPending}>
              Grant Access
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
