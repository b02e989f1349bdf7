/*
 * The qualification questions a vendor asks at the booth: one fixed set, so every lead is answered
 * the same way and the export has one column per question. The texts are what the server stores as
 * the question (the demo leads use the budget and decision-maker ones).
 */

export interface QualificationQuestion {
  question: string;
  options: readonly string[];
}

export const QUALIFICATION_QUESTIONS: readonly QualificationQuestion[] = [
  { question: 'Interest?', options: ['Just browsing', 'Interested', 'Wants a demo', 'Ready to buy'] },
  { question: 'Timeframe?', options: ['Now', 'Within 3 months', '3–12 months', 'Later'] },
  { question: 'Budget this year?', options: ['Under €5k', '€5–20k', '€20–50k', 'Over €50k'] },
  { question: 'Decision maker?', options: ['Yes', 'Influences the decision', 'No'] },
];
