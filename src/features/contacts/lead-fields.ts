import type { MessageKey } from '../../i18n/namespaces.ts';
import { LEAD_TAG_MAX_LENGTH, LEAD_TAGS_MAX } from '../../shared/contracts/leads.ts';
import { QUALIFICATION_QUESTIONS } from './qualification.ts';

/*
 * What a vendor writes about a lead (notes, rating 0–5, tags, qualification answers) and the rules
 * the editor applies before anything is saved, matching the upload contract (contracts/leads.ts).
 */

export interface LeadAnswer {
  question: string;
  answer: string;
}

export interface LeadFields {
  notes: string;
  /** 0 = not rated. */
  rating: number;
  tags: string[];
  answers: LeadAnswer[];
}

/** The fields an edit changed; tags and answers are always whole lists (they replace the stored ones). */
export type LeadEdit = Partial<LeadFields>;

/**
 * Why a typed tag was refused, as keys of the contacts catalogue; the editor shows them with
 * TAG_LIMITS as their values.
 */
export const TAG_MESSAGES = {
  empty: 'tagEmpty',
  tooLong: 'tagTooLong',
  tooMany: 'tagTooMany',
} as const satisfies Record<string, MessageKey<'contacts'>>;

export type TagProblem = (typeof TAG_MESSAGES)[keyof typeof TAG_MESSAGES];

/** The values of the tag messages: the limits of the upload contract. */
export const TAG_LIMITS = { maxLength: LEAD_TAG_MAX_LENGTH, maxTags: LEAD_TAGS_MAX } as const;

/** A typed tag added to the list (trimmed, inner spaces collapsed); one already there in any case is not repeated. */
export function addTag(tags: readonly string[], input: string): { tags: string[] } | { error: TagProblem } {
  const tag = input.trim().replace(/\s+/g, ' ');
  if (!tag) return { error: TAG_MESSAGES.empty };
  if (tag.length > LEAD_TAG_MAX_LENGTH) return { error: TAG_MESSAGES.tooLong };
  if (tags.some((known) => known.toLowerCase() === tag.toLowerCase())) return { tags: [...tags] };
  if (tags.length >= LEAD_TAGS_MAX) return { error: TAG_MESSAGES.tooMany };
  return { tags: [...tags, tag] };
}

export function answerOf(answers: readonly LeadAnswer[], question: string): string {
  return answers.find((entry) => entry.question === question)?.answer ?? '';
}

/** Sets one answer; an empty answer removes the question (unanswered). */
export function withAnswer(answers: readonly LeadAnswer[], question: string, answer: string): LeadAnswer[] {
  const others = answers.filter((entry) => entry.question !== question);
  return answer ? orderedAnswers([...others, { question, answer }]) : others;
}

/** The fixed questions in their order, then any other answered question (from an older app) as stored. */
export function orderedAnswers(answers: readonly LeadAnswer[]): LeadAnswer[] {
  const rank = (question: string) => {
    const index = QUALIFICATION_QUESTIONS.findIndex((entry) => entry.question === question);
    return index === -1 ? QUALIFICATION_QUESTIONS.length : index;
  };
  return answers
    .filter((entry) => entry.answer !== '')
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => rank(a.entry.question) - rank(b.entry.question) || a.index - b.index)
    .map(({ entry }) => entry);
}

const sameList = <T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean) =>
  a.length === b.length && a.every((item, index) => same(item, b[index] as T));

/** Only what changed between the opened and the saved fields: what the outbox op carries. */
export function editedFields(before: LeadFields, after: LeadFields): LeadEdit {
  const edit: LeadEdit = {};
  if (after.notes !== before.notes) edit.notes = after.notes;
  if (after.rating !== before.rating) edit.rating = after.rating;
  if (!sameList(after.tags, before.tags, (x, y) => x === y)) edit.tags = [...after.tags];
  const answersBefore = orderedAnswers(before.answers);
  const answersAfter = orderedAnswers(after.answers);
  if (!sameList(answersAfter, answersBefore, (x, y) => x.question === y.question && x.answer === y.answer))
    edit.answers = answersAfter;
  return edit;
}

export const isEmptyEdit = (edit: LeadEdit) => Object.keys(edit).length === 0;
