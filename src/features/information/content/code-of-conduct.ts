import type { InfoSection } from './types.ts';

export const CODE_OF_CONDUCT: InfoSection = {
  id: 'code-of-conduct',
  title: 'conductTitle',
  summary: 'conductSummary',
  intro: [{ kind: 'paragraph', text: 'conductIntro' }],
  subsections: [
    {
      heading: 'conductExpectedHeading',
      blocks: [
        {
          kind: 'list',
          items: [
            'conductExpectedRespect',
            'conductExpectedIdeas',
            'conductExpectedBoundaries',
            'conductExpectedPhotos',
            'conductExpectedDrinks',
            'conductExpectedInstructions',
          ],
        },
      ],
    },
    {
      heading: 'conductUnacceptableHeading',
      blocks: [
        { kind: 'paragraph', text: 'conductUnacceptableIntro' },
        {
          kind: 'list',
          items: [
            'conductUnacceptableComments',
            'conductUnacceptableSexualised',
            'conductUnacceptableIntimidation',
            'conductUnacceptableRecording',
            'conductUnacceptableDisruption',
            'conductUnacceptableScanning',
            'conductUnacceptableThreats',
          ],
        },
        { kind: 'paragraph', text: 'conductUnacceptableMaterial' },
      ],
    },
    {
      heading: 'conductReportHeading',
      blocks: [
        { kind: 'paragraph', text: 'conductReportIntro' },
        {
          kind: 'list',
          items: ['conductReportOnSite', 'conductReportPhone', 'conductReportEmail', 'conductReportEmergency'],
        },
        { kind: 'paragraph', text: 'conductReportConfidential' },
      ],
    },
    {
      heading: 'conductConsequencesHeading',
      blocks: [{ kind: 'paragraph', text: 'conductConsequences' }],
    },
  ],
};
