import type { SurveyQuestion } from './contracts/catalog.ts';
import type { ValidationProblem } from './validation.ts';

export type SurveyValue = string | string[] | undefined;

/** One rule set for the survey page and the server: required, known options, max selections. */
export function validateSurveyAnswer(question: SurveyQuestion, value: SurveyValue): ValidationProblem | null {
  const empty = value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '');
  if (empty) return question.required ? { key: 'questionRequired' } : null;
  if (question.kind === 'text') return typeof value === 'string' ? null : { key: 'enterText' };
  const picked = Array.isArray(value) ? value : [value as string];
  if (question.kind === 'single' && picked.length !== 1) return { key: 'selectOneOption' };
  if (picked.some((p) => !question.options.includes(p))) return { key: 'selectShownOption' };
  if (new Set(picked).size !== picked.length) return { key: 'selectEachOptionOnce' };
  if (question.kind === 'multiple' && question.maxSelections != null && picked.length > question.maxSelections) {
    return { key: 'maxSelections', values: { maximum: question.maxSelections } };
  }
  return null;
}
