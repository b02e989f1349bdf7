import { Link, useLocation } from 'react-router-dom';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import './auth.css';

/** Reads the address the sign-up form passed along; history state is untrusted, so check its shape. */
function emailFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('email' in state)) return null;
  const { email } = state as { email: unknown };
  return typeof email === 'string' && email.length > 0 ? email : null;
}

/**
 * /sign-up/success: the next step is in the mail. Worded for both cases the server does not tell
 * apart: a new account's confirmation link, or a note to the holder of an existing one.
 */
export function SignUpSuccessPage() {
  const t = useT('auth');
  const email = emailFromState(useLocation().state);
  return (
    <section className="auth" aria-labelledby="sign-up-success-title">
      <h1 id="sign-up-success-title" className="auth__title">
        {t('checkInboxTitle')}
      </h1>
      <div className="card auth__card">
        <p>
          {/* The address as an element: history state is untrusted and must not be read as markup. */}
          {email ? <Text ns="auth" k="checkInboxSentTo" values={{ email: <strong>{email}</strong> }} /> : t('checkInboxSent')}
        </p>
        <p>
          <Text ns="auth" k="checkInboxNothingArrived" components={{ link: <Link to="/sign-in" /> }} />
        </p>
      </div>
    </section>
  );
}
