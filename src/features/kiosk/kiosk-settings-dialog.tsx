import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import type { CheckinListRow } from '../../lib/db.ts';
import { PaperChoice } from './paper-choice.tsx';
import { KioskDialog } from './pin-dialog.tsx';
import type { KioskSettings, Paper } from './settings.ts';

/**
 * What staff may change once the PIN was right: the kiosk's check-in list and badge paper; or
 * leave kiosk mode altogether.
 */
export function KioskSettingsDialog({
  lists,
  settings,
  onSave,
  onLeave,
  onClose,
}: {
  lists: readonly CheckinListRow[];
  settings: KioskSettings;
  onSave: (settings: KioskSettings) => void;
  onLeave: () => void;
  onClose: () => void;
}) {
  const t = useT('kiosk');
  const id = useId();
  const [listId, setListId] = useState(settings.listId);
  const [paper, setPaper] = useState<Paper>(settings.paper);
  const [saved, setSaved] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const list = lists.find((each) => each.id === listId);
    if (!list) return;
    try {
      onSave({ ...settings, listId, paper });
      setSaved(t('saved', { list: list.name }));
    } catch {
      setSaved(t('startFailed'));
    }
  };

  return (
    <KioskDialog title={t('settingsTitle')} onClose={onClose}>
      <form className="kiosk-dialog__form" onSubmit={save}>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-list`}>
            {t('listLabel')}
          </label>
          <select id={`${id}-list`} value={String(listId)} onChange={(event) => setListId(Number(event.target.value))}>
            {lists.map((each) => (
              <option key={each.id} value={each.id}>
                {each.name}
              </option>
            ))}
          </select>
        </div>
        <PaperChoice value={paper} onChange={setPaper} />
        <p className="kiosk-dialog__saved" role="status">
          {saved}
        </p>
        <div className="kiosk-dialog__actions">
          <button type="submit" className="btn btn-primary btn-lg">
            {t('save')}
          </button>
          <button type="button" className="btn btn-secondary btn-lg" onClick={onClose}>
            {t('backToKiosk')}
          </button>
          <button type="button" className="btn btn-danger btn-lg" onClick={onLeave}>
            {t('leave')}
          </button>
        </div>
      </form>
    </KioskDialog>
  );
}
