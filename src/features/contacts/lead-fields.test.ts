import { describe, expect, it } from 'vitest';
import { addTag, editedFields, orderedAnswers, TAG_MESSAGES, withAnswer } from './lead-fields.ts';

describe('addTag', () => {
  it('trims, collapses spaces and does not repeat a tag in another case', () => {
    expect(addTag(['hot'], '  follow   up ')).toEqual({ tags: ['hot', 'follow up'] });
    expect(addTag(['hot'], 'HOT')).toEqual({ tags: ['hot'] });
  });

  it('refuses empty, longer than 40 characters and a 21st tag', () => {
    expect(addTag([], '   ')).toEqual({ error: TAG_MESSAGES.empty });
    expect(addTag([], 'x'.repeat(41))).toEqual({ error: TAG_MESSAGES.tooLong });
    expect(addTag([], 'x'.repeat(40))).toEqual({ tags: ['x'.repeat(40)] });
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect(addTag(twenty, 'one more')).toEqual({ error: TAG_MESSAGES.tooMany });
  });
});

describe('answers', () => {
  it('keeps the fixed questions in order, other answers after them, and drops empty answers', () => {
    const answers = withAnswer(
      [
        { question: 'Old question?', answer: 'kept' },
        { question: 'Decision maker?', answer: 'Yes' },
      ],
      'Interest?',
      'Wants a demo',
    );
    expect(answers).toEqual([
      { question: 'Interest?', answer: 'Wants a demo' },
      { question: 'Decision maker?', answer: 'Yes' },
      { question: 'Old question?', answer: 'kept' },
    ]);
    expect(withAnswer(answers, 'Interest?', '')).toEqual(answers.slice(1));
    expect(orderedAnswers([{ question: 'Timeframe?', answer: '' }])).toEqual([]);
  });
});

describe('editedFields', () => {
  const before = { notes: 'a', rating: 0, tags: ['hot'], answers: [{ question: 'Interest?', answer: 'Interested' }] };

  it('holds only what changed, with tags and answers as whole lists', () => {
    expect(editedFields(before, { ...before })).toEqual({});
    expect(editedFields(before, { ...before, rating: 3, tags: ['hot', 'cloud'] })).toEqual({ rating: 3, tags: ['hot', 'cloud'] });
    const answers = [...before.answers, { question: 'Decision maker?', answer: 'No' }];
    expect(editedFields(before, { ...before, notes: 'b', answers })).toEqual({ notes: 'b', answers });
    // Same answers in another order: no change.
    expect(editedFields({ ...before, answers }, { ...before, answers: [...answers].reverse() })).toEqual({});
  });
});
