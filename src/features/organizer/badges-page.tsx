import { useId, useState } from 'react';
import { PageHeader } from '../../components/ui/page-header.tsx';
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
      <PageHeader
        title="Badges"
        lead="Print-ready badges of approved passes: name, company, pass type and the QR code the holder's app shows (signed, checked offline at the entrances and by lead scanners)."
      />
      <form className="card admin-form" onSubmit={(event) => event.preventDefault()} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="card-title">
          Print badges
        </h2>
        <fieldset>
          <legend>Layout</legend>
          <label className="admin-choice">
            <input type="radio" name={`${id}-layout`} checked={layout === 'a6'} onChange={() => setLayout('a6')} /> A6, one badge
            a page
          </label>
          <label className="admin-choice">
            <input type="radio" name={`${id}-layout`} checked={layout === 'sheet'} onChange={() => setLayout('sheet')} /> A4 label
            sheet, 2 × 4 labels of 105 × 74 mm
          </label>
        </fieldset>
        <fieldset>
          <legend>Whose badges</legend>
          <label className="admin-choice">
            <input type="radio" name={`${id}-scope`} checked={scope === 'everyone'} onChange={() => setScope('everyone')} />{' '}
            Everyone with an approved pass
          </label>
          <label className="admin-choice">
            <input type="radio" name={`${id}-scope`} checked={scope === 'type'} onChange={() => setScope('type')} /> One pass type
          </label>
          {scope === 'type' ? (
            <div className="field">
              <label className="field-label" htmlFor={`${id}-type`}>
                Pass type
              </label>
              {types.status === 'ready' ? (
                <select id={`${id}-type`} className="input" value={passType} onChange={(e) => setPassType(e.target.value)}>
                  <option value="">Choose…</option>
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
                <p aria-live="polite">Loading pass types…</p>
              )}
            </div>
          ) : null}
          <label className="admin-choice">
            <input type="radio" name={`${id}-scope`} checked={scope === 'person'} onChange={() => setScope('person')} /> One
            person (a reprint)
          </label>
          {scope === 'person' ? (
            <div className={`field${userIdInvalid ? ' is-danger' : ''}`}>
              <label className="field-label" htmlFor={`${id}-user`}>
                User id
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
                {userIdInvalid
                  ? 'A user id looks like 1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed.'
                  : 'Shown on the person’s page under Attendees.'}
              </p>
            </div>
          ) : null}
        </fieldset>
        <div className="card-actions">
          {href ? (
            <a className="btn btn-primary" href={href} download>
              Download badges (PDF)
            </a>
          ) : (
            <button type="button" className="btn btn-primary" disabled>
              Download badges (PDF)
            </button>
          )}
        </div>
        <p className="field-hint">
          Print at 100 % (no “fit to page”). Passes without a barcode get one now: the same one their holder’s app then shows. A
          person without an approved pass has no badge.
        </p>
      </form>
    </div>
  );
}
