import type { MessageKey } from '../../i18n/namespaces.ts';

/*
 * The qualification questions a vendor asks at the booth: one fixed set, so every lead is answered
 * the same way and the export has one column per question. The texts are what the server stores as
 * the question and answer (the demo leads use the budget and decision-maker ones), whatever the
 * language: the editor shows them through their contacts catalogue keys.
 */

export interface QualificationQuestion {
  question: string;
  options: readonly string[];
  /** Contacts catalogue key of the question as the editor shows it. */
  label: MessageKey<'contacts'>;
  /** Contacts catalogue key of each option as the editor shows it. */
  optionLabels: Readonly<Record<string, MessageKey<'contacts'>>>;
}

export const QUALIFICATION_QUESTIONS: readonly QualificationQuestion[] = [
  {
    question: 'Interest?',
    options: ['Just browsing', 'Interested', 'Wants a demo', 'Ready to buy'],
    label: 'questionInterest',
    optionLabels: {
      'Just browsing': 'interestBrowsing',
      Interested: 'interestInterested',
      'Wants a demo': 'interestDemo',
      'Ready to buy': 'interestReady',
    },
  },
  {
    question: 'Timeframe?',
    options: ['Now', 'Within 3 months', '3–12 months', 'Later'],
    label: 'questionTimeframe',
    optionLabels: {
      Now: 'timeframeNow',
      'Within 3 months': 'timeframe3Months',
      '3–12 months': 'timeframe12Months',
      Later: 'timeframeLater',
    },
  },
  {
    question: 'Budget this year?',
    options: ['Under €5k', '€5–20k', '€20–50k', 'Over €50k'],
    label: 'questionBudget',
    optionLabels: {
      'Under €5k': 'budgetUnder5k',
      '€5–20k': 'budget5To20k',
      '€20–50k': 'budget20To50k',
      'Over €50k': 'budgetOver50k',
    },
  },
  {
    question: 'Decision maker?',
    options: ['Yes', 'Influences the decision', 'No'],
    label: 'questionDecisionMaker',
    optionLabels: {
      Yes: 'decisionYes',
      'Influences the decision': 'decisionInfluences',
      No: 'decisionNo',
    },
  },
];
