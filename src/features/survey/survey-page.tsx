import { useAtom, useSetAtom } from 'jotai';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod/mini';
import { translate } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/use-t.ts';
import { ApiError, api } from '../../lib/api.ts';
import { deleteCookie, getCookie, setCookie } from '../../lib/cookies.ts';
import { surveyEntriesAtom, surveyQuestionsAtom } from '../../lib/session.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { surveyEntrySchema, surveyQuestionSchema } from '../../shared/contracts/catalog.ts';
import { SurveyQuestion } from './survey-question.tsx';
import {
  type Answers,
  type AnswerValue,
  buildAnswers,
  firstInvalidQuestion,
  surveyExitPath,
  validateAnswer,
} from './validate-answer.ts';
import './survey.css';

const questionsSchema = z.array(surveyQuestionSchema);
const entriesSchema = z.array(surveyEntrySchema);

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.problem?.detail) return error.problem.detail;
  return translate('common', 'toastError');
}

/** /survey: one question at a time; submit on the last, or skip for now. */
export function SurveyPage() {
  const t = useT('survey');
  const navigate = useNavigate();
  const [storedQuestions, setStoredQuestions] = useAtom(surveyQuestionsAtom);
  const setEntries = useSetAtom(surveyEntriesAtom);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loadAttempt, setLoadAttempt] = useState(0);
  const [loaded, setLoaded] = useState(false);
  // Answers live in this page only: nothing of one user's half-filled survey outlives the page.
  const [answers, setAnswers] = useState<Answers>({});
  const [index, setIndex] = useState(0);
  // Whether the current question's problem is shown; its sentence is made at render, in the active language.
  const [showError, setShowError] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const movedRef = useRef(false);

  const questions = useMemo(() => [...(storedQuestions ?? [])].sort((a, b) => a.position - b.position), [storedQuestions]);
  const hasQuestions = questions.length > 0;

  // The session normally loads the questions at start; fetch them when it has not (yet).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loadAttempt` is the "Try again" button's trigger.
  useEffect(() => {
    if (hasQuestions) return;
    let cancelled = false;
    setLoadError(null);
    api('/api/survey/questions/', questionsSchema).then(
      (list) => {
        if (cancelled) return;
        setStoredQuestions(list);
        setLoaded(true);
      },
      (failure: unknown) => {
        if (!cancelled) setLoadError(failureMessage(failure));
      },
    );
    return () => {
      cancelled = true;
    };
    // An empty list leaves hasQuestions false, so this does not refetch in a loop.
  }, [hasQuestions, loadAttempt, setStoredQuestions]);

  // Move focus to the new question so keyboard and screen reader users start there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the question index changes.
  useEffect(() => {
    if (movedRef.current) headingRef.current?.focus();
  }, [index]);

  const leave = () => {
    const target = surveyExitPath(getCookie('surveyRedirect'));
    deleteCookie('surveyRedirect');
    navigate(target, { replace: true });
  };

  const skip = () => {
    // docs/behaviour.md §4: the survey cookie 'skip' stops the redirect to /survey.
    setCookie('survey', 'skip');
    leave();
  };

  const goTo = (next: number) => {
    movedRef.current = true;
    setShowError(false);
    setIndex(next);
  };

  const question = questions[Math.min(index, questions.length - 1)];
  const isLast = index >= questions.length - 1;
  const error = showError && question ? validateAnswer(question, answers[question.id]) : null;

  const change = (value: AnswerValue) => {
    if (!question) return;
    setAnswers((previous) => ({ ...previous, [question.id]: value }));
    setSubmitError(null);
    // Too many checkboxes is reported at once; "required" waits for Next, unless already shown.
    const problem = validateAnswer(question, value);
    setShowError(problem !== null && (error !== null || question.kind === 'multiple'));
  };

  const submit = async () => {
    const invalid = firstInvalidQuestion(questions, answers);
    if (invalid !== -1) {
      goTo(invalid);
      setShowError(true);
      return;
    }
    const body = { answers: buildAnswers(questions, answers) };
    // The server wants at least one answer; with none given this is the same as skipping.
    if (body.answers.length === 0) {
      skip();
      return;
    }
    setBusy(true);
    setSubmitError(null);
    try {
      const entries = await api('/api/survey/', entriesSchema, { method: 'POST', body });
      setEntries(entries);
      toastSuccess();
      leave();
    } catch (failure) {
      setSubmitError(failureMessage(failure));
      setBusy(false);
    }
  };

  const next = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!question || busy) return;
    const problem = validateAnswer(question, answers[question.id]);
    if (problem) {
      setShowError(true);
      headingRef.current?.focus();
      return;
    }
    if (isLast) void submit();
    else goTo(index + 1);
  };

  let body: ReactNode;
  if (!question) {
    if (loadError) {
      body = (
        <>
          <p className="alert alert-danger" role="alert">
            {loadError}
          </p>
          <div className="survey__actions">
            <button type="button" className="btn btn-primary" onClick={() => setLoadAttempt((n) => n + 1)}>
              {t('tryAgain')}
            </button>
          </div>
        </>
      );
    } else if (loaded) {
      body = (
        <>
          <p>{t('noQuestions')}</p>
          <div className="survey__actions">
            <button type="button" className="btn btn-primary" onClick={skip}>
              {t('continue')}
            </button>
          </div>
        </>
      );
    } else {
      body = <p role="status">{t('loadingQuestions')}</p>;
    }
  } else {
    body = (
      <form className="survey__form" onSubmit={next} noValidate>
        <div className="survey__progress">
          <p id="survey-progress-label" className="survey__progress-label">
            {t('progress', { current: index + 1, total: questions.length })}
          </p>
          <progress value={index + 1} max={questions.length} aria-labelledby="survey-progress-label" />
        </div>
        <SurveyQuestion
          key={question.id}
          question={question}
          value={answers[question.id]}
          error={error}
          disabled={busy}
          onChange={change}
          headingRef={headingRef}
        />
        {submitError ? (
          <p className="alert alert-danger" role="alert">
            {submitError}
          </p>
        ) : null}
        <div className="survey__actions">
          <button type="button" className="btn btn-secondary" onClick={() => goTo(index - 1)} disabled={index === 0 || busy}>
            {t('back')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {isLast ? (busy ? t('sending') : t('submit')) : t('next')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <section className="survey" aria-labelledby="survey-title">
      <h1 id="survey-title" className="survey__title">
        {t('title')}
      </h1>
      <p className="survey__intro">{t('intro')}</p>
      <div className="card survey__card">{body}</div>
      <div className="survey__skip">
        <button type="button" className="btn btn-ghost" onClick={skip} disabled={busy}>
          {t('skipForNow')}
        </button>
      </div>
    </section>
  );
}
