import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import type { ContactRequest } from '@shared/contracts/contact';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { apiList } from '@/lib/api';

const LIMIT = 20;

const contactRequestsKey = (offset: number) => ['/api/contact-requests', { limit: LIMIT, offset }] as const;

/** Demo and sales requests from the public site; the server shows them to the operators (OPERATOR_EMAILS) only. */
function useContactRequests(offset: number) {
  return useQuery({
    queryKey: contactRequestsKey(offset),
    queryFn: () => apiList<ContactRequest>('/api/contact-requests', { limit: LIMIT, offset }),
  });
}

export function RequestsTab() {
  const [offset, setOffset] = useState(0);
  const { data } = useContactRequests(offset);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Demo and sales requests</CardTitle>
        <CardDescription>Sent from the public Demo and Contact pages, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {data && data.items.length === 0 ? (
          <EmptyState icon={Inbox} title="No requests yet" description="Requests from /demo and /contact appear here." />
        ) : null}
        {data?.items.map((request) => (
          <div key={request.id} className="rounded-md border p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{request.name}</span>
              <Badge variant={request.topic === 'demo' ? 'info' : 'secondary'}>{request.topic === 'demo' ? 'Demo' : 'Sales'}</Badge>
              <span className="text-sm text-muted-foreground">
                {request.firm} · <a className="underline" href={`mailto:${request.email}`}>{request.email}</a> ·{' '}
                {new Date(request.createdAt).toLocaleString()}
              </span>
            </div>
            <p className="mt-2 whitespace-pre-wrap text-sm">{request.message}</p>
          </div>
        ))}
        {data && data.total > LIMIT ? <Pager total={data.total} limit={LIMIT} offset={offset} onOffsetChange={setOffset} /> : null}
      </CardContent>
    </Card>
  );
}
