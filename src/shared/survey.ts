import type { SurveyQuestion } from './contracts/catalog.ts';
import { MESSAGES } from './messages.ts';

export type SurveyValue = string | string[] | undefined;

/** One rule set for the survey page and the server: required, known options, max selections. */
export function validateSurveyAnswer(question: SurveyQuestion, value: SurveyValue): string | null {
  const empty = value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '');
  if (empty) return question.required ? MESSAGES.questionRequired : null;
  if (question.kind === 'text') return typeof value === 'string' ? null : 'Please enter text.';
  const picked = Array.isArray(value) ? value : [value as string];
  if (question.kind === 'single' && picked.length !== 1) return 'Please select one option.';
  if (picked.some((p) => !question.options.includes(p))) return 'Please select one of the options shown.';
  if (new Set(picked).size !== picked.length) return 'Please select each option only once.';
  if (question.kind === 'multiple' && question.maxSelections != null && picked.length > question.maxSelections) {
    return MESSAGES.maxSelections(question.maxSelections);
  }
  return null;
}
