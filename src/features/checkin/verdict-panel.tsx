import { Notice } from '../../components/ui/notice.tsx';
import { useT } from '../../i18n/use-t.ts';
import { type CheckinVerdict, verdictText } from './verdict.ts';

/**
 * The last scan's result; `scan` numbers the scans so the same verdict twice is announced twice.
 * An `error` of null is the generic "could not be saved"; a message (a full disk's) shows as it is.
 */
export type Outcome = { scan: number; verdict: CheckinVerdict } | { scan: number; error: string | null };

/** The large verdict shown after each scan: read at arm's length at a busy door. */
export function VerdictPanel({ outcome }: { outcome: Outcome | null }) {
  const t = useT('checkin');
  return (
    <div className="checkin-verdict-slot" aria-live="assertive" aria-atomic="true">
      {outcome && 'error' in outcome && <Notice tone="danger">{outcome.error ?? t('saveFailed')}</Notice>}
      {outcome && 'verdict' in outcome && <Verdict key={outcome.scan} verdict={outcome.verdict} />}
    </div>
  );
}

function Verdict({ verdict }: { verdict: CheckinVerdict }) {
  const t = useT('checkin');
  const text = verdictText(verdict);
  return (
    <section className={`checkin-verdict checkin-verdict--${text.tone}`} data-testid="checkin-verdict" aria-label={t('verdict')}>
      <p className="checkin-verdict__title">{text.title}</p>
      {text.holder && (
        <>
          <p className="checkin-verdict__name">{text.holder.name}</p>
          <p className="checkin-verdict__meta">{[text.holder.company, text.holder.passType].filter(Boolean).join(' · ')}</p>
        </>
      )}
      <p className="checkin-verdict__detail">{text.detail}</p>
    </section>
  );
}
