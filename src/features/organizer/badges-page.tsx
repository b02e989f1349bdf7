import { useId, useState } from 'react';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { useRequest } from '../../lib/use-request.ts';
import { voucherPassTypesSchema } from '../../shared/contracts/organizer-admin.ts';
import './admin.css';

/*
 * The PDF comes straight from the server as an attachment: a plain link downloads it with the
 * session cookie, streamed page by page, so thousands of badges never sit in the page's memory.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Layout = 'a6' | 'sheet';
type Scope = 'everyone' | 'type' | 'person';

/** The download link for the chosen layout and people, or null while the choice is incomplete. */
export function badgesHref(layout: Layout, scope: Scope, passType: string, userId: string): string | null {
  const query = new URLSearchParams({ layout });
  if (scope === 'type') {
    if (!/^\d+$/.test(passType)) return null;
    query.set('passType', passType);
  }
  if (scope === 'person') {
    if (!UUID.test(userId.trim())) return null;
    query.set('userId', userId.trim().toLowerCase());
  }
  return `/api/organizer/badges.pdf?${query}`;
}

/** /organizer/badges: print-ready badges (A6 or 2×4 label sheets) with each pass's signed QR code. */
export function BadgesPage() {
  const t = useT('organizer');
  const id = useId();
  const types = useRequest((signal) => api('/api/organizer/vouchers/pass-types', voucherPassTypesSchema, { signal }), []);
  const [layout, setLayout] = useState<Layout>('a6');
  const [scope, setScope] = useState<Scope>('everyone');
  const [passType, setPassType] = useState('');
  const [userId, setUserId] = useState('');
  const href = badgesHref(layout, scope, passType, userId);
  const userIdInvalid = scope === 'person' && userId.trim() !== '' && !UUID.test(userId.trim());

  return (
    <div className="admin-page">
      <PageHeader title={t('badgesTitle')} lead={t('badgesLead')} />
      <form className="card admin-form" onSubmit={(event) => event.preventDefault()} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="card-title">
          {t('badgesPrint')}
        </h2>
        <fieldset>
          <legend>{t('badgesLayout')}</legend>
          <label className="admin-choice">
            <input type="radio" name={`${id}-layout`} checked={layout === 'a6'} onChange={() => setLayout('a6')} />{' '}
            {t('badgesLayoutA6')}
          </label>
          <label className="admin-choice">
            <input type="radio" name={`${id}-layout`} checked={layout === 'sheet'} onChange={() => setLayout('sheet')} />{' '}
            {t('badgesLayoutSheet')}
          </label>
        </fieldset>
        <fieldset>
          <legend>{t('badgesWhose')}</legend>
          <label className="admin-choice">
            <input type="radio" name={`${id}-scope`} checked={scope === 'everyone'} onChange={() => setScope('everyone')} />{' '}
            {t('badgesEveryone')}
          </label>
          <label className="admin-choice">
            <input type="radio" name={`${id}-scope`} checked={scope === 'type'} onChange={() => setScope('type')} />{' '}
            {t('badgesOnePassType')}
          </label>
          {scope === 'type' ? (
            <div className="field">
              <label className="field-label" htmlFor={`${id}-type`}>
                {t('badgesPassType')}
              </label>
              {types.status === 'ready' ? (
                <select id={`${id}-type`} className="input" value={passType} onChange={(e) => setPassType(e.target.value)}>
                  <option value="">{t('badgesChoose')}</option>
                  {types.data.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.name}
                    </option>
                  ))}
                </select>
              ) : types.status === 'error' ? (
                <p className="alert alert-danger" role="alert">
                  {errorMessage(types.error)}
                </p>
              ) : (
                <p aria-live="polite">{t('loadingPassTypes')}</p>
              )}
            </div>
          ) : null}
          <label className="admin-choice">
            <input type="radio" name={`${id}-scope`} checked={scope === 'person'} onChange={() => setScope('person')} />{' '}
            {t('badgesOnePerson')}
          </label>
          {scope === 'person' ? (
            <div className={`field${userIdInvalid ? ' is-danger' : ''}`}>
              <label className="field-label" htmlFor={`${id}-user`}>
                {t('badgesUserId')}
              </label>
              <input
                id={`${id}-user`}
                className={`input${userIdInvalid ? ' is-danger' : ''}`}
                value={userId}
                onChange={(e) => setUserId(e.target.value)}
                aria-invalid={userIdInvalid || undefined}
                aria-describedby={`${id}-user-hint`}
                spellCheck={false}
              />
              <p id={`${id}-user-hint`} className={userIdInvalid ? 'field-error' : 'field-hint'}>
                {userIdInvalid ? t('badgesUserIdInvalid') : t('badgesUserIdHint')}
              </p>
            </div>
          ) : null}
        </fieldset>
        <div className="card-actions">
          {href ? (
            <a className="btn btn-primary" href={href} download>
              {t('badgesDownload')}
            </a>
          ) : (
            <button type="button" className="btn btn-primary" disabled>
              {t('badgesDownload')}
            </button>
          )}
        </div>
        <p className="field-hint">{t('badgesPrintHint')}</p>
      </form>
    </div>
  );
}
