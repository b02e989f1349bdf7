import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangeEvent, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { TextField } from '../../components/ui/text-field.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
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
import './content.css';

/** What the server said was wrong with a file: its problem's path/message pairs, or its sentence. */
function problemsOf(error: unknown): { path: string; message: string }[] {
  if (error instanceof ApiError && error.problem?.errors?.length) return error.problem.errors;
  return [{ path: '', message: errorMessage(error) }];
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });
const when = (iso: string) => dateTime.format(new Date(iso));

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
  const removedTotal = report.removed.length + report.replacedManual;
  return (
    <div className="content-report" aria-live="polite">
      <p className={`alert ${report.dryRun ? 'alert-warning' : 'alert-success'}`}>
        {report.dryRun ? 'Preview — nothing has changed yet. ' : 'Imported. '}
        {report.total} talks{report.version ? ` (schedule version ${report.version})` : ''}: {report.added.length} added,{' '}
        {report.updated.length} updated, {removedTotal} removed, {report.unchanged} unchanged.
      </p>
      {report.replacedManual > 0 ? (
        <p className="alert alert-warning">
          {report.replacedManual} sessions that did not come from an import (the demo agenda or sessions added by hand){' '}
          {report.dryRun ? 'will be replaced' : 'were replaced'} by this schedule.
        </p>
      ) : null}
      {report.favouritesRemoved > 0 ? (
        <p className="alert alert-warning">
          {report.favouritesRemoved} attendee favourites {report.dryRun ? 'will go' : 'went'} with the removed sessions.
        </p>
      ) : null}
      <SessionList title="Added" items={report.added} />
      <SessionList
        title="Updated"
        items={report.updated.map((item) => ({ ...item, note: `changed: ${item.changes.join(', ')}` }))}
      />
      <SessionList title="Removed" items={report.removed} />
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
  if (items.length === 0) return null;
  return (
    <details className="content-report__list">
      <summary>
        {title} ({items.length})
      </summary>
      <ul>
        {items.map((item) => (
          <li key={item.externalId}>
            <strong>{item.title}</strong> — {when(item.startsAt)}, {item.room}
            {item.note ? <span className="content-report__note"> ({item.note})</span> : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

function ProblemList({ problems }: { problems: { path: string; message: string }[] }) {
  return (
    <div className="alert alert-danger" role="alert">
      <p>The file was refused; nothing has changed.</p>
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
      if (!dryRun) void toastSuccess(`Agenda imported: ${result.total} talks.`);
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
        Agenda import
      </h2>
      <p>
        Export the schedule from pretalx (<em>Schedule → Export → schedule.json</em>) and choose the file here. You see what would
        change first; nothing is written until you press Import. Talks are matched by their pretalx id, so attendees keep their
        favourites of talks that stay.
      </p>
      <div className="field">
        <label className="field-label" htmlFor={inputId}>
          Schedule file (schedule.json)
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
            Import
          </button>
        </div>
      ) : null}
    </section>
  );
}

// --- Exhibitors import ---

function ExhibitorReport({ report, fileName }: { report: ExhibitorImportReport; fileName: string }) {
  const tone = report.errors.length > 0 ? 'alert-warning' : report.dryRun ? 'alert-warning' : 'alert-success';
  return (
    <div className="content-report" aria-live="polite">
      <p className={`alert ${tone}`}>
        {report.dryRun ? 'Preview of ' : report.applied ? 'Imported ' : 'Not imported: '}
        {fileName}: {report.rows} rows — {report.created} new, {report.updated} updated, {report.unchanged} unchanged
        {report.skipped ? `, ${report.skipped} with errors` : ''}.
      </p>
      {report.errors.length > 0 ? (
        <TableScroll label="Rows with errors">
          <table className="content-table">
            <caption>Rows with errors</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Column</th>
                <th scope="col">Problem</th>
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
      if (!dryRun && result.applied) void toastSuccess(`Exhibitors imported: ${result.created} new, ${result.updated} updated.`);
      if (!dryRun && !result.applied) void toastError('Nothing was imported: please correct the rows listed.');
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
        Exhibitors import
      </h2>
      <p>
        A CSV file with a header row: <code>name</code>, <code>booth</code>, <code>hall</code>, <code>category</code>, and
        optionally <code>description</code> and <code>logo URL</code> (https only), in any order, separated by commas or
        semicolons. Exhibitors are matched by booth: a booth already listed is updated.
      </p>
      <div className="field">
        <label className="field-label" htmlFor={inputId}>
          Exhibitors file (.csv)
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
        <label htmlFor={skipId}>Import the good rows and skip the rows with errors</label>
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
            Import
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
  const bodyId = useId();
  const form = useForm<NewsInput>({
    resolver: zodResolver(newsInputSchema),
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
        void toastSuccess('The news item is saved.');
      } else {
        await api('/api/organizer/news', organizerNewsSchema, { method: 'POST', body: values });
        void toastSuccess('Draft saved. Publish it when it is ready.');
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
    <form className="card content-section" onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit news' : 'New news item'}>
      <h3 className="card-title">{editing ? `Edit “${editing.title}”` : 'New news item'}</h3>
      <TextField label="Title" registration={register('title')} error={errors.title?.message} maxLength={200} />
      <div className={`field${errors.body ? ' is-danger' : ''}`}>
        <label className="field-label" htmlFor={bodyId}>
          Text
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
        <SubmitButton busy={isSubmitting} busyLabel="Saving…">
          {editing ? 'Save changes' : 'Save draft'}
        </SubmitButton>
        {editing ? (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

function NewsEditor() {
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
        void toastSuccess('The news item is deleted.');
      } else {
        await api(`/api/organizer/news/${item.id}/${action}`, organizerNewsSchema, { method: 'POST' });
        void toastSuccess(action === 'publish' ? 'Published: attendees see it now.' : 'Withdrawn: it is a draft again.');
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
      <h2 id="content-news-title">News</h2>
      <p>News appear on attendees’ home and information pages once published; drafts are seen only here.</p>
      <NewsForm
        key={editing?.id ?? 'new'}
        editing={editing}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
        onCancel={() => setEditing(null)}
      />
      {list.status === 'loading' ? <p>Loading the news…</p> : null}
      {list.status === 'error' ? (
        <p className="alert alert-danger" role="alert">
          {errorMessage(list.error)}{' '}
          <button type="button" className="btn btn-sm btn-secondary" onClick={list.retry}>
            Try again
          </button>
        </p>
      ) : null}
      {list.status === 'ready' && list.data.length === 0 ? <p>No news yet.</p> : null}
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
                    <span className="badge">Published {when(item.publishedAt)}</span>
                  ) : (
                    <span className="badge content-news__draft">Draft</span>
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
                    Edit
                  </button>
                  {item.publishedAt ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-secondary"
                      onClick={() => act(item, 'unpublish')}
                      disabled={working === item.id}
                    >
                      Unpublish
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-sm btn-primary"
                      onClick={() => act(item, 'publish')}
                      disabled={working === item.id}
                    >
                      Publish
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
                        Delete for good
                      </button>
                      <button type="button" className="btn btn-sm btn-ghost" onClick={() => setConfirmDelete(null)}>
                        Keep it
                      </button>
                    </>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-sm btn-ghost"
                      onClick={() => setConfirmDelete(item.id)}
                      disabled={working === item.id}
                    >
                      Delete
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
  return (
    <div className="content-page">
      <PageHeader
        title="Content"
        lead="Agenda, exhibitors and news: changes reach attendees’ apps at their next online moment."
      />
      <AgendaImport />
      <ExhibitorImport />
      <NewsEditor />
    </div>
  );
}
