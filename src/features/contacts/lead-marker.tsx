/** Pending (not on the server yet) or Failed with the server's reason; nothing once synced. */
export function LeadMarker({ status, reason }: { status: 'pending' | 'rejected' | 'synced'; reason: string | null }) {
  if (status === 'pending') return <span className="contacts-lead__marker">Pending</span>;
  if (status === 'rejected')
    return (
      <span className="contacts-lead__marker contacts-lead__marker--failed">Failed: {reason ?? 'refused by the server'}</span>
    );
  return null;
}
