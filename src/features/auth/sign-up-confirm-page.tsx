import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, api } from '../../lib/api.ts';
import { okSchema } from '../../shared/contracts/common.ts';
import { confirmBodySchema } from '../../shared/contracts/user.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { Notice } from '../../components/ui/notice.tsx';
import './auth.css';

// Tokens are single-use: StrictMode's double effect (or a re-render) must not send a second
// request that would then fail. Calls are shared per uuid+token.
const confirmations = new Map<string, Promise<unknown>>();

function confirmOnce(uuid: string, token: string): Promise<unknown> {
  const key = `${uuid}:${token}`;
  let pending = confirmations.get(key);
  if (!pending) {
    pending = api('/api/user/confirm', okSchema, { method: 'POST', body: { uuid, token } });
    // Forget failures so "Try again" really tries again.
    pending.catch(() => confirmations.delete(key));
    confirmations.set(key, pending);
  }
  return pending;
}

type State = { kind: 'confirming' } | { kind: 'invalid' } | { kind: 'failed'; message: string };

/** /sign-up/confirm/:userUuid?token=… — confirms the address, then on to sign-in. */
export function SignUpConfirmPage() {
  const t = useT('auth');
  const { userUuid = '' } = useParams();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const [attempt, setAttempt] = useState(0);
  // The uuid alone must never confirm: without a well-formed token there is no call at all.
  const wellFormed = confirmBodySchema.safeParse({ uuid: userUuid, token }).success;
  const [state, setState] = useState<State>(wellFormed ? { kind: 'confirming' } : { kind: 'invalid' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the "Try again" button's trigger.
  useEffect(() => {
    if (!wellFormed) {
      setState({ kind: 'invalid' });
      return;
    }
    let cancelled = false;
    setState({ kind: 'confirming' });
    confirmOnce(userUuid, token).then(
      () => {
        if (!cancelled) navigate('/sign-in?confirmed=1', { replace: true });
      },
      (error: unknown) => {
        if (cancelled) return;
        // A 4xx means the link itself is bad; anything else (offline, 5xx) is worth another try.
        const linkIsBad = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
        setState(linkIsBad ? { kind: 'invalid' } : { kind: 'failed', message: errorMessage(error) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [wellFormed, userUuid, token, navigate, attempt]);

  return (
    <section className="auth" aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="auth__title">
        {t('confirmEmailTitle')}
      </h1>
      <div className="card auth__card">
        {state.kind === 'confirming' ? (
          <p role="status" aria-live="polite">
            {t('confirmingEmail')}
          </p>
        ) : null}
        {state.kind === 'invalid' ? (
          <>
            <Notice tone="danger">{t('invalidConfirmLink')}</Notice>
            <p>
              <Text
                ns="auth"
                k="invalidConfirmLinkHelp"
                components={{ signIn: <Link to="/sign-in" />, signUp: <Link to="/sign-up" /> }}
              />
            </p>
          </>
        ) : null}
        {state.kind === 'failed' ? (
          <>
            <Notice tone="danger">{state.message}</Notice>
            <div className="auth__actions">
              <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
                {t('tryAgain')}
              </button>
              <Link to="/sign-in">{t('goToSignIn')}</Link>
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
