import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '../../i18n/use-t.ts';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** Extra content after the error text (e.g. a "sign in instead" link). */
  errorAction?: ReactNode;
  /** Help under the input (e.g. the password rule); read out with the input via aria-describedby. */
  hint?: ReactNode;
}

/** A labelled input (base.css .field markup) whose hint and error are tied to it for screen readers. */
export function TextField({ label, registration, error, errorAction, hint, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' is-danger' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={['input', error ? 'is-danger' : null, className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
        {...registration}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
          {errorAction ? <> {errorAction}</> : null}
        </p>
      ) : null}
      {hint ? (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/** The e-mail input of every account form: one label, keyboard and autofill setup everywhere. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'autoCapitalize' | 'spellCheck'>) {
  const t = useT('common');
  return (
    <TextField label={t('emailAddress')} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />
  );
}
