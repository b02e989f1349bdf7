import { useId, useState } from 'react';
import { z } from 'zod/mini';
import { DateTimeField } from '../../components/ui/date-field.tsx';
import { LoadState } from '../../components/ui/load-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { SelectField, TextField } from '../../components/ui/text-field.tsx';
import { requestFormSchema, useSchemaForm } from '../../i18n/form-resolver.ts';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import { errorMessage, showServerFieldErrors } from '../../lib/form-errors.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { useRequest } from '../../lib/use-request.ts';
import {
  disabledCountSchema,
  VOUCHER_BATCH_MAX,
  VOUCHER_CODE_TYPES,
  VOUCHER_PREFIX_MAX,
  type VoucherBatchSummary,
  type VoucherPassType,
  voucherBatchCreatedSchema,
  voucherBatchesSchema,
  voucherBatchRequestSchema,
  voucherPageSchema,
  voucherPassTypesSchema,
} from '../../shared/contracts/organizer-admin.ts';
import { useConsoleFormats } from './formats.ts';
import { venueInputToIso } from './venue-input.ts';
import './admin.css';

const PAGE = 50;
const FIELDS = ['passTypeId', 'count', 'usesPerCode', 'validUntil', 'prefix', 'codeType'] as const;

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

/** The batch form's fields as typed. */
const batchFieldsSchema = z.object({
  passTypeId: z.string(),
  count: z.string(),
  usesPerCode: z.string(),
  /** 'YYYY-MM-DDTHH:mm' on the venue clock (DateTimeField). */
  validUntil: z.string(),
  prefix: z.string(),
  codeType: z.string(),
});

/** The fields → the request: numbers from their texts, the venue time as an instant (required). */
const batchFormSchema = requestFormSchema(batchFieldsSchema, voucherBatchRequestSchema, (draft, problem) => {
  const validUntil = venueInputToIso(draft.validUntil);
  if (validUntil === undefined) problem('validUntil', 'dateTimeRequired');
  return {
    passTypeId: Number(draft.passTypeId),
    count: Number(draft.count),
    usesPerCode: draft.usesPerCode.trim() === '' ? null : Number(draft.usesPerCode),
    validUntil: validUntil ?? null,
    prefix: draft.prefix,
    codeType: draft.codeType,
  };
});

function BatchForm({ passTypes, onCreated }: { passTypes: readonly VoucherPassType[]; onCreated: (batch: string) => void }) {
  const t = useT('organizer');
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useSchemaForm(batchFormSchema, {
    defaultValues: {
      passTypeId: String(passTypes[0]?.id ?? ''),
      count: '10',
      usesPerCode: '1',
      validUntil: '',
      prefix: '',
      codeType: 'speaker',
    },
  });
  const prefix = register('prefix');

  const submit = handleSubmit(async (body) => {
    try {
      const created = await api('/api/organizer/vouchers', voucherBatchCreatedSchema, { method: 'POST', body });
      void toastSuccess(t('vouchersBatchMade', { count: created.count, batch: created.batch }));
      onCreated(created.batch);
    } catch (error) {
      showServerFieldErrors(error, FIELDS, setError);
      void toastError(errorMessage(error));
    }
  });

  return (
    <form className="card admin-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        {t('vouchersNewBatch')}
      </h2>
      <div className="admin-form__grid">
        <SelectField label={t('vouchersPassType')} registration={register('passTypeId')} error={errors.passTypeId?.message}>
          {passTypes.map((type) => (
            <option key={type.id} value={type.id}>
              {type.active ? type.name : t('vouchersPassTypeInactive', { name: type.name })}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('vouchersCodeType')} registration={register('codeType')} error={errors.codeType?.message}>
          {VOUCHER_CODE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t('codeType', { type })}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('vouchersNumberOfCodes')}
          registration={register('count')}
          error={errors.count?.message}
          type="number"
          min={1}
          max={VOUCHER_BATCH_MAX}
          required
        />
        <TextField
          label={t('vouchersUsesPerCode')}
          registration={register('usesPerCode')}
          error={errors.usesPerCode?.message}
          hint={t('vouchersUsesPerCodeHint')}
          type="number"
          min={1}
        />
        {/* A group of date and time parts: its legend, hint and error are its own. */}
        <DateTimeField
          label={t('vouchersValidUntilField')}
          value={watch('validUntil')}
          onChange={(value) => setValue('validUntil', value)}
          hint={t('vouchersValidUntilHint')}
          error={errors.validUntil?.message}
        />
        <TextField
          label={t('vouchersPrefix')}
          registration={{
            ...prefix,
            // Codes are upper case: the prefix is shown as it will be.
            onChange: (event) => {
              event.target.value = event.target.value.toUpperCase();
              return prefix.onChange(event);
            },
          }}
          error={errors.prefix?.message}
          hint={t('vouchersPrefixHint')}
          maxLength={VOUCHER_PREFIX_MAX}
          autoCapitalize="characters"
          spellCheck={false}
        />
      </div>
      <div className="card-actions">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
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
  return (
    <LoadState state={request} look="inline" loading={t('vouchersLoadingBatches')} retryLabel={t('tryAgain')}>
      {(data) => (
        <section aria-labelledby="voucher-batches" className="admin-section">
          <h2 id="voucher-batches">{t('vouchersBatches')}</h2>
          {data.batches.length === 0 ? (
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
                  {data.batches.map((batch) => (
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
      )}
    </LoadState>
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
      <LoadState state={request} look="inline" loading={t('vouchersLoadingCodes')}>
        {(data) => (
          <>
            <p>
              {t('vouchersShowing', {
                total: data.total,
                from: after.length * PAGE + 1,
                to: after.length * PAGE + data.vouchers.length,
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
                  {data.vouchers.map((voucher) => (
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
                  const next = data.next;
                  if (next) setAfter((a) => [...a, next]);
                }}
                disabled={!data.next}
              >
                {t('next')}
              </button>
            </div>
          </>
        )}
      </LoadState>
    </section>
  );
}
