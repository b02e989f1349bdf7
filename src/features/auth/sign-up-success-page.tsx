import { Link, useLocation } from 'react-router-dom';
import './auth.css';

/** Reads the address the sign-up form passed along; history state is untrusted, so check its shape. */
function emailFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('email' in state)) return null;
  const { email } = state as { email: unknown };
  return typeof email === 'string' && email.length > 0 ? email : null;
}

/** /sign-up/success: tells the new user to confirm their address. */
export function SignUpSuccessPage() {
  const email = emailFromState(useLocation().state);
  return (
    <section className="auth" aria-labelledby="sign-up-success-title">
      <h1 id="sign-up-success-title" className="auth__title">
        Check your inbox
      </h1>
      <div className="card auth__card">
        <p>
          We have sent a confirmation link to {email ? <strong>{email}</strong> : 'your e-mail address'}. Please open it to
          confirm your address; after that you can sign in.
        </p>
        <p>
          Nothing arrived? Check your spam folder, or try to <Link to="/sign-in">sign in</Link>: we send a new link if your
          address is not confirmed yet.
        </p>
      </div>
    </section>
  );
}
