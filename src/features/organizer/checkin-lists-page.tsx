import { useId, useState } from 'react';
import { z } from 'zod/mini';
import { DateTimeField } from '../../components/ui/date-field.tsx';
import { LoadState } from '../../components/ui/load-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { requestFormSchema, useSchemaForm } from '../../i18n/form-resolver.ts';
import { useT } from '../../i18n/use-t.ts';
import { type FieldMessage, useValidationText } from '../../i18n/validation-text.ts';
import { api } from '../../lib/api.ts';
import { errorMessage, showServerFieldErrors } from '../../lib/form-errors.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { useRequest } from '../../lib/use-request.ts';
import {
  CHECKIN_LIST_DESCRIPTION_MAX,
  CHECKIN_LIST_NAME_MAX,
  type CheckinDuplicate,
  type CheckinPassType,
  checkinDuplicateSchema,
  checkinListCreateSchema,
  checkinPassTypeSchema,
  checkinWindowError,
  type OrganizerCheckinList,
  organizerCheckinListSchema,
} from '../../shared/contracts/organizer-event.ts';
import { type ConsoleFormats, type ConsoleT, useConsoleFormats } from './formats.ts';
import { usePolling } from './use-polling.ts';
import { isoToVenueInput, venueInputToIso } from './venue-input.ts';
import './dashboard.css';

/** Counts on this page come in live from the staff devices: asked again this often while it is open. */
const LISTS_REFRESH_MS = 30_000;

const listsSchema = z.array(organizerCheckinListSchema);
const typesSchema = z.array(checkinPassTypeSchema);
const duplicatesSchema = z.array(checkinDuplicateSchema);
const loadLists = (signal: AbortSignal) => api('/api/organizer/checkin-lists', listsSchema, { signal, cache: 'no-cache' });

/** 'Open from 24 Mar 2026, 18:00 until 25 Mar 2026, 00:00' and the like. */
export function windowText(
  list: Pick<OrganizerCheckinList, 'validFrom' | 'validUntil'>,
  t: ConsoleT,
  { dateTime }: Pick<ConsoleFormats, 'dateTime'>,
): string {
  if (list.validFrom && list.validUntil) {
    return t('checkinOpenFromUntil', { from: dateTime(list.validFrom), until: dateTime(list.validUntil) });
  }
  if (list.validFrom) return t('checkinOpenFrom', { from: dateTime(list.validFrom) });
  if (list.validUntil) return t('checkinOpenUntil', { until: dateTime(list.validUntil) });
  return t('checkinAlwaysOpen');
}

// --- The form ---

type Field = 'name' | 'description' | 'passTypeIds' | 'validFrom' | 'validUntil';
const FIELDS: readonly Field[] = ['name', 'description', 'passTypeIds', 'validFrom', 'validUntil'];

/** The form's fields as typed. */
const listFieldsSchema = z.object({
  name: z.string(),
  description: z.string(),
  passTypeIds: z.array(z.number()),
  /** 'YYYY-MM-DDTHH:mm' on the venue clock (DateTimeField, as a datetime-local input gave them). */
  validFrom: z.string(),
  validUntil: z.string(),
});
type Draft = z.infer<typeof listFieldsSchema>;

const draftOf = (list: OrganizerCheckinList | null): Draft => ({
  name: list?.name ?? '',
  description: list?.description ?? '',
  passTypeIds: list?.passTypeIds ?? [],
  validFrom: isoToVenueInput(list?.validFrom ?? null),
  validUntil: isoToVenueInput(list?.validUntil ?? null),
});

/** The fields → the request: the venue times as instants (each may be empty), the window the right way round. */
const listFormSchema = requestFormSchema(listFieldsSchema, checkinListCreateSchema, (draft, problem) => {
  const validFrom = venueInputToIso(draft.validFrom);
  const validUntil = venueInputToIso(draft.validUntil);
  if (validFrom === undefined) problem('validFrom', 'dateTimeOrEmpty');
  if (validUntil === undefined) problem('validUntil', 'dateTimeOrEmpty');
  const windowError = checkinWindowError(validFrom ?? null, validUntil ?? null);
  if (windowError) problem('validUntil', windowError);
  return { ...draft, validFrom: validFrom ?? null, validUntil: validUntil ?? null };
});

/** A field's message in the active language. */
function FieldError({ id, message }: { id: string; message: FieldMessage | undefined }) {
  const formMessage = useValidationText();
  return message ? (
    <p id={id} className="field-error">
      {formMessage(message)}
    </p>
  ) : null;
}

