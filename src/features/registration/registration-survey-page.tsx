import { useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import type { SurveyQuestion as Question } from '../../shared/contracts/catalog.ts';
import type { ValidationProblem } from '../../shared/validation.ts';
import { SurveyQuestion } from '../survey/survey-question.tsx';
import { type Answers, type AnswerValue, buildAnswers, validateAnswer } from '../survey/validate-answer.ts';
import { fetchSurveyQuestions, submitSurveyAnswers } from './registration-api.ts';
import { registrationAtom } from './registration-state.ts';
import '../survey/survey.css';
import './registration-flow.css';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { useRequest } from '../../lib/use-request.ts';

/** /registration/survey: the survey questions on one page, sent with the registration token. */
export function RegistrationSurveyPage() {
  const t = useT('registration');
  const registration = useAtomValue(registrationAtom);
  const token = registration.account?.registrationToken;
  let body: ReactNode;
  if (!token) {
    body = (
      <Notice tone="warning">
        <Text ns="registration" k="createAccountFirst" components={{ link: <Link to="/registration/account" /> }} />
      </Notice>
    );
  } else if (registration.surveyCompleted) {
    body = (
      <div className="card reg-summary">
        <p>{t('answersSaved')}</p>
        <div className="reg-actions">
          <span />
          <Link to="/registration/checkout" className="btn btn-primary btn-lg">
            {t('continueToCheckout')}
          </Link>
        </div>
      </div>
    );
  } else {
    body = <SurveyForm token={token} />;
  }
  return (
    <div className="reg-step">
      <PageHeader title={t('surveyStepTitle')} lead={t('surveyStepLead')} />
      {body}
    </div>
  );
}

function SurveyForm({ token }: { token: string }) {
  const t = useT('registration');
  const navigate = useNavigate();
  const setRegistration = useSetAtom(registrationAtom);
  const load = useRequest(async () => [...(await fetchSurveyQuestions(token))].sort((a, b) => a.position - b.position), [token]);
  const [answers, setAnswers] = useState<Answers>({});
  const [errors, setErrors] = useState<Readonly<Record<number, ValidationProblem | null>>>({});
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headings = useRef(new Map<number, HTMLHeadingElement>());

  const questions = useMemo(() => load.data ?? [], [load.data]);

  const finish = () => {
    setRegistration({ surveyCompleted: true });
    navigate('/registration/checkout');
  };

  const change = (question: Question, value: AnswerValue) => {
    setAnswers((previous) => ({ ...previous, [question.id]: value }));
    setSubmitError(null);
    // Too many checkboxes is said at once; "required" waits for submit unless already shown.
    const problem = validateAnswer(question, value);
    setErrors((previous) => ({
      ...previous,
      [question.id]: problem !== null && (previous[question.id] || question.kind === 'multiple') ? problem : null,
    }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = Object.fromEntries(questions.map((question) => [question.id, validateAnswer(question, answers[question.id])]));
    setErrors(found);
    const firstInvalid = questions.find((question) => found[question.id] !== null);
    if (firstInvalid) {
      headings.current.get(firstInvalid.id)?.focus();
      return;
    }
    const body = buildAnswers(questions, answers);
    // Nothing answered and nothing required: there is nothing to send.
    if (body.length === 0) {
      finish();
      return;
    }
    setBusy(true);
    setSubmitError(null);
    try {
      await submitSurveyAnswers(token, body);
      finish();
    } catch (error) {
      setSubmitError(errorMessage(error));
      setBusy(false);
    }
  };

  if (load.status === 'loading') {
    return (
      <div className="card reg-summary" role="status">
        {t('loadingQuestions')}
      </div>
    );
  }
  if (load.status === 'error') {
    return (
      <div className="card reg-summary">
        <Notice tone="danger">{errorMessage(load.error)}</Notice>
        <div className="reg-actions">
          <span />
          <button type="button" className="btn btn-primary" onClick={load.retry}>
            {t('tryAgain')}
          </button>
        </div>
      </div>
    );
  }
  if (questions.length === 0) {
    return (
      <div className="card reg-summary">
        <p>{t('noSurveyQuestions')}</p>
        <div className="reg-actions">
          <span />
          <button type="button" className="btn btn-primary btn-lg" onClick={finish}>
            {t('continue')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="reg-form" onSubmit={submit} noValidate>
      <ol className="reg-survey">
        {questions.map((question, index) => (
          <li key={question.id} className="card reg-survey__item">
            <span className="reg-survey__number" aria-hidden="true">
              {index + 1}
            </span>
            <SurveyQuestion
              question={question}
              value={answers[question.id]}
              error={errors[question.id] ?? null}
              disabled={busy}
              onChange={(value) => change(question, value)}
              headingRef={(element) => {
                if (element) headings.current.set(question.id, element);
                else headings.current.delete(question.id);
              }}
            />
          </li>
        ))}
      </ol>
      {submitError ? <Notice tone="danger">{submitError}</Notice> : null}
      <div className="reg-actions">
        <Link to="/registration/account" className="btn btn-ghost">
          {t('back')}
        </Link>
        <SubmitButton busy={busy} busyLabel={t('saving')} className="btn btn-primary btn-lg">
          {t('saveAnswersAndContinue')}
        </SubmitButton>
      </div>
    </form>
  );
}
