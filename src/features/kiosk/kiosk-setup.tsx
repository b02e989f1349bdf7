import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Notice } from '../../components/ui/notice.tsx';
import { SelectField, TextField } from '../../components/ui/text-field.tsx';
import { useSchemaForm } from '../../i18n/form-resolver.ts';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import { useBadgeTrust } from '../../lib/badges/use-badge-trust.ts';
import { chosenListId } from '../checkin/lists.ts';
import { useCheckinRefresh, useCheckinStore } from '../checkin/use-checkin.ts';
import { PaperChoice } from './paper-choice.tsx';
import { hashPin } from './pin.ts';
import { INPUTS, type KioskSettings, type ScanInput } from './settings.ts';
import { type KioskSetupInput, kioskSetupSchema, SETUP_PROBLEMS, type SetupFormProblem } from './setup-schema.ts';

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
  const schema = useMemo(() => kioskSetupSchema((lists ?? []).map((each) => each.id)), [lists]);
  const [defaultValues] = useState<KioskSetupInput>(() => ({
    listId: String(chosenListId() ?? ''),
    paper: 'a6',
    input: 'camera',
    pin: '',
    repeat: '',
  }));
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, { defaultValues });
  const [formProblem, setFormProblem] = useState<SetupFormProblem | null>(null);
  const listId = Number(watch('listId')) || null;
  const refresh = useCheckinRefresh(userId, listId);
  const { trust } = useBadgeTrust(userId);
  const appStored = useAppStored();

  const list = lists?.find((each) => each.id === listId) ?? null;
  // One list: nothing to choose.
  useEffect(() => {
    const only = lists?.length === 1 ? lists[0] : undefined;
    if (only && listId === null) setValue('listId', String(only.id));
  }, [lists, listId, setValue]);

  const ready = {
    lists: (lists?.length ?? 0) > 0,
    keys: trust !== null,
    revocations: trust?.revoked != null,
  };
  const connected = ready.lists && ready.keys && ready.revocations;
  const problem = (field: keyof typeof SETUP_PROBLEMS) => (errors[field] ? t(SETUP_PROBLEMS[field]) : undefined);

  const start = handleSubmit(async ({ listId: chosen, paper, input, pin }) => {
    if (!connected) return;
    try {
      const hashed = await hashPin(pin);
      onStart({ version: 1, listId: chosen, paper, input, pin: hashed, startedAt: new Date().toISOString() });
    } catch {
      setFormProblem('startFailed');
    }
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    // Said with the fields' problems, not only once they are fixed.
    setFormProblem(connected ? null : 'needsConnection');
    void start(event);
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
      <form className="kiosk-setup__form" onSubmit={submit} noValidate>
        <SelectField
          label={t('listLabel')}
          registration={register('listId')}
          error={problem('listId')}
          // Controlled: an id no longer on the device shows as no choice.
          value={list ? String(list.id) : ''}
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
        </SelectField>

        <PaperChoice value={watch('paper')} onChange={(paper) => setValue('paper', paper)} />

        <fieldset className="kiosk-choice">
          <legend className="field-label">{t('inputLegend')}</legend>
          {INPUTS.map((each) => (
            <label key={each} className="check">
              <input type="radio" value={each} {...register('input')} />
              {t(INPUT_NAMES[each])}
            </label>
          ))}
        </fieldset>

        <TextField
          label={t('pinLabel')}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={8}
          registration={register('pin')}
          error={problem('pin')}
          hint={t('pinHint')}
        />
        <TextField
          label={t('pinRepeatLabel')}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={8}
          registration={register('repeat')}
          error={problem('repeat')}
        />

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

        {formProblem && <Notice tone="danger">{t(formProblem)}</Notice>}
        <div className="kiosk-setup__actions">
          <button type="submit" className="btn btn-primary btn-lg" aria-busy={isSubmitting || undefined}>
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
