import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { Notice } from '../../components/ui/notice.tsx';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import { db } from '../../lib/db.ts';
import { StorageFullError } from '../../lib/storage.ts';
import { LEAD_NOTES_MAX_LENGTH, LEAD_RATING_MAX } from '../../shared/contracts/leads.ts';
import { addTag, answerOf, editedFields, type LeadAnswer, TAG_LIMITS, type TagProblem, withAnswer } from './lead-fields.ts';
import { type EditableLead, saveLeadEdit } from './leads.ts';
import { QUALIFICATION_QUESTIONS, type QualificationQuestion } from './qualification.ts';

const RATINGS = Array.from({ length: LEAD_RATING_MAX + 1 }, (_, n) => n);
const FIXED_QUESTIONS = new Set(QUALIFICATION_QUESTIONS.map((entry) => entry.question));

interface LeadEditorProps {
  userId: string;
  lead: EditableLead;
  /** The id of the element naming the person (the form's accessible name). */
  labelledBy: string;
  onDone: () => void;
}

/**
 * Notes, rating, tags and qualification answers of one lead. Saving writes the device row and an
 * outbox op with what changed in one transaction (saveLeadEdit): it works offline and shows pending.
 */
export function LeadEditor({ userId, lead, labelledBy, onDone }: LeadEditorProps) {
  const t = useT('contacts');
  const id = useId();
  const [notes, setNotes] = useState(lead.notes);
  const [rating, setRating] = useState(lead.rating);
  const [tags, setTags] = useState(lead.tags);
  const [tagInput, setTagInput] = useState('');
  const [tagError, setTagError] = useState<TagProblem | null>(null);
  const [answers, setAnswers] = useState<LeadAnswer[]>(lead.answers);
  const [saving, setSaving] = useState(false);
  /** A message to show as it is (a full disk's), or true for "could not be saved". */
  const [error, setError] = useState<string | true | null>(null);
  const otherAnswers = answers.filter((entry) => !FIXED_QUESTIONS.has(entry.question));

  /** Adds the typed tag; returns the tags to save, or null when the typed text is not a valid tag. */
  const commitTag = (): string[] | null => {
    if (!tagInput.trim()) return tags;
    const result = addTag(tags, tagInput);
    if ('error' in result) {
      setTagError(result.error);
      return null;
    }
    setTags(result.tags);
    setTagInput('');
    setTagError(null);
    return result.tags;
  };

  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the tag instead of submitting the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    commitTag();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const finalTags = commitTag();
    if (!finalTags || saving) return;
    setSaving(true);
    setError(null);
    try {
      await saveLeadEdit(db, userId, lead, editedFields(lead, { notes, rating, tags: finalTags, answers }));
      onDone();
    } catch (failure) {
      setError(failure instanceof StorageFullError ? failure.message : true);
      setSaving(false);
    }
  };

  return (
    <form className="lead-editor" aria-labelledby={labelledBy} onSubmit={submit} noValidate>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-notes`}>
          {t('notes')}
        </label>
        <textarea
          id={`${id}-notes`}
          value={notes}
          maxLength={LEAD_NOTES_MAX_LENGTH}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>

      <fieldset className="lead-editor__group">
        <legend className="field-label">{t('rating')}</legend>
        <div className="lead-editor__ratings">
          {RATINGS.map((n) => (
            <label key={n} className="lead-editor__rating">
              <input type="radio" name={`${id}-rating`} value={n} checked={rating === n} onChange={() => setRating(n)} />
              <span>{t('ratingOption', { count: n })}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="field">
        <span className="field-label" id={`${id}-tags`}>
          {t('tags')}
        </span>
        {tags.length > 0 && (
          <ul className="chip-list lead-tags" aria-labelledby={`${id}-tags`}>
            {tags.map((tag) => (
              <li key={tag} className="badge">
                {tag}
                <button
                  type="button"
                  className="lead-tags__remove"
                  aria-label={t('removeTag', { tag })}
                  onClick={() => setTags(tags.filter((known) => known !== tag))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <label className="visually-hidden" htmlFor={`${id}-tag`}>
          {t('addTagLabel')}
        </label>
        <div className="lead-editor__tag-entry">
          <input
            id={`${id}-tag`}
            className={`input${tagError ? ' is-danger' : ''}`}
            value={tagInput}
            placeholder={t('addTagLabel')}
            aria-invalid={tagError ? true : undefined}
            aria-describedby={tagError ? `${id}-tag-error` : undefined}
            onChange={(event) => {
              setTagInput(event.target.value);
              setTagError(null);
            }}
            onKeyDown={onTagKey}
          />
          <button type="button" className="btn btn-secondary" onClick={commitTag}>
            {t('addTag')}
          </button>
        </div>
        {tagError && (
          <p id={`${id}-tag-error`} className="field-error">
            {t(tagError, TAG_LIMITS)}
          </p>
        )}
      </div>

      <fieldset className="lead-editor__group">
        <legend className="field-label">{t('qualification')}</legend>
        {QUALIFICATION_QUESTIONS.map((entry, index) => {
          const value = answerOf(answers, entry.question);
          // An answer given in another app version stays selectable as it is.
          const options = value && !entry.options.includes(value) ? [...entry.options, value] : entry.options;
          return (
            <div key={entry.question} className="field">
              <label className="field-label" htmlFor={`${id}-q${index}`}>
                {t(entry.label)}
              </label>
              <select
                id={`${id}-q${index}`}
                value={value}
                onChange={(event) => setAnswers(withAnswer(answers, entry.question, event.target.value))}
              >
                <option value="">{t('notAnswered')}</option>
                {options.map((option) => (
                  <option key={option} value={option}>
                    {optionLabel(entry, option, t)}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
        {otherAnswers.length > 0 && (
          <ul className="lead-editor__other-answers">
            {otherAnswers.map((entry) => (
              <li key={entry.question}>
                {entry.question} {entry.answer}
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      {error && <Notice tone="danger">{error === true ? t('leadNotSaved') : error}</Notice>}
      <div className="lead-editor__actions">
        <button type="submit" className="btn btn-primary" aria-busy={saving || undefined}>
          {t('saveLead')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** An option in the active language; an answer from another app version as it was stored. */
function optionLabel(entry: QualificationQuestion, option: string, t: (key: MessageKey<'contacts'>) => string): string {
  const key = Object.hasOwn(entry.optionLabels, option) ? entry.optionLabels[option] : undefined;
  return key ? t(key) : option;
}
