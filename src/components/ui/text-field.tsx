import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';
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

/** What a field's control (input, select) takes from FieldShell: its id, state and descriptions. */
export interface FieldControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldShellProps {
  label: string;
  error?: string | undefined;
  errorAction?: ReactNode;
  hint?: ReactNode;
  /** Extra classes of the control besides 'input'. */
  className?: string | undefined;
  /** The control, given its props. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The base.css .field markup around one control: its label, then its error and hint, tied to it for screen readers. */
export function FieldShell({ label, error, errorAction, hint, className, children }: FieldShellProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' is-danger' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        className: ['input', error ? 'is-danger' : null, className].filter(Boolean).join(' '),
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
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

/** A labelled input (base.css .field markup) whose hint and error are tied to it for screen readers. */
export function TextField({ label, registration, error, errorAction, hint, className, ...inputProps }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} errorAction={errorAction} hint={hint} className={className}>
      {(control) => <input {...control} {...inputProps} {...registration} />}
    </FieldShell>
  );
}

/** A labelled select, TextField's sibling for a choice among options. */
export function SelectField({
  label,
  registration,
  error,
  hint,
  className,
  children,
  ...selectProps
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> & {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select {...control} {...selectProps} {...registration}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

/** The e-mail input of every account form: one label, keyboard and autofill setup everywhere. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'autoCapitalize' | 'spellCheck'>) {
  const t = useT('common');
  return (
    <TextField label={t('emailAddress')} type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />
  );
}
