import { type ReactNode, useId } from 'react';

export interface PlanChip {
  key: string;
  label: ReactNode;
  pressed: boolean;
  onSelect: () => void;
}

/** A titled row of toggle chips under a plan (rooms, hotels, places): the same places as the drawing. */
export function PlanChips({ title, chips }: { title: string; chips: PlanChip[] }) {
  const titleId = useId();
  return (
    <section className="plans-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="plans-section__title">
        {title}
      </h2>
      <ul className="chip-list">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button type="button" className="plans-chip" aria-pressed={chip.pressed} onClick={chip.onSelect}>
              {chip.label}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
