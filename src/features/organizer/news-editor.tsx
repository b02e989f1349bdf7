import { useId, useState } from 'react';
import { z } from 'zod/mini';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useSchemaForm } from '../../i18n/form-resolver.ts';
import { useT } from '../../i18n/use-t.ts';
import { ApiError, api, noContent } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { useRequest } from '../../lib/use-request.ts';
import {
  type NewsInput,
  newsInputSchema,
  type OrganizerNews,
  organizerNewsSchema,
} from '../../shared/contracts/organizer-content.ts';
import { useConsoleFormats } from './formats.ts';

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

/** The news: a form for a new or changed item, the items with publish, withdraw and delete. */
export function NewsEditor() {
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
