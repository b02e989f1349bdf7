import { lazy, Suspense, useMemo, useState } from 'react';
import { Notice } from '../../components/ui/notice.tsx';
import type { BadgeTrust } from '../../lib/badges/trust.ts';
import { type BadgePerson, checkBadge } from '../../lib/badges/verify.ts';
import { db } from '../../lib/db.ts';
import { serialize } from '../../lib/scanner/serial.ts';
import { StorageFullError } from '../../lib/storage.ts';
import { OWN_BADGE } from '../../shared/contracts/leads.ts';
import { saveScan } from './leads.ts';
import { RecentScans } from './recent-scans.tsx';

// The scanner (camera, zxing decoder) is heavy: it loads only when the scan tab opens.
const Scanner = lazy(() => import('../../components/scanner/scanner.tsx'));

type Outcome =
  | { kind: 'saved'; person: BadgePerson; isNew: boolean }
  | { kind: 'refused'; message: string }
  | { kind: 'error'; message: string };

const VALIDITY_TEXT: Record<BadgePerson['validity'], string> = {
  valid: 'Badge valid',
  expired: 'Genuine badge, outside its validity period (expired)',
  'not-yet-valid': 'Genuine badge, not valid yet',
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
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Codes arrive in bursts (camera callbacks, a keyboard wedge): each waits its turn, none is dropped.
  const onScan = useMemo(
    () =>
      serialize(async (code: string) => {
        if (!trust) return;
        try {
          const verdict = await checkBadge(code, trust);
          if (!verdict.ok) {
            setOutcome({ kind: 'refused', message: verdict.message });
            return;
          }
          if (verdict.person.personKey === ownBadgeId) {
            setOutcome({ kind: 'refused', message: OWN_BADGE });
            return;
          }
          // The name shows before the write finishes; the write takes a few milliseconds.
          setOutcome({ kind: 'saved', person: verdict.person, isNew: true });
          const { isNew } = await saveScan(db, userId, verdict.person, code);
          setOutcome({ kind: 'saved', person: verdict.person, isNew });
        } catch (error) {
          setOutcome({
            kind: 'error',
            message: error instanceof StorageFullError ? error.message : 'The lead could not be saved on this device.',
          });
        }
      }),
    [trust, userId, ownBadgeId],
  );

  if (!trustLoaded) return <p aria-busy="true">Preparing the scanner…</p>;
  if (!trust) {
    return (
      <Notice tone="warning">
        Badges are checked with keys downloaded from the server. Connect to the internet once to download them.
      </Notice>
    );
  }

  return (
    <div className="contacts-scan">
      <div className="contacts-scan__result" aria-live="polite">
        {outcome?.kind === 'saved' && (
          <div className="contacts-scan__person" data-testid="scan-result">
            <p className="contacts-scan__name">{outcome.person.name}</p>
            <p className="contacts-scan__company">{outcome.person.company}</p>
            <p className="contacts-scan__meta">
              {outcome.person.passType} · {VALIDITY_TEXT[outcome.person.validity]}
            </p>
            <p className="contacts-scan__meta">
              {outcome.isNew ? 'Lead saved' : 'Scanned again: lead updated'} on this device; uploaded as soon as there is a
              connection.
            </p>
          </div>
        )}
        {outcome?.kind === 'refused' && <Notice tone="danger">Badge refused: {outcome.message} No lead was saved.</Notice>}
        {outcome?.kind === 'error' && <Notice tone="danger">{outcome.message}</Notice>}
      </div>
      <Suspense fallback={<p aria-busy="true">Loading the scanner…</p>}>
        <Scanner onScan={onScan} />
      </Suspense>
      <RecentScans userId={userId} />
    </div>
  );
}
