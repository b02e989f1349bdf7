import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Notice } from '../../components/ui/notice.tsx';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import type { BadgeTrust } from '../../lib/badges/trust.ts';
import { type BadgePerson, type BadgeRefusal, checkBadge } from '../../lib/badges/verify.ts';
import { db } from '../../lib/db.ts';
import { serialize } from '../../lib/scanner/serial.ts';
import { StorageFullError } from '../../lib/storage.ts';
import { setDeviceRole } from '../../sync/device-report.ts';
import { saveScan } from './leads.ts';
import { RecentScans } from './recent-scans.tsx';

// The scanner (camera, zxing decoder) is heavy: it loads only when the scan tab opens.
const Scanner = lazy(() => import('../../components/scanner/scanner.tsx'));

type Refusal = BadgeRefusal | 'own-badge';

type Outcome =
  | { kind: 'saved'; person: BadgePerson; isNew: boolean }
  | { kind: 'refused'; reason: Refusal }
  /** `message` null: the generic "could not be saved". */
  | { kind: 'error'; message: string | null };

const VALIDITY_TEXT: Record<BadgePerson['validity'], MessageKey<'contacts'>> = {
  valid: 'badgeValid',
  expired: 'badgeExpired',
  'not-yet-valid': 'badgeNotYetValid',
};

/** Why a badge is refused, in the server's words (src/lib/badges, OWN_BADGE), as one sentence with the outcome. */
const REFUSED_TEXT: Record<Refusal, MessageKey<'contacts'>> = {
  malformed: 'refusedMalformed',
  'unknown-key': 'refusedUnknownKey',
  'bad-signature': 'refusedBadSignature',
  revoked: 'refusedRevoked',
  'own-badge': 'refusedOwnBadge',
};

interface ScanTabProps {
  userId: string;
  trust: BadgeTrust | null;
  trustLoaded: boolean;
  /** The scanner's own badge id (null when unknown or without a pass). */
  ownBadgeId: string | null;
}

/**
 * The scan tab: every code read is verified offline (signature, revocation list, not the scanner's
 * own badge), then saved as a lead with its outbox op; the recent scans below show it land.
 */
export function ScanTab({ userId, trust, trustLoaded, ownBadgeId }: ScanTabProps) {
  const t = useT('contacts');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A phone that scans leads shows on the organizer console under its exhibitor.
  useEffect(() => void setDeviceRole({ kind: 'lead' }), []);
  // Codes arrive in bursts (camera callbacks, a keyboard wedge): each waits its turn, none is dropped.
  const onScan = useMemo(
    () =>
      serialize(async (code: string) => {
        if (!trust) return;
        try {
          const verdict = await checkBadge(code, trust);
          if (!verdict.ok) {
            setOutcome({ kind: 'refused', reason: verdict.reason });
            return;
          }
          if (verdict.person.personKey === ownBadgeId) {
            setOutcome({ kind: 'refused', reason: 'own-badge' });
            return;
          }
          // The name shows before the write finishes; the write takes a few milliseconds.
          setOutcome({ kind: 'saved', person: verdict.person, isNew: true });
          const { isNew } = await saveScan(db, userId, verdict.person, code);
          setOutcome({ kind: 'saved', person: verdict.person, isNew });
        } catch (error) {
          setOutcome({
            kind: 'error',
            message: error instanceof StorageFullError ? error.message : null,
          });
        }
      }),
    [trust, userId, ownBadgeId],
  );

  if (!trustLoaded) return <p aria-busy="true">{t('preparingScanner')}</p>;
  if (!trust) return <Notice tone="warning">{t('noKeys')}</Notice>;

  return (
    <div className="contacts-scan">
      <div className="contacts-scan__result" aria-live="polite">
        {outcome?.kind === 'saved' && (
          <div className="contacts-scan__person" data-testid="scan-result">
            <p className="contacts-scan__name">{outcome.person.name}</p>
            <p className="contacts-scan__company">{outcome.person.company}</p>
            <p className="contacts-scan__meta">
              {outcome.person.passType} · {t(VALIDITY_TEXT[outcome.person.validity])}
            </p>
            <p className="contacts-scan__meta">{outcome.isNew ? t('leadSaved') : t('leadUpdated')}</p>
          </div>
        )}
        {outcome?.kind === 'refused' && <Notice tone="danger">{t(REFUSED_TEXT[outcome.reason])}</Notice>}
        {outcome?.kind === 'error' && <Notice tone="danger">{outcome.message ?? t('leadNotSaved')}</Notice>}
      </div>
      <Suspense fallback={<p aria-busy="true">{t('loadingScanner')}</p>}>
        <Scanner onScan={onScan} />
      </Suspense>
      <RecentScans userId={userId} />
    </div>
  );
}
