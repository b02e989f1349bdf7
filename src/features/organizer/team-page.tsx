import { useId, useState } from 'react';
import { LoadState } from '../../components/ui/load-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { SelectField, TextField } from '../../components/ui/text-field.tsx';
import { useSchemaForm } from '../../i18n/form-resolver.ts';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import { errorMessage, serverFieldErrors, showServerFieldErrors } from '../../lib/form-errors.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { useRequest } from '../../lib/use-request.ts';
import { okSchema } from '../../shared/contracts/common.ts';
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

// --- Staff and organizers ---

function StaffSection() {
  const t = useT('organizer');
  const id = useId();
  const [version, setVersion] = useState(0);
  const request = useRequest((signal) => api('/api/organizer/team', teamListSchema, { signal, cache: 'no-cache' }), [version]);
  const {
    register,
    handleSubmit,
    resetField,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(teamInviteRequestSchema, { defaultValues: { email: '', role: 'staff' } });

  const invite = handleSubmit(async (body) => {
    try {
      const result = await api('/api/organizer/team/invite', teamInviteResultSchema, { method: 'POST', body });
      void toastSuccess(
        result.created
          ? t('teamInvitationSent', { email: result.member.email })
          : t('teamRoleGiven', { email: result.member.email, role: t(ROLE_LABELS[body.role]) }),
      );
      resetField('email');
      setVersion((n) => n + 1);
    } catch (failure) {
      showServerFieldErrors(failure, ['email'] as const, setError);
      void toastError(errorMessage(failure));
    }
  });

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
          <TextField
            label={t('teamEmail')}
            registration={register('email')}
            error={errors.email?.message}
            // The hint gives way to the error.
            hint={errors.email ? undefined : t('teamEmailHint')}
            type="email"
            autoComplete="off"
            required
          />
          <SelectField label={t('teamRole')} registration={register('role')} error={errors.role?.message}>
            {TEAM_ROLES.map((r) => (
              <option key={r} value={r}>
                {r === 'staff' ? t('teamRoleStaffOption') : t('teamRoleOrganizerOption')}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="card-actions">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {t('teamInvite')}
          </button>
        </div>
      </form>
      <LoadState state={request} look="inline" loading={t('teamLoading')}>
        {(data) => (
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
                {data.members.map((member) => (
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
        )}
      </LoadState>
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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(leadTeamCreateSchema, { defaultValues: { name: '', ownerEmail: '' } });
  const refresh = () => setVersion((n) => n + 1);

  const create = handleSubmit(async (body) => {
    try {
      const team = await api('/api/organizer/lead-teams', leadTeamSchema, { method: 'POST', body });
      void toastSuccess(t('teamCreated', { team: team.name }));
      reset();
      refresh();
    } catch (failure) {
      showServerFieldErrors(failure, ['name', 'ownerEmail'] as const, setError);
      void toastError(errorMessage(failure));
    }
  });

  return (
    <section className="admin-section" aria-labelledby={`${id}-teams`}>
      <h2 id={`${id}-teams`}>{t('teamExhibitorTeams')}</h2>
      <p>{t('teamExhibitorTeamsHelp')}</p>
      <form className="card admin-form" onSubmit={create} noValidate aria-label={t('teamNewExhibitorTeam')}>
        <div className="admin-form__grid">
          <TextField
            label={t('teamName')}
            registration={register('name')}
            error={errors.name?.message}
            maxLength={120}
            required
          />
          <TextField
            label={t('teamOwnerEmail')}
            registration={register('ownerEmail')}
            error={errors.ownerEmail?.message}
            type="email"
            required
          />
        </div>
        <div className="card-actions">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            {t('teamCreate')}
          </button>
        </div>
      </form>
      <LoadState state={request} look="inline" loading={t('teamLoadingTeams')}>
        {(data) =>
          data.teams.length === 0 ? (
            <p>{t('teamNoTeams')}</p>
          ) : (
            <ul className="admin-cards">
              {data.teams.map((team) => (
                <LeadTeamCard key={team.id} team={team} onChanged={refresh} />
              ))}
            </ul>
          )
        }
      </LoadState>
    </section>
  );
}

function LeadTeamCard({ team, onChanged }: { team: LeadTeam; onChanged: () => void }) {
  const t = useT('organizer');
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useSchemaForm(leadTeamMemberRequestSchema, { defaultValues: { email: '' } });
  const error = errors.email?.message;
  const [invited, setInvited] = useState<string | null>(null);
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

  const add = handleSubmit(async (body) => {
    setInvited(null);
    try {
      // An invitation: the vendor joins when they accept it, so the members stay as they are.
      await api(`${base}/members`, okSchema, { method: 'POST', body });
      const sent = t('teamMemberInvited', { email: body.email, team: team.name });
      void toastSuccess(sent);
      setInvited(sent);
      reset();
    } catch (failure) {
      const message = serverFieldErrors(failure, ['email'] as const).email ?? errorMessage(failure);
      setError('email', { type: 'server', message });
    }
  });

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
          {...register('email')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-add-error` : undefined}
        />
        <button type="submit" className="btn btn-secondary btn-sm">
          {t('teamSendInvitation')}
        </button>
        {error ? (
          <p id={`${id}-add-error`} className="field-error">
            {error}
          </p>
        ) : null}
        <p role="status" className="field-hint">
          {invited}
        </p>
      </form>
    </li>
  );
}
