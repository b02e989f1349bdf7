import { describe, expect, it } from 'vitest';
import { validationText } from '../../i18n/validation-text.ts';
import type { SurveyQuestion } from '../../shared/contracts/catalog.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { validateSurveyAnswer } from '../../shared/survey.ts';
import {
  type AnswerValue,
  buildAnswers,
  firstInvalidQuestion,
  MAX_TEXT_LENGTH,
  normalizeAnswer,
  surveyExitPath,
  toggleOption,
  validateAnswer as validate,
} from './validate-answer.ts';

/** The message the question shows (English in unit tests), or null. */
const validateAnswer = (question: SurveyQuestion, value: AnswerValue | undefined) => {
  const problem = validate(question, value);
  return problem && validationText(problem);
};

const single: SurveyQuestion = {
  id: 1,
  position: 1,
  text: 'Role?',
  kind: 'single',
  options: ['Dev', 'Ops', 'Other'],
  maxSelections: null,
  required: true,
};
const multiple: SurveyQuestion = {
  id: 2,
  position: 2,
  text: 'Topics?',
  kind: 'multiple',
  options: ['A', 'B', 'C', 'D'],
  maxSelections: 2,
  required: false,
};
const text: SurveyQuestion = {
  id: 3,
  position: 3,
  text: 'Anything else?',
  kind: 'text',
  options: [],
  maxSelections: null,
  required: false,
};

describe('validateAnswer', () => {
  it('requires an answer to a required question', () => {
    expect(validateAnswer(single, undefined)).toBe(MESSAGES.questionRequired);
    expect(validateAnswer(single, '')).toBe(MESSAGES.questionRequired);
    expect(validateAnswer({ ...multiple, required: true }, [])).toBe(MESSAGES.questionRequired);
    expect(validateAnswer({ ...text, required: true }, '   \n')).toBe(MESSAGES.questionRequired);
  });

  it('accepts an unanswered optional question', () => {
    expect(validateAnswer(multiple, undefined)).toBeNull();
    expect(validateAnswer(multiple, [])).toBeNull();
    expect(validateAnswer(text, '  ')).toBeNull();
  });

  it('accepts valid answers', () => {
    expect(validateAnswer(single, 'Ops')).toBeNull();
    expect(validateAnswer(multiple, ['A', 'C'])).toBeNull();
    expect(validateAnswer(text, 'More coffee.')).toBeNull();
  });

  it('limits the number of selections with the spec message', () => {
    expect(validateAnswer(multiple, ['A', 'B', 'C'])).toBe('Please select no more than 2 options.');
    expect(validateAnswer(multiple, ['A', 'B'])).toBeNull();
    expect(validateAnswer({ ...multiple, maxSelections: null }, ['A', 'B', 'C', 'D'])).toBeNull();
  });

  it('rejects options the question does not offer, and two answers to a single choice', () => {
    expect(validateAnswer(single, 'Sales')).toEqual(expect.any(String));
    expect(validateAnswer(multiple, ['A', 'Z'])).toEqual(expect.any(String));
    expect(validateAnswer(single, ['Dev', 'Ops'])).toEqual(expect.any(String));
  });

  it('uses the same rules as the server', () => {
    for (const [question, value] of [
      [single, undefined],
      [single, 'Sales'],
      [multiple, ['A', 'B', 'C']],
      [multiple, ['A', 'A']],
      [text, 'fine'],
    ] as const) {
      expect(validate(question, value as AnswerValue | undefined)).toEqual(
        validateSurveyAnswer(question, value as AnswerValue | undefined),
      );
    }
  });

  it('limits free text to what the server accepts', () => {
    expect(validateAnswer(text, 'x'.repeat(MAX_TEXT_LENGTH))).toBeNull();
    expect(validateAnswer(text, 'x'.repeat(MAX_TEXT_LENGTH + 1))).toBe('Please keep your answer to at most 5000 characters.');
  });
});

describe('normalizeAnswer and buildAnswers', () => {
  it('trims free text and drops empty answers', () => {
    expect(normalizeAnswer(text, '  hi  ')).toBe('hi');
    expect(normalizeAnswer(text, '   ')).toBeNull();
    expect(normalizeAnswer(multiple, [])).toBeNull();
  });

  it('sends answered questions only, in question order', () => {
    expect(buildAnswers([single, multiple, text], { 3: ' ok ', 1: 'Dev', 2: [] })).toEqual([
      { questionId: 1, value: 'Dev' },
      { questionId: 3, value: 'ok' },
    ]);
  });

  it('finds the first question that cannot be sent', () => {
    expect(firstInvalidQuestion([single, multiple], { 2: ['A'] })).toBe(0);
    expect(firstInvalidQuestion([single, multiple], { 1: 'Dev', 2: ['A', 'B', 'C'] })).toBe(1);
    expect(firstInvalidQuestion([single, multiple], { 1: 'Dev' })).toBe(-1);
  });
});

describe('toggleOption', () => {
  it('adds and removes options, keeping display order', () => {
    expect(toggleOption(multiple, undefined, 'C')).toEqual(['C']);
    expect(toggleOption(multiple, ['C'], 'A')).toEqual(['A', 'C']);
    expect(toggleOption(multiple, ['A', 'C'], 'A')).toEqual(['C']);
  });
});

describe('surveyExitPath', () => {
  it('returns to the stored internal path', () => {
    expect(surveyExitPath('/pass?x=1')).toBe('/pass?x=1');
  });

  it('falls back to the dashboard for missing, unsafe or survey paths', () => {
    expect(surveyExitPath(undefined)).toBe('/');
    expect(surveyExitPath('//evil.example')).toBe('/');
    expect(surveyExitPath('https://evil.example/')).toBe('/');
    expect(surveyExitPath('/survey')).toBe('/');
    expect(surveyExitPath('/survey?step=2')).toBe('/');
    expect(surveyExitPath('/surveys-archive')).toBe('/surveys-archive');
  });
});
