import type { UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '../../i18n/use-t.ts';
import { preloadPasswordStrength } from '../../lib/password-strength.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { TextField } from './text-field.tsx';

interface NewPasswordFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  /** The current value, for the strength meter. */
  password: string;
  /** As shown, i.e. in the active language. */
  error?: string | undefined;
  /** Words the password must not lean on (e-mail, names), as on the server. */
  userInputs?: string[];
}

/** A password being chosen: the rule as hint, the lazy zxcvbn meter, and each message shown once. */
export function NewPasswordField({ label, registration, password, error, userInputs }: NewPasswordFieldProps) {
  const tValidation = useT('validation');
  const rule = tValidation('passwordRule');
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      onFocus={preloadPasswordStrength}
      registration={registration}
      error={error}
      hint={
        <>
          {/* The rule once: as the error when broken, else as the hint. */}
          {error === rule ? null : rule}
          <PasswordStrengthMeter
            password={password}
            userInputs={userInputs}
            hideWeakMessage={error === tValidation('passwordTooWeak')}
          />
        </>
      }
    />
  );
}
