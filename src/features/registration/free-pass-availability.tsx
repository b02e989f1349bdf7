import { useEffect, useId, useRef, useState } from 'react';
import type { Language } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { type AvailabilityLevel, freePassAvailability } from '../../shared/availability.ts';
import { FREE_PASS_POOL } from '../../shared/messages.ts';
import { fetchTakenPasses } from './pass-step-api.ts';
import './registration-panel.css';
import { numberFormat } from '../../i18n/formats.ts';

const countFormat = (language: Language) => numberFormat(language);

/** docs/behaviour.md §9's three headlines (the common messages). */
const HEADLINES: Record<AvailabilityLevel, MessageKey<'common'>> = {
  available: 'freePassesAvailable',
  'almost-gone': 'freePassesAlmostGone',
  gone: 'freePassesGone',
};

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
 * docs/behaviour.md §9 free Standard Pass availability: a bar filled by the taken share of the 2000 passes and
 * one of the three headlines. A failed call or an unknown value hides the panel (§8).
 */
export function FreePassAvailability() {
  const t = useT('registration');
  const tCommon = useT('common');
  const count = countFormat(useLanguage());
  const taken = useTakenPasses();
  const availability = freePassAvailability(taken);
  const fillRef = useRef<HTMLSpanElement>(null);
  const titleId = useId();

  // CSP allows no style attributes: the width goes in through the CSSOM.
  const width = availability?.width;
  useEffect(() => {
    if (width) fillRef.current?.style.setProperty('--free-pass-taken', width);
  }, [width]);

  // While the count loads, an invisible copy of the panel holds its place: on a phone the panel
  // sits above the pass choice, which would otherwise jump down when it arrives (layout shift).
  if (taken === undefined) return <FreePassPlaceholder />;
  if (!availability) return null;
  const percent = Math.round(availability.taken * 100);

  return (
    <section className={`free-pass is-${availability.level}`} aria-labelledby={titleId} data-testid="free-pass-availability">
      <p className="free-pass__eyebrow">{t('freePassesEyebrow')}</p>
      <h2 id={titleId} className="free-pass__headline">
        {tCommon(HEADLINES[availability.level])}
      </h2>
      <div
        className="free-pass__bar"
        role="progressbar"
        aria-label={t('freePassesClaimedLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('percentClaimed', { percent })}
      >
        <span ref={fillRef} className="free-pass__fill" />
      </div>
      <p className="free-pass__meta">
        {availability.level === 'gone' ? (
          t('allFreePassesClaimed', { total: count.format(FREE_PASS_POOL) })
        ) : (
          <Text
            ns="registration"
            k="freePassesLeft"
            values={{ remaining: count.format(availability.remaining), total: count.format(FREE_PASS_POOL), percent }}
            components={{ strong: <strong /> }}
          />
        )}
      </p>
    </section>
  );
}

/** The panel's shape with its longest texts, invisible and hidden from assistive technology. */
function FreePassPlaceholder() {
  const t = useT('registration');
  const tCommon = useT('common');
  const count = countFormat(useLanguage());
  const total = count.format(FREE_PASS_POOL);
  return (
    <div className="free-pass is-loading" aria-hidden="true">
      <p className="free-pass__eyebrow">{t('freePassesEyebrow')}</p>
      <h2 className="free-pass__headline">{tCommon(HEADLINES.available)}</h2>
      <div className="free-pass__bar" />
      <p className="free-pass__meta">
        <Text
          ns="registration"
          k="freePassesLeft"
          values={{ remaining: total, total, percent: 100 }}
          components={{ strong: <strong /> }}
        />
      </p>
    </div>
  );
}
