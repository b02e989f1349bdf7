import { type FormEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import type { VoucherCheck } from '../../shared/contracts/registration.ts';
import { isPlausibleVoucherCode, normalizeVoucherCode } from './pass-selection.ts';
import { checkVoucher } from './pass-step-api.ts';

/** Why a code (or the pass it selects) cannot be used; shown in the active language. */
export type VoucherProblem =
  | { kind: 'empty' }
  | { kind: 'invalid'; code: string }
  | { kind: 'expired'; code: string }
  | { kind: 'freePassesGone' }
  /** The server's or the network's own words. */
  | { kind: 'message'; message: string };

/** The sentence for a problem: `t` and `tCommon` are the registration and common translators. */
export function voucherProblemText(
  problem: VoucherProblem,
  t: ReturnType<typeof useT<'registration'>>,
  tCommon: ReturnType<typeof useT<'common'>>,
): string {
  switch (problem.kind) {
    case 'empty':
      return t('voucherEmpty');
    case 'invalid':
      return t('voucherInvalid', { code: problem.code });
    case 'expired':
      return t('voucherExpired', { code: problem.code });
    case 'freePassesGone':
      return tCommon('freePassesGone');
    case 'message':
      return problem.message;
  }
}

interface VoucherFormProps {
  initialCode?: string;
  /** Check `initialCode` at once (a code handed over in the link). */
  autoApply?: boolean;
  /** The server's answer for a plausible code; return a problem to show it on the field. */
  onChecked: (check: VoucherCheck) => VoucherProblem | null | Promise<VoucherProblem | null>;
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
  const t = useT('registration');
  const tCommon = useT('common');
  const id = useId();
  const [value, setValue] = useState(initialCode);
  const [problem, setError] = useState<VoucherProblem | null>(null);
  const error = problem ? voucherProblemText(problem, t, tCommon) : null;
  const [checking, setChecking] = useState(false);

  async function apply(raw: string) {
    const code = normalizeVoucherCode(raw);
    setError(null);
    if (!code) {
      setError({ kind: 'empty' });
      return;
    }
    if (!isPlausibleVoucherCode(code)) {
      setError({ kind: 'invalid', code });
      return;
    }
    setChecking(true);
    try {
      setError(await onChecked(await checkVoucher(code)));
      setValue(code);
    } catch (caught) {
      setError({ kind: 'message', message: errorMessage(caught) });
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
          <Text ns="registration" k="voucherLabel" components={{ optional: <span className="optional" /> }} />
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
            placeholder={t('voucherPlaceholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button type="submit" className="btn btn-secondary" aria-busy={checking || undefined} disabled={checking}>
            {t('apply')}
          </button>
        </div>
        {error ? (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        {appliedCode && !error ? (
          <p className="voucher__applied">
            <Text ns="registration" k="codeApplied" values={{ code: appliedCode }} components={{ strong: <strong /> }} />{' '}
            <button
              type="button"
              className="voucher__remove"
              onClick={() => {
                setValue('');
                onCleared();
              }}
            >
              {t('removeCode')}
            </button>
          </p>
        ) : null}
      </div>
    </form>
  );
}
