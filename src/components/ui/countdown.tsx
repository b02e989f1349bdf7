import { useEffect, useId, useMemo, useState } from 'react';
import type { Language } from '../../i18n/i18n.ts';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import type { EventConfig } from '../../shared/contracts/catalog.ts';
import { type CountdownPhase, countdownAt, countdownParts, isCountdownVisible } from '../../shared/countdown.ts';
import './countdown.css';
import { dateFormat } from '../../i18n/formats.ts';
import { VENUE_TIME_ZONE } from '../../shared/venue-time-zone.ts';

const UNITS = [
  { key: 'days', label: 'countdownDays' },
  { key: 'hours', label: 'countdownHours' },
  { key: 'minutes', label: 'countdownMinutes' },
  { key: 'seconds', label: 'countdownSeconds' },
] as const;

/** The phase's end, e.g. 'Friday 20 March at 14:00 CET' (Europe/Berlin), in the language. */
function endFormat(language: Language): Intl.DateTimeFormat {
  return dateFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: VENUE_TIME_ZONE,
    timeZoneName: 'short',
  });
}

/** True while some phase has not ended yet: only then is there anything to tick for. */
function anyPhaseAhead(phases: readonly CountdownPhase[], now: number): boolean {
  return phases.some((phase) => phase.endsAt > now);
}

/** The configured phases with the instants the server computed (a phase without them never shows). */
function toCountdownPhases(configured: EventConfig['countdownPhases']): CountdownPhase[] {
  return configured.map((phase) => ({
    name: phase.name,
    startsAt: phase.startsAt ? Date.parse(phase.startsAt) : Number.NaN,
    endsAt: phase.endsAt ? Date.parse(phase.endsAt) : Number.NaN,
  }));
}

/**
 * docs/behaviour.md §4 countdown of the registration landing: the active phase's name and the time left to its
 * end (Europe/Berlin), ticking every second; hidden unless a phase is active with time left.
 */
export function Countdown({ phases: configured }: { phases: EventConfig['countdownPhases'] }) {
  const t = useT('registration');
  const language = useLanguage();
  const phases = useMemo(() => toCountdownPhases(configured), [configured]);
  const [now, setNow] = useState(() => Date.now());
  const titleId = useId();

  useEffect(() => {
    if (!anyPhaseAhead(phases, Date.now())) return;
    // Re-read the clock each second rather than subtracting: a throttled background tab stays exact.
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (!anyPhaseAhead(phases, current)) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [phases]);

  const state = countdownAt(phases, now);
  if (!isCountdownVisible(state) || state.endsAt === null) return null;
  const parts = countdownParts(state.timeLeft);

  return (
    <section className="countdown" aria-labelledby={titleId}>
      <p className="countdown__eyebrow">{t('countdownEyebrow')}</p>
      <h2 id={titleId} className="countdown__title">
        {state.phaseName}
      </h2>
      <p className="countdown__ends">
        <Text
          ns="registration"
          k="countdownEnds"
          values={{ end: endFormat(language).format(state.endsAt) }}
          components={{ time: <time dateTime={new Date(state.endsAt).toISOString()} /> }}
        />
      </p>
      {/* The ticking digits are not read out every second; the end time above says it once. */}
      <div className="countdown__clock" aria-hidden="true" data-testid="countdown-clock">
        {UNITS.map((unit) => (
          <div key={unit.key} className="countdown__unit">
            <span className="countdown__value">{String(parts[unit.key]).padStart(2, '0')}</span>
            <span className="countdown__label">{t(unit.label)}</span>
          </div>
        ))}
      </div>
    </section>
  );
}
