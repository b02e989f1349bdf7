import { useSetAtom } from 'jotai';
import { useId, useState } from 'react';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Notice } from '../../components/ui/notice.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { EmailField } from '../../components/ui/text-field.tsx';
import { useSchemaForm } from '../../i18n/form-resolver.ts';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { api } from '../../lib/api.ts';
import { errorMessage, serverFieldErrors } from '../../lib/form-errors.ts';
import { userAtom } from '../../lib/session.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { useRequest } from '../../lib/use-request.ts';
import { formatVenueDateTime } from '../../lib/venue-time.ts';
import {
  type LeadTeam,
  type LeadTeamInvitation,
  type LeadTeamMembership,
  leadTeamMemberRequestSchema,
  type ReceivedLeadTeamInvitation,
} from '../../shared/contracts/organizer-admin.ts';
import { userSchema } from '../../shared/contracts/user.ts';
import {
  acceptInvitation,
  declineInvitation,
  inviteColleague,
  leaveTeam,
  loadTeamView,
  removeMember,
  shareEarlier,
  type TeamView,
  withdrawInvitation,
} from './team-api.ts';

/** Runs a change, tells how it went, and reloads the tab. */
function useAction(reload: () => void) {
  const [busy, setBusy] = useState(false);
  return {
    busy,
    async run(action: () => Promise<unknown>, success: string) {
      setBusy(true);
      try {
        await action();
        void toastSuccess(success);
        reload();
      } catch (failure) {
        void toastError(errorMessage(failure));
      } finally {
        setBusy(false);
      }
    },
  };
}

function ReceivedInvitations({ invitations, onChanged }: { invitations: ReceivedLeadTeamInvitation[]; onChanged: () => void }) {
  const t = useT('contacts');
  const setUser = useSetAtom(userAtom);
  const { busy, run } = useAction(onChanged);
  const accept = (invitation: ReceivedLeadTeamInvitation) =>
    run(
      async () => {
        await acceptInvitation(invitation.id);
        // Accepting makes a lead scanner: the session learns it, so the leads and scan tabs open.
        setUser(await api('/api/user/', userSchema, { cache: 'no-cache' }));
      },
      t('teamJoined', { team: invitation.teamName }),
    );
  return (
    <section aria-labelledby="contacts-invitations-title">
      <h2 id="contacts-invitations-title" className="contacts-section-title">
        {t('teamInvitationsToMe')}
      </h2>
      <ul className="person-list">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="person-row contacts-team__row">
            <div>
              <p className="person-row__name">{invitation.teamName}</p>
              <p className="person-row__meta">
                {invitation.byOrganizer || !invitation.invitedBy
                  ? t('teamInvitedByOrganizers')
                  : t('teamInvitedBy', { name: invitation.invitedBy })}
              </p>
            </div>
            <div className="contacts-team__actions">
              <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => accept(invitation)}>
                {t('teamAccept')}
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={busy}
                onClick={() => run(() => declineInvitation(invitation.id), t('teamDeclined', { team: invitation.teamName }))}
              >
                {t('teamDecline')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <p className="person-row__meta">{t('teamAcceptNote')}</p>
    </section>
  );
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const t = useT('contacts');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(leadTeamMemberRequestSchema, { defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await inviteColleague(email);
      void toastSuccess(t('teamInvitationSent', { email }));
      reset();
      onInvited();
    } catch (failure) {
      // A refusal (another company's address) lands on the field; anything else on a toast.
      const message = serverFieldErrors(failure, ['email'] as const).email;
      if (message) setError('email', { type: 'server', message }, { shouldFocus: true });
      else void toastError(errorMessage(failure));
    }
  });

  return (
    <form className="card contacts-team__form" onSubmit={onSubmit} noValidate aria-label={t('teamInviteForm')}>
      <EmailField registration={register('email')} error={errors.email?.message} hint={t('teamInviteHint')} />
      <SubmitButton busy={isSubmitting} busyLabel={t('teamInviting')} className="btn btn-primary contacts-team__submit">
        {t('teamInvite')}
      </SubmitButton>
    </form>
  );
}

