import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { DateTimeField } from '../../components/ui/date-field.tsx';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import { errorMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { useRequest } from '../../lib/use-request.ts';
import {
  disabledCountSchema,
  VOUCHER_BATCH_MAX,
  VOUCHER_CODE_TYPES,
  VOUCHER_PREFIX_MAX,
  type VoucherBatchSummary,
  voucherBatchCreatedSchema,
  voucherBatchesSchema,
  voucherBatchRequestSchema,
  type VoucherPassType,
  voucherPageSchema,
  voucherPassTypesSchema,
} from '../../shared/contracts/organizer-admin.ts';
import { useConsoleFormats } from './formats.ts';
import { type FieldMessage, problemOf, useValidationText } from '../../i18n/validation-text.ts';
import { venueInputToIso } from './venue-input.ts';
import './admin.css';

const PAGE = 50;
const FIELDS = ['passTypeId', 'count', 'usesPerCode', 'validUntil', 'prefix', 'codeType'] as const;
type Field = (typeof FIELDS)[number];

/** An instant on the venue clock, or a dash for none. */
function useWhen() {
  const { dateTime } = useConsoleFormats();
  return (iso: string | null) => (iso ? dateTime(iso) : '—');
}

/** /organizer/vouchers: batches of random codes, their uses, disabling, CSV per batch. */
export function VouchersPage() {
  const t = useT('organizer');
  const types = useRequest((signal) => api('/api/organizer/vouchers/pass-types', voucherPassTypesSchema, { signal }), []);
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const refresh = () => setVersion((n) => n + 1);
  return (
    <div className="admin-page">
      <PageHeader title={t('vouchersTitle')} lead={t('vouchersLead')} />
      {types.status === 'ready' ? (
        <BatchForm
          passTypes={types.data}
          onCreated={(batch) => {
            refresh();
            setSelected(batch);
          }}
        />
      ) : types.status === 'error' ? (
        <p className="alert alert-danger" role="alert">
          {errorMessage(types.error)}
        </p>
      ) : (
        <p aria-live="polite">{t('loadingPassTypes')}</p>
      )}
      <Batches version={version} selected={selected} onSelect={setSelected} onChanged={refresh} />
      {selected ? <Codes key={selected} batch={selected} version={version} onChanged={refresh} /> : null}
    </div>
  );
}

function BatchForm({ passTypes, onCreated }: { passTypes: readonly VoucherPassType[]; onCreated: (batch: string) => void }) {
  const t = useT('organizer');
  const id = useId();
  const [draft, setDraft] = useState({
    passTypeId: String(passTypes[0]?.id ?? ''),
    count: '10',
    usesPerCode: '1',
    validUntil: '',
    prefix: '',
    codeType: 'speaker',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, FieldMessage>>>({});
  const formMessage = useValidationText();
  const [busy, setBusy] = useState(false);
  const set = (field: Field, value: string) => setDraft((d) => ({ ...d, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const validUntil = venueInputToIso(draft.validUntil);
    const body = {
      passTypeId: Number(draft.passTypeId),
      count: Number(draft.count),
      usesPerCode: draft.usesPerCode.trim() === '' ? null : Number(draft.usesPerCode),
      validUntil: validUntil ?? null,
      prefix: draft.prefix,
      codeType: draft.codeType,
    };
    const parsed = voucherBatchRequestSchema.safeParse(body);
    const local: Partial<Record<Field, FieldMessage>> = {};
    if (validUntil === undefined) local.validUntil = { key: 'dateTimeRequired' };
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[0] as Field;
      local[field] ??= problemOf(issue);
    }
    setErrors(local);
    if (Object.keys(local).length > 0 || !parsed.success) return;
    setBusy(true);
    try {
      const created = await api('/api/organizer/vouchers', voucherBatchCreatedSchema, { method: 'POST', body: parsed.data });
      void toastSuccess(t('vouchersBatchMade', { count: created.count, batch: created.batch }));
      onCreated(created.batch);
    } catch (error) {
      setErrors(serverFieldErrors(error, FIELDS));
      void toastError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: Field, label: string, input: ReactNode, hint?: string) => (
    <div className={`field${errors[name] ? ' is-danger' : ''}`}>
      <label className="field-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      {input}
      {hint ? (
        <p id={`${id}-${name}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="field-error">
          {formMessage(errors[name])}
        </p>
      ) : null}
    </div>
  );
  const describedBy = (name: Field, hint = false) =>
    [hint ? `${id}-${name}-hint` : '', errors[name] ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') || undefined;
  const inputClass = (name: Field) => `input${errors[name] ? ' is-danger' : ''}`;

  return (
    <form className="card admin-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        {t('vouchersNewBatch')}
      </h2>
      <div className="admin-form__grid">
        {field(
          'passTypeId',
          t('vouchersPassType'),
          <select
            id={`${id}-passTypeId`}
            className={inputClass('passTypeId')}
            value={draft.passTypeId}
            onChange={(e) => set('passTypeId', e.target.value)}
            aria-describedby={describedBy('passTypeId')}
          >
            {passTypes.map((type) => (
              <option key={type.id} value={type.id}>
                {type.active ? type.name : t('vouchersPassTypeInactive', { name: type.name })}
              </option>
            ))}
          </select>,
        )}
        {field(
          'codeType',
          t('vouchersCodeType'),
          <select
            id={`${id}-codeType`}
            className={inputClass('codeType')}
            value={draft.codeType}
            onChange={(e) => set('codeType', e.target.value)}
            aria-describedby={describedBy('codeType')}
          >
            {VOUCHER_CODE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t('codeType', { type })}
              </option>
            ))}
          </select>,
        )}
        {field(
          'count',
          t('vouchersNumberOfCodes'),
          <input
            id={`${id}-count`}
            className={inputClass('count')}
            type="number"
            min={1}
            max={VOUCHER_BATCH_MAX}
            value={draft.count}
            onChange={(e) => set('count', e.target.value)}
            aria-invalid={errors.count ? true : undefined}
            aria-describedby={describedBy('count')}
            required
          />,
        )}
        {field(
          'usesPerCode',
          t('vouchersUsesPerCode'),
          <input
            id={`${id}-usesPerCode`}
            className={inputClass('usesPerCode')}
            type="number"
            min={1}
            value={draft.usesPerCode}
            onChange={(e) => set('usesPerCode', e.target.value)}
            aria-invalid={errors.usesPerCode ? true : undefined}
            aria-describedby={describedBy('usesPerCode', true)}
          />,
          t('vouchersUsesPerCodeHint'),
        )}
        {/* A group of date and time parts: its legend, hint and error are its own, not field()'s label. */}
        <DateTimeField
          label={t('vouchersValidUntilField')}
          value={draft.validUntil}
          onChange={(value) => set('validUntil', value)}
          hint={t('vouchersValidUntilHint')}
          error={errors.validUntil ? formMessage(errors.validUntil) : undefined}
        />
        {field(
          'prefix',
          t('vouchersPrefix'),
          <input
            id={`${id}-prefix`}
            className={inputClass('prefix')}
            value={draft.prefix}
            maxLength={VOUCHER_PREFIX_MAX}
            onChange={(e) => set('prefix', e.target.value.toUpperCase())}
            aria-invalid={errors.prefix ? true : undefined}
            aria-describedby={describedBy('prefix', true)}
            autoCapitalize="characters"
            spellCheck={false}
          />,
          t('vouchersPrefixHint'),
        )}
      </div>
      <div className="card-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
          {t('vouchersMakeCodes')}
        </button>
      </div>
    </form>
  );
}

function Batches({
  version,
  selected,
  onSelect,
  onChanged,
}: {
  version: number;
  selected: string | null;
  onSelect: (batch: string) => void;
  onChanged: () => void;
}) {
  const t = useT('organizer');
  const when = useWhen();
  const request = useRequest(
    (signal) => api('/api/organizer/vouchers/batches', voucherBatchesSchema, { signal, cache: 'no-cache' }),
    [version],
  );
  async function disableBatch(batch: VoucherBatchSummary) {
    if (!window.confirm(t('vouchersDisableBatchConfirm', { batch: batch.batch }))) return;
    try {
      const { disabled } = await api(
        `/api/organizer/vouchers/batches/${encodeURIComponent(batch.batch)}/disable`,
        disabledCountSchema,
        {
          method: 'POST',
        },
      );
      void toastSuccess(t('vouchersCodesDisabled', { count: disabled }));
      onChanged();
    } catch (error) {
      void toastError(errorMessage(error));
    }
  }
  if (request.status === 'loading') return <p aria-live="polite">{t('vouchersLoadingBatches')}</p>;
  if (request.status === 'error') {
    return (
      <p className="alert alert-danger" role="alert">
        {errorMessage(request.error)}{' '}
        <button type="button" className="btn btn-ghost btn-sm" onClick={request.retry}>
          {t('tryAgain')}
        </button>
      </p>
    );
  }
  return (
    <section aria-labelledby="voucher-batches" className="admin-section">
      <h2 id="voucher-batches">{t('vouchersBatches')}</h2>
      {request.data.batches.length === 0 ? (
        <p>{t('vouchersNoBatches')}</p>
      ) : (
        <TableScroll className="organizer-table" label={t('vouchersBatchesTable')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('vouchersBatch')}</th>
                <th scope="col">{t('vouchersPassType')}</th>
                <th scope="col">{t('vouchersCodeType')}</th>
                <th scope="col" className="num">
                  {t('vouchersCodes')}
                </th>
                <th scope="col" className="num">
                  {t('vouchersUses')}
                </th>
                <th scope="col" className="num">
                  {t('vouchersDisabled')}
                </th>
                <th scope="col">{t('vouchersMade')}</th>
                <th scope="col">{t('vouchersActions')}</th>
              </tr>
            </thead>
            <tbody>
              {request.data.batches.map((batch) => (
                <tr key={batch.batch} aria-current={batch.batch === selected ? 'true' : undefined}>
                  <td>
                    <code>{batch.batch}</code>
                  </td>
                  <td>{batch.passTypeName}</td>
                  <td>{t('codeType', { type: batch.codeType })}</td>
                  <td className="num">{batch.codes}</td>
                  <td className="num">{batch.used}</td>
                  <td className="num">{batch.disabled}</td>
                  <td>{when(batch.createdAt)}</td>
                  <td className="admin-actions">
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => onSelect(batch.batch)}>
                      {t('vouchersShowCodes')}
                    </button>
                    <a
                      className="btn btn-ghost btn-sm"
                      href={`/api/organizer/vouchers.csv?batch=${encodeURIComponent(batch.batch)}`}
                      download
                    >
                      {t('vouchersCsv')}
                    </a>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      onClick={() => disableBatch(batch)}
                      disabled={batch.disabled === batch.codes}
                    >
                      {t('vouchersDisableAll')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function Codes({ batch, version, onChanged }: { batch: string; version: number; onChanged: () => void }) {
  const t = useT('organizer');
  const when = useWhen();
  const [after, setAfter] = useState<string[]>([]);
  const cursor = after.at(-1);
  const request = useRequest(
    (signal) =>
      api('/api/organizer/vouchers', voucherPageSchema, {
        signal,
        cache: 'no-cache',
        query: { batch, limit: PAGE, after: cursor },
      }),
    [batch, cursor, version],
  );
  async function disable(code: string) {
    try {
      await api(`/api/organizer/vouchers/${encodeURIComponent(code)}/disable`, disabledCountSchema, { method: 'POST' });
      void toastSuccess(t('vouchersCodeDisabled', { code }));
      onChanged();
    } catch (error) {
      void toastError(errorMessage(error));
    }
  }
  return (
    <section aria-labelledby="voucher-codes" className="admin-section">
      <h2 id="voucher-codes">
        <Text ns="organizer" k="vouchersCodesOf" values={{ batch }} components={{ code: <code /> }} />
      </h2>
      {request.status === 'loading' ? <p aria-live="polite">{t('vouchersLoadingCodes')}</p> : null}
      {request.status === 'error' ? (
        <p className="alert alert-danger" role="alert">
          {errorMessage(request.error)}
        </p>
      ) : null}
      {request.status === 'ready' ? (
        <>
          <p>
            {t('vouchersShowing', {
              total: request.data.total,
              from: after.length * PAGE + 1,
              to: after.length * PAGE + request.data.vouchers.length,
            })}
          </p>
          <TableScroll className="organizer-table" label={t('vouchersCodesTable')}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('vouchersCode')}</th>
                  <th scope="col" className="num">
                    {t('vouchersUses')}
                  </th>
                  <th scope="col">{t('vouchersValidUntil')}</th>
                  <th scope="col">{t('vouchersState')}</th>
                  <th scope="col">{t('vouchersAction')}</th>
                </tr>
              </thead>
              <tbody>
                {request.data.vouchers.map((voucher) => (
                  <tr key={voucher.code}>
                    <td>
                      <code>{voucher.code}</code>
                    </td>
                    <td className="num">
                      {voucher.usedCount} / {voucher.maxUses ?? '∞'}
                    </td>
                    <td>{when(voucher.validUntil)}</td>
                    <td>
                      {voucher.disabledAt ? t('vouchersDisabledAt', { when: when(voucher.disabledAt) }) : t('vouchersActive')}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() => disable(voucher.code)}
                        disabled={voucher.disabledAt !== null}
                      >
                        {t('vouchersDisable')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <div className="card-actions">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => setAfter((a) => a.slice(0, -1))}
              disabled={after.length === 0}
            >
              {t('previous')}
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => {
                const next = request.data.next;
                if (next) setAfter((a) => [...a, next]);
              }}
              disabled={!request.data.next}
            >
              {t('next')}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
