import { Link, useLocation } from 'react-router-dom';
import './auth.css';

/** Reads the address the sign-up form passed along; history state is untrusted, so check its shape. */
function emailFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('email' in state)) return null;
  const { email } = state as { email: unknown };
  return typeof email === 'string' && email.length > 0 ? email : null;
}

/**
 * /sign-up/success: the next step is in the mail. Worded for both cases the server does not tell
 * apart (finding 11): a new account's confirmation link, or a note to the holder of an existing one.
 */
export function SignUpSuccessPage() {
  const email = emailFromState(useLocation().state);
  return (
    <section className="auth" aria-labelledby="sign-up-success-title">
      <h1 id="sign-up-success-title" className="auth__title">
        Check your inbox
      </h1>
      <div className="card auth__card">
        <p>
          We have sent an e-mail to {email ? <strong>{email}</strong> : 'your e-mail address'}. Please open the link in it to
          confirm your address; after that you can sign in. If you already have an account with this address, the e-mail tells you
          how to sign in.
        </p>
        <p>
          Nothing arrived? Check your spam folder, or try to <Link to="/sign-in">sign in</Link>: we send a new link if your
          address is not confirmed yet.
        </p>
      </div>
    </section>
  );
}
