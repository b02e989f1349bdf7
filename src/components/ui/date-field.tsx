import { type FocusEvent, type ReactNode, type Ref, useId, useMemo, useState } from 'react';
import { dateFormat } from '../../i18n/formats.ts';
import type { Language } from '../../i18n/i18n.ts';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import './date-field.css';

/*
 * Dates typed in parts, day–month–year (the order of en-GB and German alike; GOV.UK's "memorable
 * date" pattern), with the month named in the app's language. A native date input would show the
 * browser's format and clock instead. The value stays the text the forms already check:
 * 'YYYY-MM-DD', or 'YYYY-MM-DDTHH:mm' with a time.
 */

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export interface DateTimeParts extends DateParts {
  hour: string;
  minute: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A one-digit day, month, hour or minute gets its leading zero; anything else stays as typed. */
const pad = (part: string) => (/^\d$/.test(part) ? `0${part}` : part);

const allEmpty = (...parts: string[]) => parts.every((part) => part.trim() === '');

/**
 * Always 'year-month-day' from what was typed, so the form's date check judges it: the year is
 * taken as typed ('199' is refused, never read as the year 0199), a missing part leaves a gap
 * ('1991--14') and an impossible day stays impossible ('1990-02-31'). No partial date becomes
 * another, valid one.
 */
const dateText = ({ day, month, year }: DateParts) => `${year.trim()}-${pad(month.trim())}-${pad(day.trim())}`;

/** '1991-07-14' → its parts; anything else → empty parts. */
export function splitDate(value: string): DateParts {
  const [, year = '', month = '', day = ''] = ISO_DATE.exec(value) ?? [];
  return { day, month, year };
}

/** The parts as 'YYYY-MM-DD', or '' when all are empty (see dateText for unfinished ones). */
export function joinDate(parts: DateParts): string {
  return allEmpty(parts.day, parts.month, parts.year) ? '' : dateText(parts);
}

/** '2026-03-24T18:00' → its parts; anything else → empty parts. */
export function splitDateTime(value: string): DateTimeParts {
  const [, year = '', month = '', day = '', hour = '', minute = ''] = ISO_DATE_TIME.exec(value) ?? [];
  return { day, month, year, hour, minute };
}

/** The parts as 'YYYY-MM-DDTHH:mm', or '' when all are empty; a missing hour or minute is not taken as 00. */
export function joinDateTime(parts: DateTimeParts): string {
  const { day, month, year, hour, minute } = parts;
  return allEmpty(day, month, year, hour, minute) ? '' : `${dateText(parts)}T${pad(hour.trim())}:${pad(minute.trim())}`;
}

/** January … December in `language` (German 'Januar' … 'Dezember'). */
export function monthNames(language: Language): string[] {
  const format = dateFormat(language, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(new Date(Date.UTC(2000, month, 1))));
}

/**
 * The parts keep what is typed (an unfinished date has no value of its own to show them from);
 * a value that changes from outside (a form reset, a loaded record) replaces them.
 */
function useParts<P>(value: string, split: (value: string) => P, join: (parts: P) => string, onChange: (value: string) => void) {
  const [state, setState] = useState(() => ({ value, parts: split(value) }));
  let current = state;
  if (value !== state.value) {
    current = { value, parts: split(value) };
    setState(current);
  }
  const change = (patch: Partial<P>) => {
    const parts = { ...current.parts, ...patch };
    const next = join(parts);
    setState({ value: next, parts });
    onChange(next);
  };
  return [current.parts, change] as const;
}

interface PartsFieldProps {
  /** The legend, which names the group of parts. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called when the focus leaves the whole field (react-hook-form's "touched"). */
  onBlur?: () => void;
  /** Shown under the parts; the parts are marked invalid and described by it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Marks the parts invalid when the page shows the error itself (with `describedBy`). */
  invalid?: boolean;
  /** Ids of the page's own hint or error elements that describe the parts. */
  describedBy?: string | undefined;
  /** The first part (the day), which a form focuses to point at an error. */
  ref?: Ref<HTMLInputElement>;
}

export interface DateFieldProps extends PartsFieldProps {
  /** 'bday' fills the parts from the browser's stored date of birth. */
  autoComplete?: 'bday';
}

/** A date typed as day, month and year; the value is 'YYYY-MM-DD' ('' when empty). */
export function DateField({ autoComplete, ref, ...props }: DateFieldProps) {
  const [parts, change] = useParts(props.value, splitDate, joinDate, props.onChange);
  const frame = useFrame(props);
  return (
    <Frame {...props} frame={frame}>
      <DateInputs id={frame.id} parts={parts} onChange={change} aria={frame.aria} autoComplete={autoComplete} dayRef={ref} />
    </Frame>
  );
}

/** A date and a 24-hour time; the value is 'YYYY-MM-DDTHH:mm' (what a datetime-local input gave), '' when empty. */
export function DateTimeField({ ref, ...props }: PartsFieldProps) {
  const t = useT('common');
  const [parts, change] = useParts(props.value, splitDateTime, joinDateTime, props.onChange);
  const frame = useFrame(props);
  return (
    <Frame {...props} frame={frame}>
      <DateInputs id={frame.id} parts={parts} onChange={change} aria={frame.aria} dayRef={ref} />
      <div className="date-field__time">
        <DigitsPart
          id={`${frame.id}-hour`}
          label={t('timeHour')}
          digits={2}
          value={parts.hour}
          onChange={(hour) => change({ hour })}
          aria={frame.aria}
        />
        <DigitsPart
          id={`${frame.id}-minute`}
          label={t('timeMinute')}
          digits={2}
          value={parts.minute}
          onChange={(minute) => change({ minute })}
          aria={frame.aria}
        />
      </div>
    </Frame>
  );
}

interface PartAria {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The ids, and what every part says about the field's state (TextField's wiring, on each part). */
function useFrame({ error, hint, invalid, describedBy }: PartsFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const isInvalid = Boolean(error) || Boolean(invalid);
  const aria: PartAria = {
    'aria-invalid': isInvalid ? true : undefined,
    'aria-describedby': [error ? errorId : null, hint ? hintId : null, describedBy].filter(Boolean).join(' ') || undefined,
  };
  return { id, errorId, hintId, isInvalid, aria };
}

/** The fieldset: legend, the parts, error and hint (TextField's order and classes). */
function Frame({
  label,
  error,
  hint,
  onBlur,
  frame: { isInvalid, errorId, hintId },
  children,
}: PartsFieldProps & { frame: ReturnType<typeof useFrame>; children: ReactNode }) {
  // Blur from one part to the next is still inside the field.
  const leave = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onBlur?.();
  };
  return (
    <fieldset className={`field date-field${isInvalid ? ' is-danger' : ''}`} onBlur={onBlur ? leave : undefined}>
      <legend className="field-label">{label}</legend>
      <div className="date-field__parts">{children}</div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      ) : null}
    </fieldset>
  );
}

