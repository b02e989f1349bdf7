import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** Extra content after the error text (e.g. a "sign in instead" link). */
  errorAction?: ReactNode;
  /** Help under the input (e.g. the password rule); read out with the input via aria-describedby. */
  help?: ReactNode;
}

/** A labelled input whose help and error are tied to it for screen readers. */
export function TextField({ label, registration, error, errorAction, help, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, help ? helpId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label className="label" htmlFor={id}>
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
        <p id={errorId} className="help is-danger">
          {error}
          {errorAction ? <> {errorAction}</> : null}
        </p>
      ) : null}
      {help ? (
        <div id={helpId} className="help">
          {help}
        </div>
      ) : null}
    </div>
  );
}
