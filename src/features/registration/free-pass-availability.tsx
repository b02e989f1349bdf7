import { useEffect, useId, useRef, useState } from 'react';
import { freePassAvailability } from '../../shared/availability.ts';
import { FREE_PASS_POOL } from '../../shared/messages.ts';
import { fetchTakenPasses } from './pass-step-api.ts';
import './registration-panel.css';

const count = new Intl.NumberFormat('en-GB');

/** The taken share of the free-pass pool (GET /api/pass/taken-passes); undefined while loading, null when unknown. */
export function useTakenPasses(): number | null | undefined {
  const [taken, setTaken] = useState<number | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void fetchTakenPasses().then((value) => {
      if (live) setTaken(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return taken;
}

/**
 * SPEC §9 free Standard Pass availability: a bar filled by the taken share of the 2000 passes and
 * one of the three headlines. A failed call or an unknown value hides the panel (§8).
 */
export function FreePassAvailability() {
  const taken = useTakenPasses();
  const availability = freePassAvailability(taken);
  const fillRef = useRef<HTMLSpanElement>(null);
  const titleId = useId();

  // CSP allows no style attributes: the width goes in through the CSSOM.
  const width = availability?.width;
  useEffect(() => {
    if (width) fillRef.current?.style.setProperty('--free-pass-taken', width);
  }, [width]);

  if (!availability) return null;
  const percent = Math.round(availability.taken * 100);

  return (
    <section className={`free-pass is-${availability.level}`} aria-labelledby={titleId} data-testid="free-pass-availability">
      <p className="free-pass__eyebrow">Free Standard Passes</p>
      <h2 id={titleId} className="free-pass__headline">
        {availability.headline}
      </h2>
      <div
        className="free-pass__bar"
        role="progressbar"
        aria-label="Free Standard Passes claimed"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% claimed`}
      >
        <span ref={fillRef} className="free-pass__fill" />
      </div>
      <p className="free-pass__meta">
        {availability.level === 'gone' ? (
          `All ${count.format(FREE_PASS_POOL)} free passes have been claimed.`
        ) : (
          <>
            <strong>{count.format(availability.remaining)}</strong> of {count.format(FREE_PASS_POOL)} left · {percent}% claimed
          </>
        )}
      </p>
    </section>
  );
}
