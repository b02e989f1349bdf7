import { useId, useState } from 'react';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { type ExhibitorImportReport, exhibitorImportReportSchema } from '../../shared/contracts/organizer-content.ts';
import { type ChosenFile, ImportButton, ImportFileField, usePreviewImport } from './content-import.tsx';

function ExhibitorReport({ report, fileName }: { report: ExhibitorImportReport; fileName: string }) {
  const t = useT('organizer');
  const tone = report.errors.length > 0 ? 'alert-warning' : report.dryRun ? 'alert-warning' : 'alert-success';
  const figures = {
    file: fileName,
    rows: report.rows,
    created: report.created,
    updated: report.updated,
    unchanged: report.unchanged,
    skipped: report.skipped,
  };
  return (
    <div className="content-report" aria-live="polite">
      <p className={`alert ${tone}`}>
        {t(
          report.dryRun
            ? 'contentExhibitorsPreview'
            : report.applied
              ? 'contentExhibitorsImported'
              : 'contentExhibitorsNotImported',
          figures,
        )}
      </p>
      {report.errors.length > 0 ? (
        <TableScroll label={t('contentRowsWithErrors')}>
          <table className="content-table">
            <caption>{t('contentRowsWithErrors')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('contentLine')}</th>
                <th scope="col">{t('contentColumn')}</th>
                <th scope="col">{t('contentProblem')}</th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((error) => (
                <tr key={`${error.line}:${error.column}:${error.message}`}>
                  <td>{error.line}</td>
                  <td>{error.column}</td>
                  <td>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </div>
  );
}

/** Sends an exhibitor CSV, leaving out its invalid rows or not. */
const uploadExhibitors = (skipInvalid: boolean) => (chosen: ChosenFile, dryRun: boolean) =>
  api('/api/organizer/exhibitors/import', exhibitorImportReportSchema, {
    method: 'POST',
    query: { dryRun, skipInvalid },
    body: new Blob([chosen.text], { type: 'text/csv' }),
  });

/** The exhibitors from a CSV file: previewed (with or without its invalid rows), then imported. */
export function ExhibitorImport() {
  const t = useT('organizer');
  const inputId = useId();
  const skipId = useId();
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { file, report, busy, send, choose } = usePreviewImport(uploadExhibitors(skipInvalid), {
    onSend: () => setFailure(null),
    onReport: (result, dryRun) => {
      if (!dryRun && result.applied) {
        void toastSuccess(t('contentExhibitorsImportedToast', { created: result.created, updated: result.updated }));
      }
      if (!dryRun && !result.applied) void toastError(t('contentExhibitorsNothingImported'));
    },
    onFailure: (error) => setFailure(errorMessage(error)),
  });

  const blocked = !report || (report.errors.length > 0 && !skipInvalid) || report.rows === 0;
  return (
    <section className="card content-section" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="card-title">
        {t('contentExhibitorsTitle')}
      </h2>
      <p>
        <Text ns="organizer" k="contentExhibitorsHelp" components={{ code: <code /> }} />
      </p>
      <ImportFileField
        id={inputId}
        label={t('contentExhibitorsFile')}
        accept=".csv,text/csv"
        busy={busy}
        onChoose={(event) => void choose(event)}
      />
      <div className="field content-check">
        <input
          id={skipId}
          type="checkbox"
          checked={skipInvalid}
          onChange={(event) => {
            setSkipInvalid(event.target.checked);
            // The new choice, not yet in the state this render sends with.
            if (file) void send(file, true, uploadExhibitors(event.target.checked));
          }}
        />
        <label htmlFor={skipId}>{t('contentSkipInvalid')}</label>
      </div>
      {failure ? (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      ) : null}
      {report && file ? <ExhibitorReport report={report} fileName={file.name} /> : null}
      {file && report?.dryRun ? <ImportButton busy={busy} disabled={blocked} onImport={() => send(file, false)} /> : null}
    </section>
  );
}
