import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { afterPinAttempt, type PinHash, pinLockRemaining, verifyPin } from './pin.ts';
import { readPinAttempts, savePinAttempts } from './settings.ts';

/**
 * A modal <dialog> over the kiosk: the browser traps the focus inside, makes the kiosk behind it
 * inert (its keyboard-wedge listener is off meanwhile) and closes it on Escape.
 */
export function KioskDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Shown once mounted; unmounting removes it (no close() then: its close event would reach the next dialog's owner).
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="kiosk-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="kiosk-dialog__title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/**
 * Asks for the staff PIN; `onVerified` runs once the right one was typed. Wrong PINs count across
 * reloads and lock the PIN for a while (pin.ts), so it cannot be tried out at the kiosk by hand.
 */
export function PinDialog({
  pin,
  purpose,
  onVerified,
  onCancel,
}: {
  pin: PinHash;
  /** What the PIN is asked for, said above the field. */
  purpose: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const t = useT('kiosk');
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const lockedText = (remaining: number) => t('pinLocked', { seconds: Math.ceil(remaining / 1000) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const attempts = readPinAttempts();
    const remaining = pinLockRemaining(attempts, Date.now());
    if (remaining > 0) {
      setError(lockedText(remaining));
      return;
    }
    setBusy(true);
    const correct = await verifyPin(value.trim(), pin).catch(() => false);
    const now = Date.now();
    const next = afterPinAttempt(attempts, correct, now);
    savePinAttempts(next);
    setBusy(false);
    setValue('');
    if (correct) {
      onVerified();
      return;
    }
    const lock = pinLockRemaining(next, now);
    setError(lock > 0 ? lockedText(lock) : t('pinWrong'));
  };

  return (
    <KioskDialog title={t('pinDialogTitle')} onClose={onCancel}>
      <form className="kiosk-dialog__form" onSubmit={(event) => void submit(event)} noValidate>
        <p id={`${id}-purpose`}>{purpose}</p>
        <div className={`field${error ? ' is-danger' : ''}`}>
          <label className="field-label" htmlFor={`${id}-pin`}>
            {t('pinLabel')}
          </label>
          <input
            id={`${id}-pin`}
            className="input kiosk-dialog__pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            // biome-ignore lint/a11y/noAutofocus: the dialog exists to take the PIN; the field is its only input.
            autoFocus
            maxLength={8}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-purpose ${id}-error` : `${id}-purpose`}
          />
          {error && (
            <p id={`${id}-error`} className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="kiosk-dialog__actions">
          <button type="submit" className="btn btn-primary btn-lg" aria-busy={busy || undefined}>
            {t('confirm')}
          </button>
          <button type="button" className="btn btn-secondary btn-lg" onClick={onCancel}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </KioskDialog>
  );
}
