import { type Ref, useId } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useValidationText } from '../../i18n/validation-text.ts';
import type { SurveyQuestion as Question } from '../../shared/contracts/catalog.ts';
import type { ValidationProblem } from '../../shared/validation.ts';
import { type AnswerValue, MAX_TEXT_LENGTH, toggleOption } from './validate-answer.ts';

interface SurveyQuestionProps {
  question: Question;
  value: AnswerValue | undefined;
  /** Why the answer cannot be sent (worded here, in the active language), or null. */
  error: ValidationProblem | null;
  disabled: boolean;
  onChange: (value: AnswerValue) => void;
  /** The question heading; the page focuses it when moving between questions. */
  headingRef: Ref<HTMLHeadingElement>;
}

/** One question: radios, checkboxes or a text area, with its hint and error tied to the inputs. */
export function SurveyQuestion({ question, value, error, disabled, onChange, headingRef }: SurveyQuestionProps) {
  const t = useT('survey');
  const word = useValidationText();
  const id = useId();
  const headingId = `${id}-q`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputName = `question-${question.id}`;
  const limited = question.kind === 'multiple' && question.maxSelections !== null;
  const hint = limited
    ? t(question.required ? 'hintRequiredChooseUpTo' : 'hintOptionalChooseUpTo', { max: question.maxSelections })
    : t(question.required ? 'hintRequired' : 'hintOptional');
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  const invalid = error ? true : undefined;

  return (
    <div className={`field survey-question${error ? ' is-danger' : ''}`}>
      <h2 id={headingId} className="survey-question__text" tabIndex={-1} ref={headingRef}>
        {question.kind === 'text' ? <label htmlFor={`${id}-text`}>{question.text}</label> : question.text}
      </h2>
      <p id={hintId} className="field-hint survey-question__hint">
        {hint}
      </p>
      {question.kind === 'text' ? (
        <textarea
          id={`${id}-text`}
          name={inputName}
          className={`input${error ? ' is-danger' : ''}`}
          rows={5}
          maxLength={MAX_TEXT_LENGTH}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          required={question.required}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <fieldset
          className={`survey-question__options${error ? ' is-danger' : ''}`}
          aria-labelledby={headingId}
          aria-describedby={describedBy}
          disabled={disabled}
        >
          {question.options.map((option, index) => {
            const optionId = `${id}-o${index}`;
            const checked = question.kind === 'single' ? value === option : Array.isArray(value) && value.includes(option);
            return (
              <div key={option} className={`check survey-question__option${error ? ' is-danger' : ''}`}>
                <input
                  id={optionId}
                  type={question.kind === 'single' ? 'radio' : 'checkbox'}
                  name={inputName}
                  value={option}
                  checked={checked}
                  aria-invalid={invalid}
                  onChange={() => onChange(question.kind === 'single' ? option : toggleOption(question, value, option))}
                />
                <label htmlFor={optionId}>{option}</label>
              </div>
            );
          })}
        </fieldset>
      )}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {word(error)}
        </p>
      ) : null}
    </div>
  );
}
