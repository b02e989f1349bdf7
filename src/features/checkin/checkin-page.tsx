import { useAtomValue } from 'jotai';
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useBadgeTrust } from '../../lib/badges/use-badge-trust.ts';
import { db } from '../../lib/db.ts';
import { serialize } from '../../lib/scanner/serial.ts';
import { userAtom } from '../../lib/session.ts';
import { StorageFullError } from '../../lib/storage.ts';
import { checkIn } from './checkins.ts';
import { chosenListId, deviceIdOf, rememberListId } from './lists.ts';
import { checkinItems, listCounts } from './model.ts';
import { CountsLine, CountsTable, RecentCheckins } from './recent-checkins.tsx';
import { clockTime } from '../../lib/venue-time.ts';
import { useCheckinRefresh, useCheckinStore } from './use-checkin.ts';
import { type Outcome, VerdictPanel } from './verdict-panel.tsx';
import { listWindowText } from './verdict.ts';
import './checkin.css';

// The scanner (camera, zxing decoder) is heavy: it loads once a list is chosen and the keys are there.
const Scanner = lazy(() => import('../../components/scanner/scanner.tsx'));

export const CHECKIN_MESSAGES = {
  noLists: 'Connect to the internet once to download the check-in lists. After that, the pass check works offline.',
  noKeys: 'Passes are checked with keys downloaded from the server. Connect to the internet once to download them.',
  noneSetUp: 'No check-in lists have been set up yet.',
  chooseList: 'Choose the list you check passes for.',
  saveFailed: 'The check-in could not be saved on this device.',
} as const;

/** /check-in (staff only; the guard sends others to /): the offline pass check of issue 6. */
export function CheckinPage() {
  const userId = useAtomValue(userAtom)?.uuid ?? null;
  return (
    <>
      <PageHeader
        title="Pass check"
        lead="Scan passes at the door. After one visit online, passes are checked on this device without a signal."
      />
      {userId && <CheckinMode userId={userId} />}
    </>
  );
}

function CheckinMode({ userId }: { userId: string }) {
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
          setOutcome({ scan, error: error instanceof StorageFullError ? error.message : CHECKIN_MESSAGES.saveFailed });
        }
      }),
    [trust, list, userId, deviceId],
  );

  if (lists === undefined) return <p aria-busy="true">Loading the check-in lists…</p>;
  if (lists.length === 0) {
    if (refresh.succeeded) return <Notice tone="info">{CHECKIN_MESSAGES.noneSetUp}</Notice>;
    if (refresh.offline || refresh.error) {
      return <Notice tone="warning">{refresh.offline ? CHECKIN_MESSAGES.noLists : refresh.error}</Notice>;
    }
    return <p aria-busy="true">Downloading the check-in lists…</p>;
  }

  const chosenCounts = list ? counts.find((entry) => entry.list.id === list.id)?.counts : undefined;
  return (
    <div className="checkin">
      <section className="checkin-list">
        <div className="field">
          <label className="field-label" htmlFor={selectId}>
            Check-in list
          </label>
          <select id={selectId} value={list ? String(list.id) : ''} onChange={(event) => choose(event.target.value)}>
            {!list && (
              <option value="" disabled>
                Choose a list
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
              {list.passTypes.length === 0 ? 'Admits every pass.' : `Admits: ${list.passTypes.join(', ')}.`}
              {listWindowText(list) ? ` ${listWindowText(list)}` : ''}
            </p>
            <CountsLine name={list.name} counts={chosenCounts} />
          </>
        ) : (
          <p className="checkin-list__admits">{CHECKIN_MESSAGES.chooseList}</p>
        )}
        {/* Not a live region: it changes with every background download. */}
        <p className="checkin-list__status">
          {refresh.offline
            ? `Offline: counts as of ${clockTime(lists[0]?.fetchedAt ?? '')}, plus this device's check-ins.`
            : (refresh.error ?? `Counts updated at ${clockTime(lists[0]?.fetchedAt ?? '')}.`)}
        </p>
      </section>

      {list && trustLoaded && !trust && <Notice tone="warning">{CHECKIN_MESSAGES.noKeys}</Notice>}
      {list && !trustLoaded && <p aria-busy="true">Preparing the pass check…</p>}
      {list && trust && (
        <>
          <VerdictPanel outcome={outcome} />
          <Suspense fallback={<p aria-busy="true">Loading the scanner…</p>}>
            <Scanner onScan={onScan} />
          </Suspense>
        </>
      )}

      {list && <RecentCheckins items={items} listName={list.name} />}
      <CountsTable entries={counts} />
    </div>
  );
}
