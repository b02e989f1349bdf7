import { lazy, type RefObject, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { APP_NAME } from '../../components/ui/brand.ts';
import { Logo } from '../../components/ui/logo.tsx';
import { activeLanguage, changeLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { useBadgeTrust } from '../../lib/badges/use-badge-trust.ts';
import { db } from '../../lib/db.ts';
import { useOnline } from '../../lib/network.ts';
import { serialize } from '../../lib/scanner/serial.ts';
import { formatVenueDateTime } from '../../lib/venue-time.ts';
import { setDeviceRole } from '../../sync/device-report.ts';
import { useOutboxCounts } from '../../sync/use-outbox.ts';
import { deviceIdOf } from '../checkin/lists.ts';
import { useCheckinRefresh, useCheckinStore } from '../checkin/use-checkin.ts';
import { KIOSK_PATH } from './kiosk-lock.ts';
import { KioskSettingsDialog } from './kiosk-settings-dialog.tsx';
import { PinDialog } from './pin-dialog.tsx';
import { type BadgeToPrint, PrintedBadge } from './printed-badge.tsx';
import { type KioskOutcome, kioskScan, type Refusal, recordPrint } from './scan.ts';
import type { KioskSettings } from './settings.ts';
import { REFUSAL_MS, WELCOME_MS } from './timing.ts';
import { useKeyboardWedge } from './use-wedge.ts';

// The camera and its decoder are heavy: loaded only by kiosks set up with the camera.
const Scanner = lazy(() => import('../../components/scanner/scanner.tsx'));

const REFUSALS: Record<Refusal, MessageKey<'kiosk'>> = {
  forged: 'refusedForged',
  revoked: 'refusedRevoked',
  'not-admitted': 'refusedNotAdmitted',
  'not-yet-open': 'refusedNotYetOpen',
  closed: 'refusedClosed',
  'already-checked-in': 'refusedAlready',
};

type Result = { scan: number; outcome: KioskOutcome };
type Dialog =
  | { kind: 'reprint'; badge: Omit<BadgeToPrint, 'id'>; personKey: string }
  | { kind: 'settings-pin' }
  | { kind: 'settings' };

/**
 * Kiosk mode: attendees scan their pass (camera or a USB scanner typing the code), are
 * checked in as at a staffed door, greeted and handed their badge from the printer. No way out
 * without the staff PIN: no app chrome, back leads back here (router.tsx), leaving the page asks.
 */
export function KioskScreen({
  userId,
  settings,
  onChange,
  onLeave,
}: {
  userId: string;
  settings: KioskSettings;
  onChange: (settings: KioskSettings) => void;
  onLeave: () => void;
}) {
  const t = useT('kiosk');
  const deviceId = useMemo(() => deviceIdOf(), []);
  // Kept fresh while online (keys, revocations, the list and other doors' check-ins), as on the pass check.
  const { trust, loaded: trustLoaded } = useBadgeTrust(userId);
  const { lists } = useCheckinStore(userId);
  useCheckinRefresh(userId, settings.listId);
  const list = lists?.find((each) => each.id === settings.listId) ?? null;
  const online = useOnline();
  const { pending } = useOutboxCounts(userId);

  const [result, setResult] = useState<Result | null>(null);
  const [printJob, setPrintJob] = useState<BadgeToPrint | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const scans = useRef(0);

  useKioskNavigationLock();
  const chooseLanguage = useAttendeeLanguage(result, scans);
  // The organizer console lists this device as a kiosk of its list, with its last sync.
  useEffect(() => {
    void setDeviceRole({ kind: 'kiosk', listId: settings.listId });
  }, [settings.listId]);

  const print = useCallback((badge: Omit<BadgeToPrint, 'id'>) => {
    scans.current += 1;
    setPrintJob({ ...badge, id: scans.current });
  }, []);

  // The badge is in the page once this effect runs: the print dialog opens with it.
  useEffect(() => {
    if (printJob) window.print();
  }, [printJob]);

  // Codes arrive in bursts (a keyboard wedge, a camera): each waits its turn, none is dropped.
  const onScan = useMemo(
    () =>
      serialize(async (code: string) => {
        if (!trust || !list) return;
        const outcome = await kioskScan({ database: db, userId, deviceId, list }, code, trust);
        scans.current += 1;
        setResult({ scan: scans.current, outcome });
        if (outcome.kind === 'welcome' && outcome.print === 'now') print(badgeOf(outcome));
      }),
    [trust, list, userId, deviceId, print],
  );
  useKeyboardWedge(onScan, dialog === null);

  // Back to "ready to scan" after a while; not while staff are typing the PIN.
  useEffect(() => {
    if (!result || dialog) return;
    const timer = setTimeout(() => setResult(null), result.outcome.kind === 'welcome' ? WELCOME_MS : REFUSAL_MS);
    return () => clearTimeout(timer);
  }, [result, dialog]);

  const reprint = async (target: Extract<Dialog, { kind: 'reprint' }>) => {
    setDialog(null);
    await recordPrint(db, userId, target.personKey).catch(() => undefined);
    print(target.badge);
  };

  const ready = list !== null && trust !== null;
  return (
    <div className="kiosk">
      <header className="kiosk__bar">
        <Logo className="kiosk__logo" />
        <KioskLanguages onChoose={chooseLanguage} />
        <button type="button" className="btn btn-ghost kiosk__staff" onClick={() => setDialog({ kind: 'settings-pin' })}>
          {t('staff')}
        </button>
      </header>

      <main id="main-content" className="kiosk__main">
        <h1 className="kiosk__title" tabIndex={-1}>
          {t('welcomeHeading', { event: APP_NAME })}
        </h1>
        {/* Read out as soon as it changes: what happened to the pass just scanned. */}
        <div className="kiosk__result-slot" aria-live="assertive" aria-atomic="true">
          {result && (
            <KioskResult
              key={result.scan}
              outcome={result.outcome}
              onReprint={(target) => setDialog({ kind: 'reprint', ...target })}
            />
          )}
        </div>
        {!result && ready && (
          <div className="kiosk__ready">
            <p className="kiosk__ready-label">{t('readyToScan')}</p>
            <p className="kiosk__prompt">{settings.input === 'camera' ? t('scanPromptCamera') : t('scanPromptKeyboard')}</p>
          </div>
        )}
        {!ready && <KioskUnavailable listMissing={lists !== undefined && list === null} trustMissing={trustLoaded && !trust} />}
        {ready && settings.input === 'camera' && (
          <Suspense fallback={<p aria-busy="true">{t('preparing')}</p>}>
            <div className="kiosk__camera">
              {/* Paused while a result shows: a pass still held up is not scanned again. */}
              <Scanner onScan={(code) => void onScan(code)} paused={result !== null || dialog !== null} />
            </div>
          </Suspense>
        )}
      </main>

      <footer className="kiosk__status">
        {list && <span>{list.name}</span>}
        {!online && <span>{t('offline')}</span>}
        {pending > 0 && <span>{t('pending', { count: pending })}</span>}
      </footer>

      {printJob && <PrintedBadge key={printJob.id} badge={printJob} paper={settings.paper} />}

      {dialog?.kind === 'reprint' && (
        <PinDialog
          pin={settings.pin}
          purpose={t('pinForReprint')}
          onVerified={() => void reprint(dialog)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'settings-pin' && (
        <PinDialog
          pin={settings.pin}
          purpose={t('pinForSettings')}
          onVerified={() => setDialog({ kind: 'settings' })}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'settings' && (
        <KioskSettingsDialog
          lists={lists ?? []}
          settings={settings}
          onSave={(next) => onChange(next)}
          onLeave={onLeave}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

const badgeOf = (outcome: Extract<KioskOutcome, { kind: 'welcome' }>): Omit<BadgeToPrint, 'id'> => ({
  name: outcome.person.name,
  company: outcome.person.company,
  passType: outcome.person.passType,
  token: outcome.token,
});

/** What happened to the pass just scanned, in large type: a greeting, or why not and where to go. */
function KioskResult({
  outcome,
  onReprint,
}: {
  outcome: KioskOutcome;
  onReprint: (target: Omit<Extract<Dialog, { kind: 'reprint' }>, 'kind'>) => void;
}) {
  const t = useT('kiosk');
  const language = useLanguage();
  if (outcome.kind === 'welcome') {
    const { person } = outcome;
    return (
      <section className="kiosk-result kiosk-result--success" aria-label={t('results')} data-testid="kiosk-result">
        <p className="kiosk-result__title">{t('welcomeName', { name: person.name })}</p>
        <p className="kiosk-result__meta">{[person.company, person.passType].filter(Boolean).join(' · ')}</p>
        <p className="kiosk-result__detail">{outcome.print === 'now' ? t('badgePrinting') : t('badgePrintedBefore')}</p>
        <button
          type="button"
          className="btn btn-secondary btn-lg"
          onClick={() => onReprint({ badge: badgeOf(outcome), personKey: person.personKey })}
        >
          {t('printAgain')}
        </button>
      </section>
    );
  }
  const reason =
    outcome.kind === 'error'
      ? (outcome.message ?? t('refusedError'))
      : t(REFUSALS[outcome.refusal], {
          list: outcome.listName,
          at: outcome.at ? formatVenueDateTime(Date.parse(outcome.at), language) : '',
        });
  const name = outcome.kind === 'refused' ? outcome.name : null;
  return (
    <section className="kiosk-result kiosk-result--danger" aria-label={t('results')} data-testid="kiosk-result">
      <p className="kiosk-result__title">{reason}</p>
      {name && <p className="kiosk-result__meta">{name}</p>}
      <p className="kiosk-result__desk">{t('seeDesk')}</p>
    </section>
  );
}

function KioskUnavailable({ listMissing, trustMissing }: { listMissing: boolean; trustMissing: boolean }) {
  const t = useT('kiosk');
  if (!listMissing && !trustMissing) return <p aria-busy="true">{t('preparing')}</p>;
  return (
    <section className="kiosk-result kiosk-result--danger">
      <p className="kiosk-result__title">{listMissing ? t('listMissing') : t('noKeys')}</p>
      <p className="kiosk-result__desk">{t('seeDesk')}</p>
    </section>
  );
}

/** English and German as two large buttons. */
function KioskLanguages({ onChoose }: { onChoose: (language: Language) => void }) {
  const t = useT('common');
  const language = useLanguage();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset.
    <div className="kiosk__languages" role="group" aria-label={t('language')}>
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          className="btn btn-ghost"
          aria-pressed={code === language}
          onClick={() => onChoose(code)}
        >
          {LANGUAGE_NAMES[code]}
        </button>
      ))}
    </div>
  );
}

/**
 * The kiosk's language for attendees: one chosen by an attendee lasts until their result has gone,
 * then the language the kiosk was set up in comes back for the next person (a result shown before
 * the choice, someone else's, does not count). Returns what the language buttons call.
 */
function useAttendeeLanguage(result: Result | null, scans: RefObject<number>): (language: Language) => void {
  const language = useLanguage();
  const home = useRef<Language>(language);
  // The last scan number given out when an attendee chose; null: no choice to undo.
  const chosenAfter = useRef<number | null>(null);
  const shown = useRef<Result | null>(null);
  useEffect(() => {
    const ended = shown.current;
    shown.current = result;
    if (result || !ended || chosenAfter.current === null || ended.scan <= chosenAfter.current) return;
    chosenAfter.current = null;
    if (activeLanguage() !== home.current) void changeLanguage(home.current);
  }, [result]);
  return (next) => {
    chosenAfter.current = scans.current;
    void changeLanguage(next);
  };
}

/**
 * Back never leaves the kiosk: an entry of the kiosk is always kept behind the current one (pushed
 * at start and after each step back), and every other address leads here anyway (router.tsx).
 * Closing or reloading the tab asks first.
 */
function useKioskNavigationLock(): void {
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const { key } = useLocation();
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new location (key) is the trigger.
  useEffect(() => {
    if (!started.current || navigationType === 'POP') navigate(KIOSK_PATH);
    started.current = true;
  }, [key]);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
