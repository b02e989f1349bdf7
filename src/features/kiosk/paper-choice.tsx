import { useId } from 'react';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import { PAPERS, type Paper } from './settings.ts';

const PAPER_NAMES: Record<Paper, MessageKey<'kiosk'>> = { a6: 'paperA6', 'label-4x3': 'paperLabel' };

/** The badge paper in the kiosk's printer: A6 or a 4 × 3 in label. */
export function PaperChoice({ value, onChange }: { value: Paper; onChange: (paper: Paper) => void }) {
  const t = useT('kiosk');
  const name = useId();
  return (
    <fieldset className="kiosk-choice">
      <legend className="field-label">{t('paperLegend')}</legend>
      {PAPERS.map((paper) => (
        <label key={paper} className="check">
          <input type="radio" name={name} value={paper} checked={value === paper} onChange={() => onChange(paper)} />
          {t(PAPER_NAMES[paper])}
        </label>
      ))}
    </fieldset>
  );
}
