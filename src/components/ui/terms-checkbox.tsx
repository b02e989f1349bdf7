import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Text } from '../../i18n/text.tsx';

const TERMS_URL = '/information#terms-and-conditions';
const PRIVACY_URL = '/information#privacy-policy';

interface TermsCheckboxProps {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}

/** The consent every new account gives: the terms accepted, the privacy policy read (both open in a new tab). */
export function TermsCheckbox({ registration, error }: TermsCheckboxProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' is-danger' : ''}`}>
      <div className={`check${error ? ' is-danger' : ''}`}>
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...registration}
        />
        <label htmlFor={id}>
          <Text
            ns="checkout"
            k="acceptTerms"
            components={{
              // biome-ignore lint/a11y/useAnchorContent: the message's <terms> tag gives the link its text
              terms: <a href={TERMS_URL} target="_blank" rel="noopener" />,
              // biome-ignore lint/a11y/useAnchorContent: the message's <privacy> tag gives the link its text
              privacy: <a href={PRIVACY_URL} target="_blank" rel="noopener" />,
            }}
          />
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
