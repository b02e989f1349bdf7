import { useId, useState } from 'react';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ApiError, api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { type AgendaImportReport, agendaImportReportSchema } from '../../shared/contracts/organizer-content.ts';
import { ImportButton, ImportFileField, usePreviewImport } from './content-import.tsx';
import { useConsoleFormats } from './formats.ts';

/** What the server said was wrong with a file: its problem's path/message pairs, or its sentence. */
function problemsOf(error: unknown): { path: string; message: string }[] {
  if (error instanceof ApiError && error.problem?.errors?.length) return error.problem.errors;
  return [{ path: '', message: errorMessage(error) }];
}

function AgendaReport({ report }: { report: AgendaImportReport }) {
  const t = useT('organizer');
  const figures = {
    total: report.total,
    version: report.version,
    added: report.added.length,
    updated: report.updated.length,
    removed: report.removed.length + report.replacedManual,
    unchanged: report.unchanged,
  };
  const summary = report.dryRun
    ? t(report.version ? 'contentAgendaPreviewWithVersion' : 'contentAgendaPreview', figures)
    : t(report.version ? 'contentAgendaImportedWithVersion' : 'contentAgendaImported', figures);
  return (
    <div className="content-report" aria-live="polite">
      <p className={`alert ${report.dryRun ? 'alert-warning' : 'alert-success'}`}>{summary}</p>
      {report.replacedManual > 0 ? (
        <p className="alert alert-warning">
          {t(report.dryRun ? 'contentAgendaWillReplaceManual' : 'contentAgendaReplacedManual', {
            count: report.replacedManual,
          })}
        </p>
      ) : null}
      {report.favouritesRemoved > 0 ? (
        <p className="alert alert-warning">
          {t(report.dryRun ? 'contentAgendaFavouritesWillGo' : 'contentAgendaFavouritesWent', {
            count: report.favouritesRemoved,
          })}
        </p>
      ) : null}
      <SessionList title={t('contentAgendaAdded')} items={report.added} />
      <SessionList
        title={t('contentAgendaUpdated')}
        items={report.updated.map((item) => ({ ...item, note: t('contentAgendaChanged', { changes: item.changes.join(', ') }) }))}
      />
      <SessionList title={t('contentAgendaRemoved')} items={report.removed} />
    </div>
  );
}

function SessionList({
  title,
  items,
}: {
  title: string;
  items: { externalId: string; title: string; startsAt: string; room: string; note?: string }[];
}) {
  const { dateTime } = useConsoleFormats();
  if (items.length === 0) return null;
  return (
    <details className="content-report__list">
      <summary>
        {title} ({items.length})
      </summary>
      <ul>
        {items.map((item) => (
          <li key={item.externalId}>
            <strong>{item.title}</strong> — {dateTime(item.startsAt)}, {item.room}
            {item.note ? <span className="content-report__note"> ({item.note})</span> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

function ProblemList({ problems }: { problems: { path: string; message: string }[] }) {
  const t = useT('organizer');
  return (
    <div className="alert alert-danger" role="alert">
      <p>{t('contentFileRefused')}</p>
      <ul className="content-problems">
        {problems.map((problem) => (
          <li key={`${problem.path}:${problem.message}`}>
            {problem.path ? <code>{problem.path}</code> : null} {problem.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The agenda from pretalx (a JSON export): previewed, then imported. */
export function AgendaImport() {
  const t = useT('organizer');
  const inputId = useId();
  const [problems, setProblems] = useState<{ path: string; message: string }[] | null>(null);
  const { file, report, busy, send, choose } = usePreviewImport(
    (chosen, dryRun) =>
      api('/api/organizer/agenda/import', agendaImportReportSchema, {
        method: 'POST',
        query: { dryRun },
        body: new Blob([chosen.text], { type: 'application/json' }),
      }),
    {
      onSend: () => setProblems(null),
      onReport: (result, dryRun) => {
        if (!dryRun) void toastSuccess(t('contentAgendaImportedToast', { total: result.total }));
      },
      onFailure: (error, dryRun) => {
        setProblems(problemsOf(error));
        if (!dryRun) void toastError(errorMessage(error));
      },
    },
  );

  return (
    <section className="card content-section" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="card-title">
        {t('contentAgendaTitle')}
      </h2>
      <p>
        <Text ns="organizer" k="contentAgendaHelp" components={{ em: <em /> }} />
      </p>
      <ImportFileField
        id={inputId}
        label={t('contentAgendaFile')}
        accept=".json,application/json"
        busy={busy}
        onChoose={(event) => {
          setProblems(null);
          void choose(event);
        }}
      />
      {problems ? <ProblemList problems={problems} /> : null}
      {report ? <AgendaReport report={report} /> : null}
      {file && report?.dryRun ? <ImportButton busy={busy} onImport={() => send(file, false)} /> : null}
    </section>
  );
}
