import { type FormEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import type { VoucherCheck } from '../../shared/contracts/registration.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { checkVoucher } from './pass-step-api.ts';
import { isPlausibleVoucherCode, normalizeVoucherCode } from './pass-selection.ts';

export const VOUCHER_INVALID = (code: string) => `The code ${code} is not valid. Please check it and try again.`;
export const VOUCHER_EXPIRED = (code: string) => `The code ${code} can no longer be used: it has expired or has been used up.`;
const VOUCHER_EMPTY = 'Please enter your voucher or discount code.';

interface VoucherFormProps {
  initialCode?: string;
  /** Check `initialCode` at once (a code handed over in the link). */
  autoApply?: boolean;
  /** The server's answer for a plausible code; return an error text to show it on the field. */
  onChecked: (check: VoucherCheck) => string | null | Promise<string | null>;
  onCleared: () => void;
  /** The code currently applied (shown as applied, with a remove button). */
  appliedCode: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

/** 'Have a code?': checked by GET /api/pass/voucher/{code}; an invalid code gets a clear message. */
export function VoucherForm({
  initialCode = '',
  autoApply = false,
  onChecked,
  onCleared,
  appliedCode,
  inputRef,
}: VoucherFormProps) {
  const id = useId();
  const [value, setValue] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function apply(raw: string) {
    const code = normalizeVoucherCode(raw);
    setError(null);
    if (!code) {
      setError(VOUCHER_EMPTY);
      return;
    }
    if (!isPlausibleVoucherCode(code)) {
      setError(VOUCHER_INVALID(code));
      return;
    }
    setChecking(true);
    try {
      setError(await onChecked(await checkVoucher(code)));
      setValue(code);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setChecking(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void apply(value);
  }

  // Once per mount (the page remounts the form for another handed-over code).
  const autoApplied = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the code the form was opened with
  useEffect(() => {
    if (!autoApply || autoApplied.current || !initialCode) return;
    autoApplied.current = true;
    void apply(initialCode);
  }, []);

  const errorId = `${id}-error`;
  return (
    <form className="voucher" onSubmit={submit} noValidate>
      <div className={`field voucher__field${error ? ' is-danger' : ''}`}>
        <label className="field-label" htmlFor={id}>
          Voucher or discount code <span className="optional">(optional)</span>
        </label>
        <div className="voucher__row">
          <input
            ref={inputRef}
            id={id}
            className="input voucher__input"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            placeholder="e.g. CF26"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button type="submit" className="btn btn-secondary" aria-busy={checking || undefined} disabled={checking}>
            Apply
          </button>
        </div>
        {error ? (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        {appliedCode && !error ? (
          <p className="voucher__applied">
            Code <strong>{appliedCode}</strong> applied.{' '}
            <button
              type="button"
              className="voucher__remove"
              onClick={() => {
                setValue('');
                onCleared();
              }}
            >
              Remove code
            </button>
          </p>
        ) : null}
      </div>
    </form>
  );
}
