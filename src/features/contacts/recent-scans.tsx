import { useLiveQuery } from 'dexie-react-hooks';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { db } from '../../lib/db.ts';
import { clockTime } from '../../lib/venue-time.ts';
import { LeadMarker } from './lead-marker.tsx';
import { recentLeads } from './leads.ts';

/** How many of the newest leads the scan tab lists. */
const RECENT_MAX = 8;

/**
 * The newest leads of this device under the scanner, live from Dexie: each scan lands here the
 * moment it is written, with its pending or failed marker.
 */
export function RecentScans({ userId }: { userId: string }) {
  const t = useT('contacts');
  const language = useLanguage();
  const result = useLiveQuery(() => recentLeads(db, userId, RECENT_MAX), [userId]);
  if (result === undefined) return null;
  const { rows: recent, states } = result;

  return (
    <section className="contacts-recent" aria-labelledby="contacts-recent-title">
      <h2 id="contacts-recent-title" className="contacts-section-title">
        {t('recentScans')}
      </h2>
      {recent.length === 0 ? (
        <p className="person-row__meta">{t('recentScansEmpty')}</p>
      ) : (
        <ul className="person-list" aria-label={t('recentScans')}>
          {recent.map((row) => {
            const state = states.get(row.personKey);
            return (
              <li key={row.personKey} className="person-row" data-person-key={row.personKey}>
                <div>
                  <p className="person-row__name">{row.name}</p>
                  <p className="person-row__meta">{row.company}</p>
                  <p className="person-row__meta">{clockTime(row.changedAt, language)}</p>
                </div>
                <LeadMarker status={state?.status ?? 'synced'} reason={state?.reason ?? null} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
