import { Navigate, useParams } from 'react-router';

/**
 * /bank-accounts/:id/reconcile: an address kept for links; reconciling is the account page's
 * Reconcile tab, so there is one place to do it.
 */
export default function ReconcilePage() {
  const { id = '' } = useParams();
  return <Navigate to={`/bank-accounts/${encodeURIComponent(id)}?tab=reconcile`} replace />;
}