function PendingInvitations({ invitations, onChanged }: { invitations: LeadTeamInvitation[]; onChanged: () => void }) {
  const t = useT('contacts');
  const language = useLanguage();
  const { busy, run } = useAction(onChanged);
  if (invitations.length === 0) return null;
  return (
    <>
      <h3 className="contacts-section-title">{t('teamPending')}</h3>
      <ul className="person-list" aria-label={t('teamPending')}>
        {invitations.map((invitation) => (
          <li key={invitation.id} className="person-row contacts-team__row">
            <div>
              <p className="person-row__name">{invitation.email}</p>
              <p className="person-row__meta">
                {t('teamInvitedAt', { date: formatVenueDateTime(new Date(invitation.createdAt), language) })}
              </p>
            </div>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={busy}
              onClick={() => run(() => withdrawInvitation(invitation.id), t('teamWithdrawn', { email: invitation.email }))}
            >
              {t('teamWithdraw')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

function MyTerms({
  membership,
  isOwner,
  onChanged,
}: {
  membership: LeadTeamMembership;
  isOwner: boolean;
  onChanged: () => void;
}) {
  const t = useT('contacts');
  const id = useId();
  const { busy, run } = useAction(onChanged);
  return (
    <div className="contacts-team__terms">
      <label className="check">
        <input
          type="checkbox"
          checked={membership.sharesEarlier}
          disabled={busy}
          aria-describedby={`${id}-share-hint`}
          onChange={(event) => {
            const share = event.target.checked;
            void run(() => shareEarlier(share), share ? t('teamSharingEarlier') : t('teamNotSharingEarlier'));
          }}
        />
        <span>{t('teamShareEarlier')}</span>
      </label>
      <p id={`${id}-share-hint`} className="field-hint">
        {t('teamShareEarlierHint')}
      </p>
      {isOwner ? null : (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => {
            if (window.confirm(t('teamLeaveConfirm'))) void run(leaveTeam, t('teamLeft'));
          }}
        >
          {t('teamLeave')}
        </button>
      )}
    </div>
  );
}

function MyTeam({ view, userId, onChanged }: { view: TeamView & { team: LeadTeam }; userId: string; onChanged: () => void }) {
  const t = useT('contacts');
  const { team } = view;
  const isOwner = team.ownerUserId === userId;
  const { busy, run } = useAction(onChanged);
  return (
    <section aria-labelledby="contacts-team-title">
      <h2 id="contacts-team-title" className="contacts-section-title">
        {t('teamHeading', { team: team.name })}
      </h2>
      <p className="person-row__meta">{t('teamSharingRule')}</p>
      <ul className="person-list" aria-label={t('teamMembers')}>
        {team.members.map((member) => (
          <li key={member.userId} className="person-row contacts-team__row">
            <div>
              <p className="person-row__name">
                {member.name || member.email}
                {member.isOwner ? <span className="badge">{t('teamOwner')}</span> : null}
              </p>
              <p className="person-row__meta">{member.email}</p>
            </div>
            {isOwner && !member.isOwner ? (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={busy}
                onClick={() => {
                  const name = member.name || member.email;
                  if (window.confirm(t('teamRemoveConfirm', { name })))
                    void run(() => removeMember(member.userId), t('teamRemoved', { name }));
                }}
              >
                {t('teamRemove')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {view.membership ? <MyTerms membership={view.membership} isOwner={isOwner} onChanged={onChanged} /> : null}
      {isOwner ? (
        <>
          <h3 className="contacts-section-title">{t('teamInviteTitle')}</h3>
          <InviteForm onInvited={onChanged} />
          <PendingInvitations invitations={view.pending} onChanged={onChanged} />
        </>
      ) : null}
    </section>
  );
}

/**
 * The team tab: an exhibitor team's owner invites colleagues and withdraws invitations;
 * a member chooses whether the team sees their earlier leads, and may leave; a vendor answers the
 * invitations addressed to them.
 */
export function TeamTab({ userId, isLeadScanner, isVendor }: { userId: string; isLeadScanner: boolean; isVendor: boolean }) {
  const t = useT('contacts');
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((n) => n + 1);
  const request = useRequest(
    (signal) => loadTeamView({ userId, isLeadScanner, isVendor }, signal),
    [userId, isLeadScanner, isVendor, version],
  );
  // The last view stays while a change reloads, so forms and buttons do not jump.
  const [shown, setShown] = useState<TeamView | null>(null);
  if (request.status === 'ready' && request.data !== shown) setShown(request.data);

  if (!shown) {
    return request.status === 'error' ? (
      <Notice tone="danger">{errorMessage(request.error)}</Notice>
    ) : (
      <p aria-live="polite">{t('teamLoading')}</p>
    );
  }
  const { team, received } = shown;
  return (
    <>
      {request.status === 'error' ? <Notice tone="danger">{errorMessage(request.error)}</Notice> : null}
      {received.length > 0 ? <ReceivedInvitations invitations={received} onChanged={reload} /> : null}
      {team ? (
        <MyTeam view={{ ...shown, team }} userId={userId} onChanged={reload} />
      ) : received.length === 0 ? (
        <EmptyState title={t('teamNoneTitle')}>{t('teamNoneText')}</EmptyState>
      ) : null}
    </>
  );
}
