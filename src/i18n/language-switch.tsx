import { type ChangeEvent, useId, useState } from 'react';
import { readToken } from '../lib/token.ts';
import { changeLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES } from './i18n.ts';
import { useLanguage, useT } from './use-t.ts';
import './language-switch.css';

/**
 * The language choice on the registration pages, the sign-in page and in the menu.
 * Both catalogues are precached, so it works offline; signed in, the account learns it too (its
 * mails and PDFs follow), loaded only then so anonymous first visits stay light.
 */
/** `compact`: the label is for screen readers only (the select's value, a language name, says what it is). */
export function LanguageSwitch({ className, compact = false }: { className?: string; compact?: boolean }) {
  const t = useT('common');
  const language = useLanguage();
  const id = useId();
  const [busy, setBusy] = useState(false);

  const onChange = async (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value;
    if (!isLanguage(next) || next === language) return;
    setBusy(true);
    try {
      await changeLanguage(next);
    } finally {
      setBusy(false);
    }
    if (readToken()) {
      void import('./account-language.ts').then((account) => account.saveAccountLanguage(next)).catch(() => undefined);
    }
  };

  return (
    <div className={className ? `language-switch ${className}` : 'language-switch'}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : 'language-switch__label'}>
        {t('language')}
      </label>
      <select
        id={id}
        className="language-switch__select"
        value={language}
        onChange={(event) => void onChange(event)}
        aria-busy={busy}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
