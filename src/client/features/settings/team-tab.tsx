import { Pencil, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { type TeamMember, roleLabels } from '@shared/contracts/team';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { fullName, useCurrentUser } from '@/lib/auth';
import { useMoneyFormat } from '@/lib/money-format';
import { toast } from '@/lib/toast';
import { useInvitations, useRemoveMember, useTeam } from './api';
import { EditMemberDialog } from './edit-member-dialog';
import { InviteDialog } from './invite-dialog';

/** Members with role and approval limit; owners and admins manage, everyone else reads. */
export function TeamTab() {
  const { data: user } = useCurrentUser();
  const canManage = user?.role === 'owner' || user?.role === 'admin';
  const isOwner = user?.role === 'owner';
  const team = useTeam();
  const invitations = useInvitations(canManage);
  const remove = useRemoveMember();
  const { formatAmount } = useMoneyFormat();
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  // Admins may not change or remove owners (the server refuses it too).
  const canTouch = (member: TeamMember) => canManage && (isOwner || member.role !== 'owner');

  const confirmRemove = () => {
    if (!removing) return;
    const name = fullName(removing, removing.username);
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast({ title: 'Team member removed', description: `${name} can no longer sign in.` });
        setRemoving(null);
      },
      onError: (error) => {
        toast({ title: 'Error', description: error.message, variant: 'destructive' });
        setRemoving(null);
      },
    });
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid gap-1.5">
            <CardTitle>Team Members</CardTitle>
            <CardDescription>
              {canManage ? 'Invite people, set their role and how much they may approve.' : 'Only owners and admins can change the team.'}
            </CardDescription>
          </div>
          {canManage && <InviteDialog canGrantOwner={isOwner} />}
        </CardHeader>
        <CardContent>
          {team.isLoading ? (
            <Skeleton className="h-32 w-full" />
          ) : team.error ? (
            <p className="text-sm text-destructive">Could not load the team: {team.error.message}</p>
          ) : !team.data || team.data.items.length === 0 ? (
            <EmptyState icon={Users} title="No team members yet" />
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Email</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead className="text-right">Approval limit</TableHead>
                  {canManage && <TableHead className="w-24 text-right">Actions</TableHead>}
                </TableRow>
              </TableHeader>
              <TableBody>
                {team.data.items.map((member) => {
                  const name = fullName(member, member.username);
                  return (
                    <TableRow key={member.id}>
                      <TableCell className="font-medium">
                        {name}
                        {member.id === user?.id && <span className="ml-2 text-xs text-slate-500">(you)</span>}
                        <span className="block text-xs font-normal text-slate-500">@{member.username}</span>
                      </TableCell>
                      <TableCell>{member.email}</TableCell>
                      <TableCell>
                        <Badge variant={member.role === 'owner' ? 'info' : 'secondary'}>{roleLabels[member.role]}</Badge>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{member.approvalLimit === null ? 'No limit' : formatAmount(member.approvalLimit)}</TableCell>
                      {canManage && (
                        <TableCell className="text-right">
                          {canTouch(member) && (
                            <div className="flex justify-end gap-1">
                              <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={() => setEditing(member)}>
                                <Pencil />
                              </Button>
                              {member.id !== user?.id && (
                                <Button variant="ghost" size="icon" aria-label={`Remove ${name}`} onClick={() => setRemoving(member)}>
                                  <Trash2 className="text-destructive" />
                                </Button>
                              )}
                            </div>
                          )}
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>

      {canManage && invitations.data && invitations.data.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Pending Invitations</CardTitle>
            <CardDescription>Links that have been sent and not used yet.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="divide-y text-sm">
              {invitations.data.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="font-medium">{invitation.email}</span>
                  <span className="text-slate-500">
                    {roleLabels[invitation.role]} · expires {new Date(invitation.expiresAt).toLocaleDateString()}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}

      <EditMemberDialog member={editing} canGrantOwner={isOwner} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove team member?"
        description={removing ? `${fullName(removing, removing.username)} will be signed out and can no longer sign in.` : ''}
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </div>
  );
}
