import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CHECK_IN_DATES, CHECK_OUT_DATES, STAY_WINDOW } from '../../lib/hotel-search.ts';
import { DateSelect, dateOptionText } from './date-select.tsx';

describe('the stay dates', () => {
  it('are the nights the hotels sell to arrive, and the mornings after to leave', () => {
    expect(CHECK_IN_DATES).toEqual([
      '2026-03-21',
      '2026-03-22',
      '2026-03-23',
      '2026-03-24',
      '2026-03-25',
      '2026-03-26',
      '2026-03-27',
      '2026-03-28',
    ]);
    expect(CHECK_OUT_DATES[0]).toBe('2026-03-22');
    expect(CHECK_OUT_DATES.at(-1)).toBe(STAY_WINDOW.lastCheckOut);
  });
});

describe('dateOptionText', () => {
  it('writes the date with its weekday in the language', () => {
    expect(dateOptionText('2026-03-23', 'en')).toBe('Mon, 23 Mar 2026');
    expect(dateOptionText('2026-03-23', 'de')).toBe('Mo., 23. März 2026');
  });
});

describe('DateSelect', () => {
  const dates = ['2026-03-22', '2026-03-23', '2026-03-24'];
  const render = (value: string) =>
    renderToStaticMarkup(<DateSelect id="stay-start" value={value} dates={dates} onChange={() => {}} />);

  it('offers the dates in the language, the value being the ISO date', () => {
    const html = render('2026-03-23');
    expect(html).toContain('<option value="2026-03-22">Sun, 22 Mar 2026</option>');
    expect(html).toContain('<option value="2026-03-23" selected="">Mon, 23 Mar 2026</option>');
    expect(html).not.toContain('Choose a date');
  });

  it('shows no date, rather than another one, for an empty value or one not in the list', () => {
    for (const value of ['', '2026-03-20']) {
      const html = render(value);
      expect(html).toMatch(/<select id="stay-start"><option value="" disabled="" selected="">Choose a date<\/option>/);
      expect(html.match(/selected=""/g)).toHaveLength(1);
    }
  });
});
