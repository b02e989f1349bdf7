import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { venueInputToIso } from '../../features/organizer/venue-input.ts';
import { isIsoDate } from '../../shared/stay.ts';
import { DateField, DateTimeField, joinDate, joinDateTime, monthNames, splitDate, splitDateTime } from './date-field.tsx';

describe('date parts', () => {
  it('split an ISO date and join back to it', () => {
    expect(splitDate('1991-07-14')).toEqual({ day: '14', month: '07', year: '1991' });
    expect(joinDate({ day: '14', month: '07', year: '1991' })).toBe('1991-07-14');
    expect(splitDateTime('2026-03-24T18:05')).toEqual({ day: '24', month: '03', year: '2026', hour: '18', minute: '05' });
    expect(joinDateTime(splitDateTime('2026-03-24T18:05'))).toBe('2026-03-24T18:05');
  });

  it('give a one-digit day, month, hour or minute its leading zero and ignore spaces', () => {
    expect(joinDate({ day: '4', month: '07', year: ' 1991 ' })).toBe('1991-07-04');
    expect(joinDateTime({ day: '1', month: '01', year: '2026', hour: '9', minute: '5' })).toBe('2026-01-01T09:05');
  });

  it("are '' when every part is empty, and empty parts for any other value", () => {
    expect(joinDate({ day: '', month: '', year: ' ' })).toBe('');
    expect(joinDateTime({ day: '', month: '', year: '', hour: '', minute: '' })).toBe('');
    expect(splitDate('')).toEqual({ day: '', month: '', year: '' });
    expect(splitDate('1991--14')).toEqual({ day: '', month: '', year: '' });
    expect(splitDateTime('2026-03-24')).toEqual({ day: '', month: '', year: '', hour: '', minute: '' });
  });

  it('never make a valid date out of a missing, short or impossible part', () => {
    const unfinished = [
      { day: '14', month: '', year: '1991' },
      { day: '', month: '07', year: '1991' },
      { day: '14', month: '07', year: '' },
      { day: '14', month: '07', year: '91' },
      { day: '14', month: '07', year: '199' },
      { day: '0', month: '07', year: '1991' },
      { day: 'x', month: '07', year: '1991' },
    ];
    for (const parts of unfinished) expect(isIsoDate(joinDate(parts)), JSON.stringify(parts)).toBe(false);
    expect(joinDate({ day: '14', month: '', year: '1991' })).toBe('1991--14');
    // Kept as typed, so the calendar check refuses it.
    expect(joinDate({ day: '31', month: '02', year: '1990' })).toBe('1990-02-31');
    expect(isIsoDate('1990-02-31')).toBe(false);

    const date = { day: '1', month: '01', year: '2026' };
    for (const parts of [
      { ...date, hour: '12', minute: '' },
      { ...date, hour: '', minute: '00' },
      { ...date, year: '', hour: '12', minute: '00' },
      { day: '', month: '', year: '', hour: '12', minute: '00' },
      { ...date, hour: '24', minute: '00' },
    ]) {
      expect(venueInputToIso(joinDateTime(parts)), JSON.stringify(parts)).toBeUndefined();
    }
  });

  it('name the months in the language', () => {
    expect(monthNames('en')).toHaveLength(12);
    expect(monthNames('en')[0]).toBe('January');
    expect(monthNames('de').slice(2, 5)).toEqual(['März', 'April', 'Mai']);
  });
});

const attributes = (html: string, tag: string) => [...html.matchAll(new RegExp(`<${tag} [^>]*>`, 'g'))].map((m) => m[0]);

describe('DateField', () => {
  it('is a group named by its legend, with Day, Month and Year showing the value', () => {
    const html = renderToStaticMarkup(
      <DateField label="Date of birth" value="1991-07-14" onChange={() => {}} autoComplete="bday" />,
    );
    expect(html).toMatch(/^<fieldset class="field date-field"><legend class="field-label">Date of birth<\/legend>/);
    expect(html).toMatch(/<label class="date-field__label" for="[^"]+-day">Day<\/label>/);
    expect(html).toMatch(/<label class="date-field__label" for="[^"]+-month">Month<\/label>/);
    expect(html).toMatch(/<label class="date-field__label" for="[^"]+-year">Year<\/label>/);
    const [day, year] = attributes(html, 'input');
    expect(day).toContain('inputMode="numeric"');
    expect(day).toContain('maxLength="2"');
    expect(day).toContain('autoComplete="bday-day"');
    expect(day).toContain('value="14"');
    expect(year).toContain('maxLength="4"');
    expect(year).toContain('autoComplete="bday-year"');
    expect(year).toContain('value="1991"');
    expect(html).toContain('autoComplete="bday-month"');
    expect(html).toContain('<option value=""></option><option value="01">January</option>');
    expect(html).toContain('<option value="07" selected="">July</option>');
    expect(html).not.toContain('aria-invalid');
  });

  it('marks every part invalid and described by the error and the hint', () => {
    const html = renderToStaticMarkup(
      <DateField label="Passport expiry date" value="" onChange={() => {}} error="Please enter a date." hint="Valid for long." />,
    );
    expect(html).toContain('class="field date-field is-danger"');
    const errorId = /<p id="([^"]+)" class="field-error">Please enter a date.<\/p>/.exec(html)?.[1];
    const hintId = /<div id="([^"]+)" class="field-hint">Valid for long.<\/div>/.exec(html)?.[1];
    expect(errorId && hintId).toBeTruthy();
    const parts = [...attributes(html, 'input'), ...attributes(html, 'select')];
    expect(parts).toHaveLength(3);
    for (const part of parts) {
      expect(part).toContain('aria-invalid="true"');
      expect(part).toContain(`aria-describedby="${errorId} ${hintId}"`);
    }
  });
});

describe('DateTimeField', () => {
  it('adds Hour and Minute to the date, and the page’s own descriptions to every part', () => {
    const html = renderToStaticMarkup(
      <DateTimeField label="Closes" value="2026-03-24T18:00" onChange={() => {}} invalid describedBy="window-hint" />,
    );
    expect(html).toMatch(/<legend class="field-label">Closes<\/legend>/);
    expect(html).toMatch(/for="[^"]+-hour">Hour<\/label>/);
    expect(html).toMatch(/for="[^"]+-minute">Minute<\/label>/);
    const inputs = attributes(html, 'input');
    expect(inputs.map((input) => /value="([^"]*)"/.exec(input)?.[1])).toEqual(['24', '2026', '18', '00']);
    expect(html).toContain('<option value="03" selected="">March</option>');
    for (const part of [...inputs, ...attributes(html, 'select')]) {
      expect(part).toContain('aria-invalid="true"');
      expect(part).toContain('aria-describedby="window-hint"');
    }
    expect(html).not.toContain('field-error');
  });
});
