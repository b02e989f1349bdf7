import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { useBadgeTrust } from '../../lib/badges/use-badge-trust.ts';
import { db } from '../../lib/db.ts';
import { serialize } from '../../lib/scanner/serial.ts';
import { userAtom } from '../../lib/session.ts';
import { StorageFullError } from '../../lib/storage.ts';
import { clockTime } from '../../lib/venue-time.ts';
import { setDeviceRole } from '../../sync/device-report.ts';
import { checkIn } from './checkins.ts';
import { chosenListId, deviceIdOf, rememberListId } from './lists.ts';
import { checkinItems, listCounts } from './model.ts';
import { CountsLine, CountsTable, RecentCheckins } from './recent-checkins.tsx';
import { useCheckinRefresh, useCheckinStore } from './use-checkin.ts';
import { listWindowText } from './verdict.ts';
import { type Outcome, VerdictPanel } from './verdict-panel.tsx';
import './checkin.css';

// The scanner (camera, zxing decoder) is heavy: it loads once a list is chosen and the keys are there.
const Scanner = lazy(() => import('../../components/scanner/scanner.tsx'));

/** /check-in (staff only; the guard sends others to /): the offline pass check. */
export function CheckinPage() {
  const t = useT('checkin');
  const userId = useAtomValue(userAtom)?.uuid ?? null;
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      {userId && <CheckinMode userId={userId} />}
    </>
  );
}

function CheckinMode({ userId }: { userId: string }) {
  const t = useT('checkin');
  const language = useLanguage();
  const deviceId = useMemo(() => deviceIdOf(), []);
  const selectId = useId();
  // Fetched on open (and again when the connection returns), cached for the hall without signal.
  const { trust, loaded: trustLoaded } = useBadgeTrust(userId);
  const { lists, rows, states } = useCheckinStore(userId);
  const [chosen, setChosen] = useState<number | null>(() => chosenListId());
  const refresh = useCheckinRefresh(userId, chosen);
  const list = lists?.find((candidate) => candidate.id === chosen) ?? null;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const scans = useRef(0);
  // The organizer console lists this device under the list it checks passes for.
  const listId = list?.id ?? null;
  useEffect(() => {
    if (listId !== null) void setDeviceRole({ kind: 'checkin', listId });
  }, [listId]);

  const listRows = useMemo(() => (list ? rows.filter((row) => row.listId === list.id) : []), [rows, list]);
  const items = useMemo(() => checkinItems(listRows, states, deviceId), [listRows, states, deviceId]);
  const counts = useMemo(
    () => (lists ?? []).map((each) => ({ list: each, counts: listCounts(each, rows, states) })),
    [lists, rows, states],
  );

  const choose = (value: string) => {
    const id = Number(value);
    if (!Number.isInteger(id) || id <= 0) return;
    setChosen(id);
    rememberListId(id);
    setOutcome(null);
  };

  // Codes arrive in bursts (camera callbacks, a keyboard wedge): each waits its turn, none is dropped.
  const onScan = useMemo(
    () =>
      serialize(async (code: string) => {
        if (!trust || !list) return;
        scans.current += 1;
        const scan = scans.current;
        try {
          const verdict = await checkIn({ database: db, userId, deviceId, list }, code, trust);
          setOutcome({ scan, verdict });
        } catch (error) {
          setOutcome({ scan, error: error instanceof StorageFullError ? error.message : null });
        }
      }),
    [trust, list, userId, deviceId],
  );

  const refreshError = refresh.error ? (refresh.error.message ?? t('listsNotUpdated')) : null;
  if (lists === undefined) return <p aria-busy="true">{t('listsLoading')}</p>;
  if (lists.length === 0) {
    if (refresh.succeeded) return <Notice tone="info">{t('noneSetUp')}</Notice>;
    if (refresh.offline || refreshError) {
      return <Notice tone="warning">{refresh.offline ? t('noLists') : refreshError}</Notice>;
    }
    return <p aria-busy="true">{t('listsDownloading')}</p>;
  }

  const chosenCounts = list ? counts.find((entry) => entry.list.id === list.id)?.counts : undefined;
  return (
    <div className="checkin">
      <section className="checkin-list">
        <div className="field">
          <label className="field-label" htmlFor={selectId}>
            {t('listLabel')}
          </label>
          <select id={selectId} value={list ? String(list.id) : ''} onChange={(event) => choose(event.target.value)}>
            {!list && (
              <option value="" disabled>
                {t('chooseListOption')}
              </option>
            )}
            {lists.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        </div>
        {list && chosenCounts ? (
          <>
            <p className="checkin-list__admits">
              {list.passTypes.length === 0 ? t('admitsAll') : t('admits', { passTypes: list.passTypes.join(', ') })}
              {listWindowText(list) ? ` ${listWindowText(list)}` : ''}
            </p>
            <CountsLine name={list.name} counts={chosenCounts} />
          </>
        ) : (
          <p className="checkin-list__admits">{t('chooseList')}</p>
        )}
        {/* Not a live region: it changes with every background download. */}
        <p className="checkin-list__status">
          {refresh.offline
            ? t('countsOffline', { time: clockTime(lists[0]?.fetchedAt ?? '', language) })
            : (refreshError ?? t('countsUpdated', { time: clockTime(lists[0]?.fetchedAt ?? '', language) }))}
        </p>
      </section>

      {list && trustLoaded && !trust && <Notice tone="warning">{t('noKeys')}</Notice>}
      {list && !trustLoaded && <p aria-busy="true">{t('preparing')}</p>}
      {list && trust && (
        <>
          <VerdictPanel outcome={outcome} />
          <Suspense fallback={<p aria-busy="true">{t('loadingScanner')}</p>}>
            <Scanner onScan={onScan} />
          </Suspense>
        </>
      )}

      {list && <RecentCheckins items={items} listName={list.name} />}
      <CountsTable entries={counts} />
    </div>
  );
}
