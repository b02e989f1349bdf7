import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { type FormEvent, useId, useState } from 'react';
import { PageHeader } from '../../components/ui/page-header.tsx';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import { okSchema } from '../../shared/contracts/common.ts';
import { errorMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { useRequest } from '../../lib/use-request.ts';
import {
  type LeadTeam,
  leadTeamCreateSchema,
  leadTeamListSchema,
  leadTeamMemberRequestSchema,
  leadTeamSchema,
  TEAM_ROLES,
  type TeamMember,
  type TeamRole,
  teamInviteRequestSchema,
  teamInviteResultSchema,
  teamListSchema,
  teamMemberSchema,
} from '../../shared/contracts/organizer-admin.ts';
import { type FieldMessage, problemOf, useValidationText } from '../../i18n/validation-text.ts';
import type { IssueLike } from '../../shared/validation.ts';
import './admin.css';

/** A team role in words (organizer namespace). */
const ROLE_LABELS: Record<TeamRole, MessageKey<'organizer'>> = { staff: 'roleStaff', organizer: 'roleOrganizer' };

/** /organizer/team: staff and organizers, and the exhibitor teams that share a lead list. */
export function TeamPage() {
  const t = useT('organizer');
  return (
    <div className="admin-page">
      <PageHeader title={t('teamTitle')} lead={t('teamLead')} />
      <StaffSection />
      <LeadTeamsSection />
    </div>
  );
}

/** The first problem of a failed parse: its field and message. */
function firstIssue(result: { success: boolean; error?: { issues: readonly (IssueLike & { path: PropertyKey[] })[] } }) {
  const issue = result.success ? undefined : result.error?.issues[0];
  return issue ? { path: String(issue.path[0] ?? ''), message: problemOf(issue) } : null;
}

// --- Staff and organizers ---

function StaffSection() {
  const t = useT('organizer');
  const id = useId();
  const [version, setVersion] = useState(0);
  const request = useRequest((signal) => api('/api/organizer/team', teamListSchema, { signal, cache: 'no-cache' }), [version]);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('staff');
  const [error, setError] = useState<FieldMessage | undefined>();
  const formMessage = useValidationText();
  const [busy, setBusy] = useState(false);

  async function invite(event: FormEvent) {
    event.preventDefault();
    const parsed = teamInviteRequestSchema.safeParse({ email, role });
    const problem = firstIssue(parsed);
    setError(problem?.message);
    if (!parsed.success) return;
    setBusy(true);
    try {
      const result = await api('/api/organizer/team/invite', teamInviteResultSchema, { method: 'POST', body: parsed.data });
      void toastSuccess(
        result.created
          ? t('teamInvitationSent', { email: result.member.email })
          : t('teamRoleGiven', { email: result.member.email, role: t(ROLE_LABELS[role]) }),
      );
      setEmail('');
      setVersion((n) => n + 1);
    } catch (failure) {
      setError(serverFieldErrors(failure, ['email'] as const).email);
      void toastError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function removeRole(member: TeamMember, gone: TeamRole) {
    const who = { name: member.name || member.email, role: t(ROLE_LABELS[gone]) };
    if (!window.confirm(t('teamRemoveRoleConfirm', who))) return;
    try {
      await api(`/api/organizer/team/${member.userId}/remove-role`, teamMemberSchema, { method: 'POST', body: { role: gone } });
      void toastSuccess(t('teamRoleRemoved', who));
      setVersion((n) => n + 1);
    } catch (failure) {
      void toastError(errorMessage(failure));
    }
  }

  return (
    <section className="admin-section" aria-labelledby={`${id}-staff`}>
      <h2 id={`${id}-staff`}>{t('teamStaff')}</h2>
      <form className="card admin-form" onSubmit={invite} noValidate aria-label={t('teamInviteForm')}>
        <div className="admin-form__grid">
          <div className={`field${error ? ' is-danger' : ''}`}>
            <label className="field-label" htmlFor={`${id}-email`}>
              {t('teamEmail')}
            </label>
            <input
              id={`${id}-email`}
              className={`input${error ? ' is-danger' : ''}`}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-email-error` : `${id}-email-hint`}
              required
            />
            {error ? (
              <p id={`${id}-email-error`} className="field-error">
                {formMessage(error)}
              </p>
            ) : (
              <p id={`${id}-email-hint`} className="field-hint">
                {t('teamEmailHint')}
              </p>
            )}
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-role`}>
              {t('teamRole')}
            </label>
            <select id={`${id}-role`} className="input" value={role} onChange={(e) => setRole(e.target.value as TeamRole)}>
              {TEAM_ROLES.map((r) => (
                <option key={r} value={r}>
                  {r === 'staff' ? t('teamRoleStaffOption') : t('teamRoleOrganizerOption')}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="card-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {t('teamInvite')}
          </button>
        </div>
      </form>
      {request.status === 'loading' ? <p aria-live="polite">{t('teamLoading')}</p> : null}
      {request.status === 'error' ? (
        <p className="alert alert-danger" role="alert">
          {errorMessage(request.error)}
        </p>
      ) : null}
      {request.status === 'ready' ? (
        <TableScroll className="organizer-table" label={t('teamStaff')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('columnName')}</th>
                <th scope="col">{t('teamEmailColumn')}</th>
                <th scope="col">{t('teamRoles')}</th>
                <th scope="col">{t('teamActions')}</th>
              </tr>
            </thead>
            <tbody>
              {request.data.members.map((member) => (
                <tr key={member.userId}>
                  <td>
                    {member.name || '—'}
                    {member.active ? null : <span className="admin-tag">{t('teamInvited')}</span>}
                  </td>
                  <td>{member.email}</td>
                  <td>{member.roles.map((r) => t(ROLE_LABELS[r])).join(', ')}</td>
                  <td className="admin-actions">
                    {member.roles.map((r) => (
                      <button key={r} type="button" className="btn btn-ghost btn-sm" onClick={() => removeRole(member, r)}>
                        {t('teamRemoveRole', { role: t(ROLE_LABELS[r]) })}
                      </button>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}

// --- Exhibitor teams ---

function LeadTeamsSection() {
  const t = useT('organizer');
  const id = useId();
  const [version, setVersion] = useState(0);
  const request = useRequest(
    (signal) => api('/api/organizer/lead-teams', leadTeamListSchema, { signal, cache: 'no-cache' }),
    [version],
  );
  const [name, setName] = useState('');
  const [ownerEmail, setOwnerEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: FieldMessage; ownerEmail?: FieldMessage }>({});
  const formMessage = useValidationText();
  const [busy, setBusy] = useState(false);
  const refresh = () => setVersion((n) => n + 1);

  async function create(event: FormEvent) {
    event.preventDefault();
    const parsed = leadTeamCreateSchema.safeParse({ name, ownerEmail });
    const problem = firstIssue(parsed);
    setErrors(problem ? { [problem.path]: problem.message } : {});
    if (!parsed.success) return;
    setBusy(true);
    try {
      const team = await api('/api/organizer/lead-teams', leadTeamSchema, { method: 'POST', body: parsed.data });
      void toastSuccess(t('teamCreated', { team: team.name }));
      setName('');
      setOwnerEmail('');
      refresh();
    } catch (failure) {
      setErrors(serverFieldErrors(failure, ['name', 'ownerEmail'] as const));
      void toastError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="admin-section" aria-labelledby={`${id}-teams`}>
      <h2 id={`${id}-teams`}>{t('teamExhibitorTeams')}</h2>
      <p>{t('teamExhibitorTeamsHelp')}</p>
      <form className="card admin-form" onSubmit={create} noValidate aria-label={t('teamNewExhibitorTeam')}>
        <div className="admin-form__grid">
          <div className={`field${errors.name ? ' is-danger' : ''}`}>
            <label className="field-label" htmlFor={`${id}-name`}>
              {t('teamName')}
            </label>
            <input
              id={`${id}-name`}
              className={`input${errors.name ? ' is-danger' : ''}`}
              value={name}
              maxLength={120}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${id}-name-error` : undefined}
              required
            />
            {errors.name ? (
              <p id={`${id}-name-error`} className="field-error">
                {formMessage(errors.name)}
              </p>
            ) : null}
          </div>
          <div className={`field${errors.ownerEmail ? ' is-danger' : ''}`}>
            <label className="field-label" htmlFor={`${id}-owner`}>
              {t('teamOwnerEmail')}
            </label>
            <input
              id={`${id}-owner`}
              className={`input${errors.ownerEmail ? ' is-danger' : ''}`}
              type="email"
              value={ownerEmail}
              onChange={(e) => setOwnerEmail(e.target.value)}
              aria-invalid={errors.ownerEmail ? true : undefined}
              aria-describedby={errors.ownerEmail ? `${id}-owner-error` : undefined}
              required
            />
            {errors.ownerEmail ? (
              <p id={`${id}-owner-error`} className="field-error">
                {formMessage(errors.ownerEmail)}
              </p>
            ) : null}
          </div>
        </div>
        <div className="card-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {t('teamCreate')}
          </button>
        </div>
      </form>
      {request.status === 'loading' ? <p aria-live="polite">{t('teamLoadingTeams')}</p> : null}
      {request.status === 'error' ? (
        <p className="alert alert-danger" role="alert">
          {errorMessage(request.error)}
        </p>
      ) : null}
      {request.status === 'ready' ? (
        request.data.teams.length === 0 ? (
          <p>{t('teamNoTeams')}</p>
        ) : (
          <ul className="admin-cards">
            {request.data.teams.map((team) => (
              <LeadTeamCard key={team.id} team={team} onChanged={refresh} />
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

function LeadTeamCard({ team, onChanged }: { team: LeadTeam; onChanged: () => void }) {
  const t = useT('organizer');
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<FieldMessage | undefined>();
  const [invited, setInvited] = useState<string | null>(null);
  const formMessage = useValidationText();
  const base = `/api/organizer/lead-teams/${team.id}`;

  async function run(action: () => Promise<unknown>, success: string) {
    try {
      await action();
      void toastSuccess(success);
      onChanged();
    } catch (failure) {
      void toastError(errorMessage(failure));
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const parsed = leadTeamMemberRequestSchema.safeParse({ email });
    setError(firstIssue(parsed)?.message);
    if (!parsed.success) return;
    setInvited(null);
    try {
      // An invitation (issue 22): the vendor joins when they accept it, so the members stay as they are.
      await api(`${base}/members`, okSchema, { method: 'POST', body: parsed.data });
      const sent = t('teamMemberInvited', { email: parsed.data.email, team: team.name });
      void toastSuccess(sent);
      setInvited(sent);
      setEmail('');
    } catch (failure) {
      setError(serverFieldErrors(failure, ['email'] as const).email ?? errorMessage(failure));
    }
  }

  return (
    <li className="card" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="card-title">
        {team.name}
      </h3>
      <TableScroll className="organizer-table" label={t('teamMembersOf', { team: team.name })}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('teamMember')}</th>
              <th scope="col">{t('columnCompany')}</th>
              <th scope="col">{t('teamActions')}</th>
            </tr>
          </thead>
          <tbody>
            {team.members.map((member) => (
              <tr key={member.userId}>
                <td>
                  {member.name || member.email}
                  {member.isOwner ? <span className="admin-tag">{t('teamOwnerTag')}</span> : null}
                  <br />
                  <small>{member.email}</small>
                </td>
                <td>{member.company}</td>
                <td className="admin-actions">
                  {member.isOwner ? null : (
                    <>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() =>
                          run(
                            () => api(`${base}/owner`, leadTeamSchema, { method: 'POST', body: { userId: member.userId } }),
                            t('teamNowOwns', { name: member.name || member.email, team: team.name }),
                          )
                        }
                      >
                        {t('teamMakeOwner')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-sm"
                        onClick={() =>
                          run(
                            () => api(`${base}/members/${member.userId}`, leadTeamSchema, { method: 'DELETE' }),
                            t('teamMemberLeft', { name: member.name || member.email, team: team.name }),
                          )
                        }
                      >
                        {t('teamRemove')}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <form className="admin-inline-form" onSubmit={add} noValidate>
        <label className="field-label" htmlFor={`${id}-add`}>
          {t('teamInviteVendor')}
        </label>
        <input
          id={`${id}-add`}
          className={`input${error ? ' is-danger' : ''}`}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-add-error` : undefined}
        />
        <button type="submit" className="btn btn-secondary btn-sm">
          {t('teamSendInvitation')}
        </button>
        {error ? (
          <p id={`${id}-add-error`} className="field-error">
            {formMessage(error)}
          </p>
        ) : null}
        <p role="status" className="field-hint">
          {invited}
        </p>
      </form>
    </li>
  );
}
