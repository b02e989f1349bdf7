import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '../../components/ui/notice.tsx';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import { useBadgeTrust } from '../../lib/badges/use-badge-trust.ts';
import { chosenListId } from '../checkin/lists.ts';
import { useCheckinRefresh, useCheckinStore } from '../checkin/use-checkin.ts';
import { PaperChoice } from './paper-choice.tsx';
import { hashPin, newPinProblem } from './pin.ts';
import { INPUTS, type KioskSettings, type Paper, type ScanInput } from './settings.ts';

const INPUT_NAMES: Record<ScanInput, MessageKey<'kiosk'>> = { camera: 'inputCamera', keyboard: 'inputKeyboard' };

/** Whether a service worker controls the page, i.e. the app shell is stored for offline starts. */
function useAppStored(): boolean {
  const [stored, setStored] = useState(() => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller));
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (!container) return;
    const update = () => setStored(Boolean(container.controller));
    container.addEventListener('controllerchange', update);
    update();
    return () => container.removeEventListener('controllerchange', update);
  }, []);
  return stored;
}

interface SetupErrors {
  list?: string;
  pin?: string;
  repeat?: string;
  form?: string;
}

/**
 * Setting the kiosk up (staff or organizers, online once): the check-in list, the badge paper, how
 * passes are scanned and the staff PIN. The lists, the list's check-ins, the keys and the
 * revocation list are downloaded here exactly as the pass check downloads them, and the page says
 * when all of it, and the app itself, is on the device.
 */
