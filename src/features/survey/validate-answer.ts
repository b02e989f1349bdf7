import type { SurveyQuestion } from '../../shared/contracts/catalog.ts';
import { safeRedirectPath } from '../../shared/safe-redirect.ts';
import { validateSurveyAnswer } from '../../shared/survey.ts';
import type { ValidationProblem } from '../../shared/validation.ts';

/** A choice question's answer is its option text(s); a free-text answer is the text. */
export type AnswerValue = string | string[];
export type Answers = Readonly<Record<number, AnswerValue | undefined>>;

/** Limits of the server's surveyAnswersBodySchema, checked here for a readable message. */
export const MAX_TEXT_LENGTH = 5000;

/** The answer as it will be sent, or null when the question is left unanswered. */
export function normalizeAnswer(question: SurveyQuestion, value: AnswerValue | undefined): AnswerValue | null {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.length > 0 ? value : null;
  const text = question.kind === 'text' ? value.trim() : value;
  return text.length > 0 ? text : null;
}

/**
 * Why an answer cannot be sent (docs/behaviour.md §5: required, max selections, known options), or null. The
 * rules are the server's own (src/shared/survey.ts); this adds the request's length limit so an
 * over-long text gets a sentence instead of a bare 400. The survey question words it.
 */
export function validateAnswer(question: SurveyQuestion, value: AnswerValue | undefined): ValidationProblem | null {
  const problem = validateSurveyAnswer(question, value);
  if (problem !== null) return problem;
  return tooLong(question, value) ? { key: 'answerTooLong', values: { maximum: MAX_TEXT_LENGTH } } : null;
}

/** Longer than the request allows (the text is sent trimmed). */
function tooLong(question: SurveyQuestion, value: AnswerValue | undefined): boolean {
  return question.kind === 'text' && typeof value === 'string' && value.trim().length > MAX_TEXT_LENGTH;
}

/** Index of the first question whose answer is not valid, or -1 when all can be sent. */
export function firstInvalidQuestion(questions: readonly SurveyQuestion[], answers: Answers): number {
  return questions.findIndex(
    (question) => validateSurveyAnswer(question, answers[question.id]) !== null || tooLong(question, answers[question.id]),
  );
}

/** The POST /api/survey/ body's answers: answered questions only, in question order. */
export function buildAnswers(
  questions: readonly SurveyQuestion[],
  answers: Answers,
): { questionId: number; value: AnswerValue }[] {
  return questions.flatMap((question) => {
    const value = normalizeAnswer(question, answers[question.id]);
    return value === null ? [] : [{ questionId: question.id, value }];
  });
}

/** Toggles one option of a multiple-choice answer, keeping the options' display order. */
export function toggleOption(question: SurveyQuestion, current: AnswerValue | undefined, option: string): string[] {
  const chosen = new Set(Array.isArray(current) ? current : []);
  if (chosen.has(option)) chosen.delete(option);
  else chosen.add(option);
  return question.options.filter((candidate) => chosen.has(candidate));
}

/**
 * Where to go after the survey (submitted or skipped): the path stored in the surveyRedirect
 * cookie when it is a safe internal path, never back to the survey itself, else the dashboard.
 */
export function surveyExitPath(surveyRedirect: string | undefined): string {
  const path = safeRedirectPath(surveyRedirect);
  return /^\/survey(?:[/?#]|$)/.test(path) ? '/' : path;
}
