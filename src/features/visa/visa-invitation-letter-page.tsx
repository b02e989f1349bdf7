import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useT } from '../../i18n/use-t.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { fullNameAtom, passAtom } from '../../lib/session.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { VisaLetter } from '../../shared/contracts/account.ts';
import { fetchVisaLetter } from './visa-api.ts';
import { VisaLetterForm } from './visa-letter-form.tsx';
import { VisaLetterSummary } from './visa-letter-summary.tsx';
import './visa.css';

/** /visa-invitation-letter: only with an approved pass; otherwise it says why and leads to /pass. */
export function VisaInvitationLetterPage() {
  const t = useT('visa');
  const pass = useAtomValue(passAtom);
  if (pass?.status !== 'approved') {
    return (
      <>
        <PageHeader title={t('title')} lead={t('lead')} />
        <EmptyState
          icon="pass"
          title={pass ? t('passNotApprovedTitle') : t('needPassTitle')}
          action={
            <Link to="/pass" className="btn btn-primary">
              {pass ? t('seeYourPass') : t('getPass')}
            </Link>
          }
        >
          {pass ? t('passNotApprovedText') : t('needPassText')}
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('title')} lead={t('lead')} />
      <VisaLetterArea />
    </>
  );
}

function VisaLetterArea() {
  const t = useT('visa');
  const profileName = useAtomValue(fullNameAtom);
  const load = useRequest((signal) => fetchVisaLetter(signal), []);
  // The letter saved on this page visit; until then the loaded one.
  const [saved, setSaved] = useState<VisaLetter | null>(null);
  const [editing, setEditing] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const letter = saved ?? (load.status === 'ready' ? load.data : null);

  // After saving, the letter's heading takes the focus so the result is read out.
  useEffect(() => {
    if (saved && !editing) headingRef.current?.focus();
  }, [saved, editing]);

  if (load.status === 'loading') {
    return (
      <p className="visa-loading" role="status">
        {t('loadingLetter')}
      </p>
    );
  }
  if (load.status === 'error' && !saved) {
    return (
      <Notice tone="danger">
        {errorMessage(load.error)}{' '}
        <button type="button" className="btn btn-ghost btn-sm" onClick={load.retry}>
          {t('tryAgain')}
        </button>
      </Notice>
    );
  }

  const onSaved = (next: VisaLetter) => {
    setSaved(next);
    setEditing(false);
  };

  if (letter && !editing) {
    return (
      <VisaLetterSummary letter={letter} justSaved={saved !== null} headingRef={headingRef} onEdit={() => setEditing(true)} />
    );
  }
  return (
    <VisaLetterForm
      letter={letter}
      profileName={profileName}
      onSaved={onSaved}
      onCancel={letter ? () => setEditing(false) : undefined}
    />
  );
}