function ListForm({
  editing,
  passTypes,
  onSaved,
  onCancel,
}: {
  editing: OrganizerCheckinList | null;
  passTypes: readonly CheckinPassType[];
  onSaved: (list: OrganizerCheckinList) => void;
  onCancel: () => void;
}) {
  const t = useT('organizer');
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting: busy },
  } = useSchemaForm(listFormSchema, { defaultValues: draftOf(editing) });
  const [failure, setFailure] = useState<string | null>(null);
  const passTypeIds = watch('passTypeIds');
  const described = (field: Field, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, hint ?? null].filter(Boolean).join(' ') || undefined;

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const saved = editing
        ? await api(`/api/organizer/checkin-lists/${editing.id}`, organizerCheckinListSchema, { method: 'PATCH', body })
        : await api('/api/organizer/checkin-lists', organizerCheckinListSchema, { method: 'POST', body });
      void toastSuccess(editing ? t('checkinListSaved', { name: saved.name }) : t('checkinListCreated', { name: saved.name }));
      onSaved(saved);
    } catch (error) {
      if (!showServerFieldErrors(error, FIELDS, setError)) {
        setFailure(errorMessage(error));
        void toastError(errorMessage(error));
      }
    }
  });

  const title = editing ? t('checkinChangeList', { name: editing.name }) : t('checkinNewList');
  return (
    <form className="card checkin-list-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        {title}
      </h2>
      {failure ? (
        <p className="alert alert-danger" role="alert">
          {failure}
        </p>
      ) : null}
      <TextField
        label={t('checkinName')}
        registration={register('name')}
        error={errors.name?.message}
        maxLength={CHECKIN_LIST_NAME_MAX}
        required
      />
      <div className={`field${errors.description ? ' is-danger' : ''}`}>
        <label className="field-label" htmlFor={`${id}-description`}>
          {t('checkinDescription')}
        </label>
        <textarea
          id={`${id}-description`}
          rows={2}
          maxLength={CHECKIN_LIST_DESCRIPTION_MAX}
          {...register('description')}
          aria-describedby={described('description')}
        />
        <FieldError id={`${id}-description-error`} message={errors.description?.message} />
      </div>
      <fieldset aria-describedby={`${id}-types-hint ${errors.passTypeIds ? `${id}-passTypeIds-error` : ''}`.trim()}>
        <legend>{t('checkinAdmittedTypes')}</legend>
        <p id={`${id}-types-hint`} className="field-hint">
          {t('checkinAdmittedTypesHint')}
        </p>
        {passTypes.map((type) => (
          <label key={type.id} className="checkin-list-form__check">
            <input
              type="checkbox"
              checked={passTypeIds.includes(type.id)}
              onChange={(event) =>
                setValue(
                  'passTypeIds',
                  event.target.checked ? [...passTypeIds, type.id] : passTypeIds.filter((typeId) => typeId !== type.id),
                )
              }
            />
            {type.active ? type.name : t('checkinPassTypeNotSold', { name: type.name })}
          </label>
        ))}
        <FieldError id={`${id}-passTypeIds-error`} message={errors.passTypeIds?.message} />
      </fieldset>
      <fieldset>
        <legend>{t('checkinWindow')}</legend>
        <p id={`${id}-window-hint`} className="field-hint">
          {t('checkinWindowHint')}
        </p>
        <div className="checkin-list-form__window">
          {(['validFrom', 'validUntil'] as const).map((field) => (
            <div key={field} className={`field${errors[field] ? ' is-danger' : ''}`}>
              <DateTimeField
                label={field === 'validFrom' ? t('checkinOpens') : t('checkinCloses')}
                value={watch(field)}
                onChange={(value) => setValue(field, value)}
                invalid={Boolean(errors[field])}
                describedBy={described(field, `${id}-window-hint`)}
              />
              <FieldError id={`${id}-${field}-error`} message={errors[field]?.message} />
            </div>
          ))}
        </div>
      </fieldset>
      <div className="card-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
          {editing ? t('saveChanges') : t('checkinCreateList')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

// --- Duplicates ---

function Duplicates({ list }: { list: OrganizerCheckinList }) {
  const t = useT('organizer');
  const request = useRequest(
    (signal) => api(`/api/organizer/checkin-lists/${list.id}/duplicates`, duplicatesSchema, { signal, cache: 'no-cache' }),
    [list.id, list.duplicates],
  );
  return (
    <LoadState state={request} look="inline" loading={t('checkinLoadingDuplicates')} retryLabel={t('tryAgain')}>
      {(rows) => (rows.length === 0 ? <p>{t('checkinNoDuplicates')}</p> : <DuplicateTable listName={list.name} rows={rows} />)}
    </LoadState>
  );
}

function DuplicateTable({ listName, rows }: { listName: string; rows: readonly CheckinDuplicate[] }) {
  const t = useT('organizer');
  const { dateTime } = useConsoleFormats();
  const event = (e: CheckinDuplicate['first']) => (
    <>
      {dateTime(e.scannedAt)}
      <br />
      <span className="checkin-list-card__meta">
        {t('checkinScanBy', { device: e.deviceId, staff: e.staffName || t('checkinUnknownStaff') })}
      </span>
    </>
  );
  const caption = t('checkinDuplicatesTable', { list: listName });
  return (
    <TableScroll className="organizer-table" label={caption}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('checkinPassHolder')}</th>
            <th scope="col">{t('checkinFirst')}</th>
            <th scope="col">{t('checkinAgain')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.duplicate.id}>
              <th scope="row">
                {row.holderName}
                <br />
                <span className="checkin-list-card__meta">
                  {row.company ? `${row.company}, ` : ''}
                  {row.passType}
                </span>
              </th>
              <td>{event(row.first)}</td>
              <td>{event(row.duplicate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

// --- The lists ---

function ListCard({ list, onEdit }: { list: OrganizerCheckinList; onEdit: () => void }) {
  const t = useT('organizer');
  const formats = useConsoleFormats();
  const { count } = formats;
  const [showDuplicates, setShowDuplicates] = useState(false);
  const titleId = useId();
  return (
    <li className="card checkin-list-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {list.name}
      </h2>
      {list.description ? <p>{list.description}</p> : null}
      <p className="checkin-list-card__meta">
        <span>
          {t('checkinAdmits', {
            passTypes: list.passTypes.length > 0 ? list.passTypes.join(', ') : t('checkinEveryPass'),
          })}
        </span>
        <span>{windowText(list, t, formats)}</span>
      </p>
      <dl className="checkin-list-card__counts">
        <div>
          <dt>{t('checkinCheckedIn')}</dt>
          <dd>{count(list.checkedIn)}</dd>
        </div>
        <div>
          <dt>{t('checkinDuplicates')}</dt>
          <dd>{count(list.duplicates)}</dd>
        </div>
        <div>
          <dt>{t('checkinScans')}</dt>
          <dd>{count(list.events)}</dd>
        </div>
      </dl>
      <div className="card-actions">
        <button type="button" className="btn btn-secondary btn-sm" onClick={onEdit}>
          {t('checkinChange')}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-expanded={showDuplicates}
          onClick={() => setShowDuplicates((shown) => !shown)}
        >
          {showDuplicates ? t('checkinHideDuplicates') : t('checkinShowDuplicates', { duplicates: count(list.duplicates) })}
        </button>
        <a className="btn btn-ghost btn-sm" href={`/api/organizer/checkin-lists/${list.id}/checkins.csv`} download>
          {t('checkinDownload')}
        </a>
      </div>
      {showDuplicates ? <Duplicates list={list} /> : null}
    </li>
  );
}

/** /organizer/checkin-lists: where staff check passes, with live counts, duplicates and exports. */
export function CheckinListsPage() {
  const t = useT('organizer');
  const lists = usePolling(loadLists, LISTS_REFRESH_MS);
  const types = useRequest((signal) => api('/api/organizer/checkin-lists/pass-types', typesSchema, { signal }), []);
  const [editing, setEditing] = useState<OrganizerCheckinList | 'new' | null>(null);

  const onSaved = () => {
    setEditing(null);
    void lists.reload();
  };

  return (
    <div className="checkin-lists">
      <PageHeader title={t('checkinTitle')} lead={t('checkinLead')} />
      {editing === null ? (
        <div className="organizer-toolbar">
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} disabled={types.status !== 'ready'}>
            {t('checkinNewList')}
          </button>
        </div>
      ) : types.status === 'ready' ? (
        <ListForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          passTypes={types.data}
          onSaved={onSaved}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {types.status === 'error' ? (
        <p className="alert alert-danger" role="alert">
          {t('checkinPassTypesFailed', { error: errorMessage(types.error) })}
        </p>
      ) : null}
      {lists.error ? (
        <p className="alert alert-danger" role="alert">
          {lists.data ? t('checkinCountsFailed', { error: lists.error }) : lists.error}
        </p>
      ) : null}
      {lists.data === null ? (
        lists.loading ? (
          <p aria-live="polite">{t('checkinLoadingLists')}</p>
        ) : null
      ) : lists.data.length === 0 ? (
        <p>{t('checkinNoLists')}</p>
      ) : (
        <ul className="dashboard-stack checkin-lists__items">
          {lists.data.map((list) => (
            <ListCard key={list.id} list={list} onEdit={() => setEditing(list)} />
          ))}
        </ul>
      )}
    </div>
  );
}
