import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { z } from 'zod/mini';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import {
  addressAtom,
  bookingsAtom,
  configAtom,
  passAtom,
  surveyEntriesAtom,
  surveyEntriesLoadedAtom,
  surveyQuestionsAtom,
  userAtom,
} from '../../lib/session.ts';
import { useRequest } from '../../lib/use-request.ts';
import { hasAddress } from '../../shared/address.ts';
import { visaLetterSchema } from '../../shared/contracts/account.ts';
import { needsSurvey } from '../../shared/survey-redirect.ts';
import { nextSteps } from './next-steps.ts';

const visaLetterOrNull = z.nullable(visaLetterSchema);

/** Whether an approved pass holder already has a visa letter (GET /api/visa-letter); others are never asked. */
function useVisaLetterState(approved: boolean): 'none' | 'exists' | 'unknown' {
  const request = useRequest(
    (signal) => (approved ? api('/api/visa-letter', visaLetterOrNull, { signal }) : Promise.resolve(null)),
    [approved],
  );
  if (request.status !== 'ready') return 'unknown';
  return request.data ? 'exists' : 'none';
}

/** The open to-dos of src/features/home/next-steps.ts, each leading to where it is done. */
export function NextStepsSection() {
  const t = useT('home');
  const user = useAtomValue(userAtom);
  const pass = useAtomValue(passAtom);
  const address = useAtomValue(addressAtom);
  const bookings = useAtomValue(bookingsAtom);
  const questions = useAtomValue(surveyQuestionsAtom);
  const entries = useAtomValue(surveyEntriesAtom);
  const entriesLoaded = useAtomValue(surveyEntriesLoadedAtom);
  const config = useAtomValue(configAtom);
  const visaLetter = useVisaLetterState(pass?.status === 'approved');

  // The redirect's own rule without the 'skip' cookie: skipping postpones the survey, it stays a to-do.
  const surveyOpen =
    entriesLoaded &&
    questions.length > 0 &&
    needsSurvey({
      surveyCookie: undefined,
      entryDates: entries.map((entry) => entry.createdAt),
      surveyStartDate: config?.surveyStartDate,
    });

  const steps = nextSteps({ pass, bookings, hasAddress: hasAddress(user, address), surveyOpen, visaLetter });

  return (
    <section className="home__steps" aria-labelledby="home-steps-title">
      <h2 id="home-steps-title" className="home__section-title">
        {t('nextSteps')}
      </h2>
      {steps.length === 0 ? (
        <EmptyState title={t('allSetTitle')}>{t('allSetText')}</EmptyState>
      ) : (
        <ol className="home__step-list">
          {steps.map((step) => (
            <li key={step.id} className="card home__step" data-step={step.id}>
              <div className="home__step-body">
                <h3 className="home__step-title">{t(step.title)}</h3>
                <p className="home__step-text">{t(step.text)}</p>
              </div>
              {step.to && step.action ? (
                <Link to={step.to} className="btn btn-secondary home__step-action">
                  {t(step.action)}
                </Link>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