export function KioskSetup({ userId, onStart }: { userId: string; onStart: (settings: KioskSettings) => void }) {
  const t = useT('kiosk');
  const id = useId();
  const { lists } = useCheckinStore(userId);
  const [listId, setListId] = useState<number | null>(() => chosenListId());
  const refresh = useCheckinRefresh(userId, listId);
  const { trust } = useBadgeTrust(userId);
  const appStored = useAppStored();
  const [paper, setPaper] = useState<Paper>('a6');
  const [input, setInput] = useState<ScanInput>('camera');
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<SetupErrors>({});
  const [busy, setBusy] = useState(false);

  const list = lists?.find((each) => each.id === listId) ?? null;
  // One list: nothing to choose.
  useEffect(() => {
    if (lists?.length === 1 && listId === null) setListId(lists[0]?.id ?? null);
  }, [lists, listId]);

  const ready = {
    lists: (lists?.length ?? 0) > 0,
    keys: trust !== null,
    revocations: trust?.revoked != null,
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const pinProblem = newPinProblem(pin, repeat);
    const next: SetupErrors = {
      list: list ? undefined : t('chooseList'),
      pin: pinProblem === 'pinFormat' ? t('pinFormat') : undefined,
      repeat: pinProblem === 'pinMismatch' ? t('pinMismatch') : undefined,
      form: ready.lists && ready.keys && ready.revocations ? undefined : t('needsConnection'),
    };
    setErrors(next);
    if (!list || pinProblem || next.form) return;
    setBusy(true);
    try {
      const hashed = await hashPin(pin);
      onStart({ version: 1, listId: list.id, paper, input, pin: hashed, startedAt: new Date().toISOString() });
    } catch {
      setErrors({ form: t('startFailed') });
      setBusy(false);
    }
  };

  const refreshError = refresh.error ? (refresh.error.message ?? t('listsNotUpdated')) : null;
  return (
    <main id="main-content" className="kiosk-setup container">
      <h1>{t('title')}</h1>
      <p className="kiosk-setup__lead">{t('setupLead')}</p>
      {refreshError && <Notice tone="warning">{refreshError}</Notice>}
      {lists !== undefined && lists.length === 0 && (
        <Notice tone={refresh.succeeded ? 'info' : 'warning'}>
          {refresh.succeeded ? t('noneSetUp') : refresh.offline ? t('noLists') : t('listsDownloading')}
        </Notice>
      )}
      <form className="kiosk-setup__form" onSubmit={(event) => void submit(event)} noValidate>
        <div className={`field${errors.list ? ' is-danger' : ''}`}>
          <label className="field-label" htmlFor={`${id}-list`}>
            {t('listLabel')}
          </label>
          <select
            id={`${id}-list`}
            value={list ? String(list.id) : ''}
            onChange={(event) => setListId(Number(event.target.value) || null)}
            aria-invalid={errors.list ? true : undefined}
            aria-describedby={errors.list ? `${id}-list-error` : undefined}
          >
            {!list && (
              <option value="" disabled>
                {t('chooseListOption')}
              </option>
            )}
            {(lists ?? []).map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
          {errors.list && (
            <p id={`${id}-list-error`} className="field-error">
              {errors.list}
            </p>
          )}
        </div>

        <PaperChoice value={paper} onChange={setPaper} />

        <fieldset className="kiosk-choice">
          <legend className="field-label">{t('inputLegend')}</legend>
          {INPUTS.map((each) => (
            <label key={each} className="check">
              <input type="radio" name={`${id}-input`} value={each} checked={input === each} onChange={() => setInput(each)} />
              {t(INPUT_NAMES[each])}
            </label>
          ))}
        </fieldset>

        <div className={`field${errors.pin ? ' is-danger' : ''}`}>
          <label className="field-label" htmlFor={`${id}-pin`}>
            {t('pinLabel')}
          </label>
          <input
            id={`${id}-pin`}
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={8}
            value={pin}
            onChange={(event) => setPin(event.target.value)}
            aria-invalid={errors.pin ? true : undefined}
            aria-describedby={errors.pin ? `${id}-pin-error ${id}-pin-hint` : `${id}-pin-hint`}
          />
          <p id={`${id}-pin-hint`} className="field-hint">
            {t('pinHint')}
          </p>
          {errors.pin && (
            <p id={`${id}-pin-error`} className="field-error">
              {errors.pin}
            </p>
          )}
        </div>
        <div className={`field${errors.repeat ? ' is-danger' : ''}`}>
          <label className="field-label" htmlFor={`${id}-repeat`}>
            {t('pinRepeatLabel')}
          </label>
          <input
            id={`${id}-repeat`}
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={8}
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
            aria-invalid={errors.repeat ? true : undefined}
            aria-describedby={errors.repeat ? `${id}-repeat-error` : undefined}
          />
          {errors.repeat && (
            <p id={`${id}-repeat-error`} className="field-error">
              {errors.repeat}
            </p>
          )}
        </div>

        <section className="kiosk-setup__ready" aria-labelledby={`${id}-ready`}>
          <h2 id={`${id}-ready`} className="kiosk-setup__ready-title">
            {t('readyHeading')}
          </h2>
          <ul className="kiosk-setup__checklist" data-testid="kiosk-readiness">
            <ReadyItem label={t('readyLists')} done={ready.lists} yes={t('readyYes')} no={t('readyNo')} />
            <ReadyItem label={t('readyKeys')} done={ready.keys} yes={t('readyYes')} no={t('readyNo')} />
            <ReadyItem label={t('readyRevocations')} done={ready.revocations} yes={t('readyYes')} no={t('readyNo')} />
            <ReadyItem label={t('readyApp')} done={appStored} yes={t('readyAppYes')} no={t('readyAppNo')} />
          </ul>
          {!appStored && <p className="field-hint">{t('appNotStored')}</p>}
        </section>

        {errors.form && <Notice tone="danger">{errors.form}</Notice>}
        <div className="kiosk-setup__actions">
          <button type="submit" className="btn btn-primary btn-lg" aria-busy={busy || undefined}>
            {t('start')}
          </button>
          <Link to="/" className="btn btn-ghost">
            {t('backToApp')}
          </Link>
        </div>
      </form>
    </main>
  );
}

function ReadyItem({ label, done, yes, no }: { label: string; done: boolean; yes: string; no: string }) {
  return (
    <li className={`kiosk-setup__check${done ? ' is-done' : ''}`}>
      <span aria-hidden="true" className="kiosk-setup__mark">
        {done ? '✓' : '…'}
      </span>
      {label}: <strong>{done ? yes : no}</strong>
    </li>
  );
}
