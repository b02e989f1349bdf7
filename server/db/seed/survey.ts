import type { Rng } from './prng.ts';

export interface SurveyQuestionSeed {
  text: string;
  kind: 'single' | 'multiple' | 'text';
  options: string[];
  maxSelections: number | null;
  required: boolean;
}

/** In display order; the position column is the index + 1. Covers every validation rule of docs/behaviour.md §5. */
export const SURVEY_QUESTIONS: SurveyQuestionSeed[] = [
  {
    text: 'What describes your role best?',
    kind: 'single',
    options: [
      'Developer / Engineer',
      'DevOps / SRE',
      'IT Management (CTO, CIO, Head of)',
      'Founder / C-Level',
      'Sales / Business Development',
      'Marketing',
      'Product Management',
      'Consultant',
      'Student / Academia',
      'Other',
    ],
    maxSelections: null,
    required: true,
  },
  {
    text: 'Which topics interest you most?',
    kind: 'multiple',
    options: ['Cloud Native', 'AI & Data', 'Security', 'Sustainability', 'Hosting', 'Edge', 'Web Performance', 'Business'],
    maxSelections: 3,
    required: false,
  },
  {
    text: 'What would make CloudFest 2026 a success for you?',
    kind: 'text',
    options: [],
    maxSelections: null,
    required: false,
  },
  {
    text: 'How many people work at your company?',
    kind: 'single',
    options: ['1–10', '11–50', '51–250', '251–1,000', 'More than 1,000'],
    maxSelections: null,
    required: false,
  },
  {
    text: 'What are your main goals for attending?',
    kind: 'multiple',
    options: [
      'Learning about new technology',
      'Networking',
      'Meeting existing partners',
      'Finding new suppliers',
      'Generating leads',
      'Recruiting',
    ],
    maxSelections: 2,
    required: true,
  },
  {
    text: 'Have you attended CloudFest before?',
    kind: 'single',
    options: ['No, this is my first time', 'Yes, once', 'Yes, 2–4 times', 'Yes, 5 times or more'],
    maxSelections: null,
    required: false,
  },
];

const FREE_TEXT_ANSWERS = [
  'Meeting hosting providers who are serious about sovereign cloud.',
  'Hands-on workshops on Kubernetes cost control.',
  'Finding two or three new data-centre partners in the DACH region.',
  'Catching up with our partners and the hackathon results.',
  'Learning how others report on energy use per customer.',
];

/** A valid answer for every question: choices from the options, within maxSelections. */
export function answersFor(rng: Rng): (string | string[])[] {
  return SURVEY_QUESTIONS.map((q) => {
    if (q.kind === 'text') return rng.pick(FREE_TEXT_ANSWERS);
    if (q.kind === 'single') return rng.pick(q.options);
    return rng.sample(q.options, rng.int(1, q.maxSelections ?? q.options.length));
  });
}
