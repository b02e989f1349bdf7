import { type ChangeEvent, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';

/*
 * The content page's imports (agenda, exhibitors): a file is sent as a dry run when chosen, its
 * report shown, and imported for real only when the organizer asks.
 */

export interface ChosenFile {
  name: string;
  text: string;
}

async function readChosen(event: ChangeEvent<HTMLInputElement>): Promise<ChosenFile | null> {
  const file = event.target.files?.[0];
  if (!file) return null;
  return { name: file.name, text: await file.text() };
}

type Upload<Report> = (file: ChosenFile, dryRun: boolean) => Promise<Report>;

interface PreviewImportHandlers<Report> {
  /** Before each sending: clear the last failure. */
  onSend: () => void;
  /** After a report: tell how an import (not a dry run) went. */
  onReport?: (report: Report, dryRun: boolean) => void;
  onFailure: (error: unknown, dryRun: boolean) => void;
}

/**
 * The chosen file, its latest report and whether one is on its way. `choose` (the file input's
 * change) previews a new file; `send` sends the chosen one again, as a dry run or for real, with
 * another `upload` where the options have just changed.
 */
export function usePreviewImport<Report>(upload: Upload<Report>, { onSend, onReport, onFailure }: PreviewImportHandlers<Report>) {
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(chosen: ChosenFile, dryRun: boolean, using: Upload<Report> = upload) {
    setBusy(true);
    onSend();
    try {
      const result = await using(chosen, dryRun);
      setReport(result);
      onReport?.(result, dryRun);
    } catch (error) {
      setReport(null);
      onFailure(error, dryRun);
    } finally {
      setBusy(false);
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = await readChosen(event);
    setFile(chosen);
    setReport(null);
    if (chosen) await send(chosen, true);
  }

  return { file, report, busy, send, choose };
}

/** The file input of an import. */
export function ImportFileField({
  id,
  label,
  accept,
  busy,
  onChoose,
}: {
  id: string;
  label: string;
  accept: string;
  busy: boolean;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="input" type="file" accept={accept} onChange={onChoose} disabled={busy} />
    </div>
  );
}

/** The button that imports the previewed file for real. */
export function ImportButton({ busy, disabled = false, onImport }: { busy: boolean; disabled?: boolean; onImport: () => void }) {
  const t = useT('organizer');
  return (
    <div className="card-actions">
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy || disabled}
        aria-busy={busy || undefined}
        onClick={onImport}
      >
        {t('contentImport')}
      </button>
    </div>
  );
}
