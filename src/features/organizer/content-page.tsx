import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { type ChangeEvent, useId, useState } from 'react';
import { z } from 'zod/mini';
import { TextField } from '../../components/ui/text-field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ApiError, api, noContent } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { useRequest } from '../../lib/use-request.ts';
import {
  type AgendaImportReport,
  agendaImportReportSchema,
  type ExhibitorImportReport,
  exhibitorImportReportSchema,
  type NewsInput,
  newsInputSchema,
  type OrganizerNews,
  organizerNewsSchema,
} from '../../shared/contracts/organizer-content.ts';
import { useConsoleFormats } from './formats.ts';
import { useSchemaForm } from '../../i18n/form-resolver.ts';
import './content.css';

/** What the server said was wrong with a file: its problem's path/message pairs, or its sentence. */
function problemsOf(error: unknown): { path: string; message: string }[] {
  if (error instanceof ApiError && error.problem?.errors?.length) return error.problem.errors;
  return [{ path: '', message: errorMessage(error) }];
}

// --- Agenda import ---

interface ChosenFile {
  name: string;
  text: string;
}

async function readChosen(event: ChangeEvent<HTMLInputElement>): Promise<ChosenFile | null> {
  const file = event.target.files?.[0];
  if (!file) return null;
  return { name: file.name, text: await file.text() };
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

function AgendaImport() {
  const t = useT('organizer');
  const inputId = useId();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [report, setReport] = useState<AgendaImportReport | null>(null);
  const [problems, setProblems] = useState<{ path: string; message: string }[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(chosen: ChosenFile, dryRun: boolean) {
    setBusy(true);
    setProblems(null);
    try {
      const result = await api('/api/organizer/agenda/import', agendaImportReportSchema, {
        method: 'POST',
        query: { dryRun },
        body: new Blob([chosen.text], { type: 'application/json' }),
      });
      setReport(result);
      if (!dryRun) void toastSuccess(t('contentAgendaImportedToast', { total: result.total }));
    } catch (error) {
      setReport(null);
      setProblems(problemsOf(error));
      if (!dryRun) void toastError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = await readChosen(event);
    setFile(chosen);
    setReport(null);
    setProblems(null);
    if (chosen) await send(chosen, true);
  }

  return (
    <section className="card content-section" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="card-title">
        {t('contentAgendaTitle')}
      </h2>
      <p>
        <Text ns="organizer" k="contentAgendaHelp" components={{ em: <em /> }} />
      </p>
      <div className="field">
        <label className="field-label" htmlFor={inputId}>
          {t('contentAgendaFile')}
        </label>
        <input id={inputId} className="input" type="file" accept=".json,application/json" onChange={onChoose} disabled={busy} />
      </div>
      {problems ? <ProblemList problems={problems} /> : null}
      {report ? <AgendaReport report={report} /> : null}
      {file && report?.dryRun ? (
        <div className="card-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => send(file, false)}
          >
            {t('contentImport')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

// --- Exhibitors import ---

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

function ExhibitorImport() {
  const t = useT('organizer');
  const inputId = useId();
  const skipId = useId();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [report, setReport] = useState<ExhibitorImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(chosen: ChosenFile, dryRun: boolean, skip: boolean) {
    setBusy(true);
    setFailure(null);
    try {
      const result = await api('/api/organizer/exhibitors/import', exhibitorImportReportSchema, {
        method: 'POST',
        query: { dryRun, skipInvalid: skip },
        body: new Blob([chosen.text], { type: 'text/csv' }),
      });
      setReport(result);
      if (!dryRun && result.applied) {
        void toastSuccess(t('contentExhibitorsImportedToast', { created: result.created, updated: result.updated }));
      }
      if (!dryRun && !result.applied) void toastError(t('contentExhibitorsNothingImported'));
    } catch (error) {
      setReport(null);
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = await readChosen(event);
    setFile(chosen);
    setReport(null);
    if (chosen) await send(chosen, true, skipInvalid);
  }

  const blocked = !report || (report.errors.length > 0 && !skipInvalid) || report.rows === 0;
  return (
    <section className="card content-section" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="card-title">
        {t('contentExhibitorsTitle')}
      </h2>
      <p>
        <Text ns="organizer" k="contentExhibitorsHelp" components={{ code: <code /> }} />
      </p>
      <div className="field">
        <label className="field-label" htmlFor={inputId}>
          {t('contentExhibitorsFile')}
        </label>
        <input id={inputId} className="input" type="file" accept=".csv,text/csv" onChange={onChoose} disabled={busy} />
      </div>
      <div className="field content-check">
        <input
          id={skipId}
          type="checkbox"
          checked={skipInvalid}
          onChange={(event) => {
            setSkipInvalid(event.target.checked);
            if (file) void send(file, true, event.target.checked);
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
      {file && report?.dryRun ? (
        <div className="card-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || blocked}
            aria-busy={busy || undefined}
            onClick={() => send(file, false, skipInvalid)}
          >
            {t('contentImport')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

// --- News ---

const newsListSchema = z.array(organizerNewsSchema);
const EMPTY_NEWS: NewsInput = { title: '', body: '' };

function NewsForm({ editing, onSaved, onCancel }: { editing: OrganizerNews | null; onSaved: () => void; onCancel: () => void }) {
  const t = useT('organizer');
  const bodyId = useId();
  const form = useSchemaForm(newsInputSchema, {
    mode: 'onTouched',
    values: editing ? { title: editing.title, body: editing.body } : EMPTY_NEWS,
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (editing) {
        await api(`/api/organizer/news/${editing.id}`, organizerNewsSchema, { method: 'PATCH', body: values });
        void toastSuccess(t('contentNewsSaved'));
      } else {
        await api('/api/organizer/news', organizerNewsSchema, { method: 'POST', body: values });
        void toastSuccess(t('contentNewsDraftSaved'));
      }
      reset(EMPTY_NEWS);
      onSaved();
    } catch (error) {
      const fields = error instanceof ApiError ? (error.problem?.errors ?? []) : [];
      let placed = false;
      for (const { path, message } of fields) {
        if (path === 'title' || path === 'body') {
          setError(path, { message });
          placed = true;
        }
      }
      if (!placed) void toastError(errorMessage(error));
    }
  });

  return (
    <form
      className="card content-section"
      onSubmit={onSubmit}
      noValidate
      aria-label={editing ? t('contentEditNews') : t('contentNewNewsItem')}
    >
      <h3 className="card-title">{editing ? t('contentEditNewsItem', { title: editing.title }) : t('contentNewNewsItem')}</h3>
      <TextField label={t('contentNewsTitle')} registration={register('title')} error={errors.title?.message} maxLength={200} />
      <div className={`field${errors.body ? ' is-danger' : ''}`}>
        <label className="field-label" htmlFor={bodyId}>
          {t('contentNewsText')}
        </label>
        <textarea
          id={bodyId}
          className={`input content-textarea${errors.body ? ' is-danger' : ''}`}
          rows={6}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? `${bodyId}-error` : undefined}
          {...register('body')}
        />
        {errors.body ? (
          <p id={`${bodyId}-error`} className="field-error">
            {errors.body.message}
          </p>
        ) : null}
      </div>
      <div className="card-actions">
        <SubmitButton busy={isSubmitting} busyLabel={t('contentSaving')}>
          {editing ? t('saveChanges') : t('contentSaveDraft')}
        </SubmitButton>
        {editing ? (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function NewsEditor() {
  const t = useT('organizer');
  const { dateTime } = useConsoleFormats();
  const [version, setVersion] = useState(0);
  const list = useRequest((signal) => api('/api/organizer/news', newsListSchema, { signal }), [version]);
  const [editing, setEditing] = useState<OrganizerNews | null>(null);
  const [working, setWorking] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const reload = () => setVersion((n) => n + 1);

  async function act(item: OrganizerNews, action: 'publish' | 'unpublish' | 'delete') {
    setWorking(item.id);
    try {
      if (action === 'delete') {
        await api(`/api/organizer/news/${item.id}`, noContent, { method: 'DELETE' });
        if (editing?.id === item.id) setEditing(null);
        void toastSuccess(t('contentNewsDeleted'));
      } else {
        await api(`/api/organizer/news/${item.id}/${action}`, organizerNewsSchema, { method: 'POST' });
        void toastSuccess(action === 'publish' ? t('contentNewsPublished') : t('contentNewsWithdrawn'));
      }
      reload();
    } catch (error) {
      void toastError(errorMessage(error));
    } finally {
      setWorking(null);
      setConfirmDelete(null);
    }
  }

  return (
    <section className="content-news" aria-labelledby="content-news-title">
      <h2 id="content-news-title">{t('contentNews')}</h2>
      <p>{t('contentNewsHelp')}</p>
      <NewsForm
        key={editing?.id ?? 'new'}
        editing={editing}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
        onCancel={() => setEditing(null)}
      />
      {list.status === 'loading' ? <p>{t('contentNewsLoading')}</p> : null}
      {list.status === 'error' ? (
        <p className="alert alert-danger" role="alert">
          {errorMessage(list.error)}{' '}
          <button type="button" className="btn btn-sm btn-secondary" onClick={list.retry}>
            {t('tryAgain')}
          </button>
        </p>
      ) : null}
      {list.status === 'ready' && list.data.length === 0 ? <p>{t('contentNoNews')}</p> : null}
      {list.status === 'ready' && list.data.length > 0 ? (
        <ul className="content-news__list">
          {list.data.map((item) => (
            <li key={item.id} className="card">
              <article aria-labelledby={`news-${item.id}`}>
                <h3 id={`news-${item.id}`} className="card-title">
                  {item.title}
                </h3>
                <p className="content-news__status">
                  {item.publishedAt ? (
                    <span className="badge">{t('contentNewsPublishedAt', { when: dateTime(item.publishedAt) })}</span>
                  ) : (
                    <span className="badge content-news__draft">{t('contentNewsDraft')}</span>
                  )}
                </p>
                <p className="content-news__body">{item.body}</p>
                <div className="card-actions">
                  <button
                    type="button"
                    className="btn btn-sm btn-secondary"
                    onClick={() => setEditing(item)}
                    disabled={working === item.id}
                  >
                    {t('contentEdit')}
                  </button>
                  {item.publishedAt ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-secondary"
                      onClick={() => act(item, 'unpublish')}
                      disabled={working === item.id}
                    >
                      {t('contentUnpublish')}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-sm btn-primary"
                      onClick={() => act(item, 'publish')}
                      disabled={working === item.id}
                    >
                      {t('contentPublish')}
                    </button>
                  )}
                  {confirmDelete === item.id ? (
                    <>
                      <button
                        type="button"
                        className="btn btn-sm btn-danger"
                        onClick={() => act(item, 'delete')}
                        disabled={working === item.id}
                      >
                        {t('contentDeleteForGood')}
                      </button>
                      <button type="button" className="btn btn-sm btn-ghost" onClick={() => setConfirmDelete(null)}>
                        {t('contentKeepIt')}
                      </button>
                    </>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-sm btn-ghost"
                      onClick={() => setConfirmDelete(item.id)}
                      disabled={working === item.id}
                    >
                      {t('contentDelete')}
                    </button>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** /organizer/content: the agenda from pretalx, exhibitors from CSV, and news (issue 14). */
export function ContentPage() {
  const t = useT('organizer');
  return (
    <div className="content-page">
      <PageHeader title={t('contentTitle')} lead={t('contentLead')} />
      <AgendaImport />
      <ExhibitorImport />
      <NewsEditor />
    </div>
  );
}
