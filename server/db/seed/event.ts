import type { EventConfig } from '#shared/contracts/catalog.ts';

/**
 * The 'event' config row. Phase dates are Europe/Berlin wall-clock times without offset; the
 * countdown converts them. The 2022 phase is the one the spec names (docs/behaviour.md §4).
 */
export const EVENT_CONFIG: EventConfig = {
  name: 'CloudFest 2026',
  startDate: '2026-03-24',
  endDate: '2026-03-26',
  surveyStartDate: '2026-01-15',
  venue: 'Europa-Park, Rust, Germany',
  countdownPhases: [
    { name: 'Cyber Week Special', startDate: '2022-11-29T08:00:00', endDate: '2022-12-02T23:59:59' },
    { name: 'Early Bird 2026', startDate: '2026-11-01T00:00:00', endDate: '2026-12-24T23:59:59' },
  ],
};

export const EVENT_DAYS = ['2026-03-24', '2026-03-25', '2026-03-26'] as const;
