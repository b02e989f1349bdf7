import { useT } from '../../i18n/use-t.ts';

/** Pending (not on the server yet) or Failed with the server's reason; nothing once synced. */
export function LeadMarker({ status, reason }: { status: 'pending' | 'rejected' | 'synced'; reason: string | null }) {
  const t = useT('contacts');
  if (status === 'pending') return <span className="contacts-lead__marker">{t('markerPending')}</span>;
  if (status === 'rejected')
    return (
      <span className="contacts-lead__marker contacts-lead__marker--failed">
        {reason !== null ? t('markerFailed', { reason }) : t('markerFailedNoReason')}
      </span>
    );
  return null;
}