function DateInputs({
  id,
  parts,
  onChange,
  aria,
  autoComplete,
  dayRef,
}: {
  id: string;
  parts: DateParts;
  onChange: (patch: Partial<DateParts>) => void;
  aria: PartAria;
  autoComplete?: 'bday' | undefined;
  dayRef?: Ref<HTMLInputElement> | undefined;
}) {
  const t = useT('common');
  const language = useLanguage();
  const months = useMemo(() => monthNames(language), [language]);
  return (
    <>
      <DigitsPart
        id={`${id}-day`}
        label={t('dateDay')}
        digits={2}
        value={parts.day}
        onChange={(day) => onChange({ day })}
        aria={aria}
        autoComplete={autoComplete && `${autoComplete}-day`}
        inputRef={dayRef}
      />
      <div className="date-field__part date-field__part--month">
        <label className="date-field__label" htmlFor={`${id}-month`}>
          {t('dateMonth')}
        </label>
        <select
          id={`${id}-month`}
          className="input"
          value={parts.month}
          onChange={(event) => onChange({ month: event.target.value })}
          autoComplete={autoComplete && `${autoComplete}-month`}
          {...aria}
        >
          <option value="" />
          {months.map((name, index) => (
            <option key={name} value={pad(String(index + 1))}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <DigitsPart
        id={`${id}-year`}
        label={t('dateYear')}
        digits={4}
        value={parts.year}
        onChange={(year) => onChange({ year })}
        aria={aria}
        autoComplete={autoComplete && `${autoComplete}-year`}
      />
    </>
  );
}

/** A number typed in a narrow box: numeric keyboard, no spell check, at most `digits` characters. */
function DigitsPart({
  id,
  label,
  digits,
  value,
  onChange,
  aria,
  autoComplete,
  inputRef,
}: {
  id: string;
  label: string;
  digits: 2 | 4;
  value: string;
  onChange: (value: string) => void;
  aria: PartAria;
  autoComplete?: string | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
}) {
  return (
    <div className={`date-field__part date-field__part--digits${digits}`}>
      <label className="date-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        className="input"
        type="text"
        inputMode="numeric"
        maxLength={digits}
        autoComplete={autoComplete}
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...aria}
      />
    </div>
  );
}
