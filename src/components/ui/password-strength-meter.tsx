import { useEffect, useState } from 'react';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import { MIN_PASSWORD_SCORE, passwordScore } from '../../lib/password-strength.ts';
import './password-strength-meter.css';

/** One label per zxcvbn score 0..4. */
export const STRENGTH_LABELS = [
  'strengthVeryWeak',
  'strengthWeak',
  'strengthFair',
  'strengthStrong',
  'strengthVeryStrong',
] as const satisfies readonly MessageKey<'checkout'>[];
const DEBOUNCE_MS = 250;

interface PasswordStrengthMeterProps {
  password: string;
  /** Words zxcvbn should treat as guessable (e-mail, names), as the server does. */
  userInputs?: string[];
  /** Leave out the "too weak" sentence when the field already shows it as its error. */
  hideWeakMessage?: boolean;
}

/**
 * A 5-step strength meter. zxcvbn loads on first render of this component (never with the sign-in
 * page) and scores after typing pauses, so fast typing does not run it per keystroke.
 */
export function PasswordStrengthMeter({ password, userInputs = [], hideWeakMessage = false }: PasswordStrengthMeterProps) {
  const t = useT('checkout');
  const tValidation = useT('validation');
  const [score, setScore] = useState<number | null>(null);
  // A stable dependency: the caller usually passes a fresh array each render.
  const inputsKey = JSON.stringify(userInputs);

  useEffect(() => {
    if (password.length === 0) {
      // A cleared field starts over, so the old score does not flash up for the next password.
      setScore(null);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      passwordScore(password, JSON.parse(inputsKey) as string[]).then(
        (next) => {
          if (!cancelled) setScore(next);
        },
        // Without zxcvbn (chunk failed to load) show no meter; the server still checks strength.
        () => undefined,
      );
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [password, inputsKey]);

  // While typing, the last score stays up until the new one arrives (no flicker per keystroke).
  const shown = password.length > 0 ? score : null;
  const label = shown === null ? null : (STRENGTH_LABELS[shown] ?? STRENGTH_LABELS[0]);
  const tooWeak = shown !== null && shown < MIN_PASSWORD_SCORE;
  return (
    <div className={`pw-meter${shown === null ? ' pw-meter--pending' : ` pw-meter--score-${shown}`}`}>
      {/* The bar is decoration; the sentence below carries the strength for screen readers. */}
      <div className="pw-meter__bar" aria-hidden="true">
        {STRENGTH_LABELS.map((step, index) => (
          <span key={step} className={`pw-meter__step${shown !== null && index <= shown ? ' is-filled' : ''}`} />
        ))}
      </div>
      {/* Always rendered, so screen readers know the live region before its text changes. */}
      <p className="pw-meter__text" aria-live="polite">
        {label === null ? null : <span>{t('passwordStrength', { strength: t(label) })}</span>}
        {tooWeak && !hideWeakMessage ? <span className="pw-meter__weak"> {tValidation('passwordTooWeak')}</span> : null}
      </p>
    </div>
  );
}
