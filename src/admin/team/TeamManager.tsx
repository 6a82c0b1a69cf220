import { TEAM_HOME } from '../../domain/adminPaths';
import { useState } from 'react';
import { TEAM_MEMBER_ROLES, ROLE_LABELS, type Role } from '../../domain/team/roles';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import Button from '../../ui/Button';
import { inputClass } from '../../ui/Field';
import { useHydrated } from '../../ui/useHydrated';
import { api, ApiError } from '../client/api';
import { AdminToaster, notify } from '../client/notify';
import InviteForm from './InviteForm';
import { withStepUp } from '../signIn/stepUp';
import { twoFactorText, when, type InvitationView, type MemberView } from './teamTypes';
import { cardTable } from '../../ui/cardTable';

type Pending = { kind: 'remove'; member: MemberView } | { kind: 'hand-over'; member: MemberView } | null;

/** The server's sentence (the API's `error`), not the status line. */
function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  try {
    return (JSON.parse(error.message.replace(/^\d+: /, '')) as { error?: string }).error ?? error.message;
  } catch {
    return error.message;
  }
}

/**
 * The Team page (docs/product.md, The team), for the owner: members with their role, second factors
 * and last sign-in; role changes, hand-over and removal (each asks first when it cannot be undone);
 * the invite form; open invitations with Revoke. Each change may ask "Confirm it's you" first
 * (src/admin/signIn/stepUp.ts), so a confirmation closes before its call is made.
 */
export default function TeamManager(props: { selfId: string; members: MemberView[]; invitations: InvitationView[] }) {
  const [members, setMembers] = useState(props.members);
  const [invitations, setInvitations] = useState(props.invitations);
  const [roles, setRoles] = useState<Record<string, Role>>({});
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function reload() {
    const [team, open] = await Promise.all([
      api<{ admins: MemberView[] }>('GET', '/api/admin/admins'),
      api<{ invitations: InvitationView[] }>('GET', '/api/admin/invitations'),
    ]);
    setMembers(team.admins);
    setInvitations(open.invitations);
  }

  async function act(action: () => Promise<unknown>, done: string) {
    setPending(null);
    setBusy(true);
    try {
      await withStepUp(action);
      notify.success(done);
      await reload();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  function saveRole(member: MemberView) {
    const role = roles[member.id];
    if (!role || role === member.role) return;
    if (role === 'owner') return setPending({ kind: 'hand-over', member });
    void act(
      () => api('PATCH', `/api/admin/admins/${member.id}`, { role }),
      `${member.email} is now ${ROLE_LABELS[role]}`,
    );
  }

  async function handOver(member: MemberView) {
    setPending(null);
    setBusy(true);
    try {
      await withStepUp(() => api('PATCH', `/api/admin/admins/${member.id}`, { role: 'owner' }));
      // No longer the owner: this page is not for us any more.
      notify.flash(`${member.email} is now the owner; you are an admin`);
      window.location.assign(TEAM_HOME);
    } catch (error) {
      notify.error(errorText(error));
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <AdminToaster />
      <header>
        <h1 className="text-2xl font-bold">Team</h1>
        <p className="text-slate-700">Who can sign in to the admin, and what each may do.</p>
      </header>
      <section className="rounded-lg bg-white shadow" aria-labelledby="members-title">
        <h2 id="members-title" className="px-4 pt-4 text-lg font-semibold">
          Members
        </h2>
        <table className={`mt-2 ${cardTable.table}`}>
          <thead className={cardTable.head}>
            <tr>
              <th className={cardTable.headCell}>Email</th>
              <th className={cardTable.headCell}>Role</th>
              <th className={cardTable.headCell}>Two-factor sign-in</th>
              <th className={cardTable.headCell}>Last sign-in</th>
              <th className={cardTable.headCell}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className={cardTable.body}>
            {members.map((member) => {
              const chosen = roles[member.id] ?? member.role;
              const self = member.id === props.selfId;
              return (
                <tr key={member.id} className={cardTable.row}>
                  <td data-label="Email" className={cardTable.cell}>
                    {member.email}
                    {self && <span className="ml-2 text-sm text-slate-600">(you)</span>}
                  </td>
                  <td data-label="Role" className={cardTable.cell}>
                    {member.role === 'owner' ? (
                      ROLE_LABELS.owner
                    ) : (
                      <div className="flex items-center gap-2">
                        <label htmlFor={`role-${member.id}`} className="sr-only">
                          Role of {member.email}
                        </label>
                        <select
                          id={`role-${member.id}`}
                          className={`${inputClass} w-32`}
                          value={chosen}
                          disabled={!hydrated || busy}
                          onChange={(event) => setRoles({ ...roles, [member.id]: event.target.value as Role })}
                        >
                          {TEAM_MEMBER_ROLES.map((role) => (
                            <option key={role} value={role}>
                              {ROLE_LABELS[role]}
                            </option>
                          ))}
                        </select>
                        {chosen !== member.role && (
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={busy}
                            onClick={() => saveRole(member)}
                            aria-label={`Save role of ${member.email}`}
                          >
                            Save
                          </Button>
                        )}
                      </div>
                    )}
                  </td>
                  <td data-label="Two-factor sign-in" className={cardTable.cell}>
                    {twoFactorText(member.twoFactor)}
                  </td>
                  <td data-label="Last sign-in" className={cardTable.cell}>
                    {when(member.lastSignInAt)}
                  </td>
                  <td className={`${cardTable.cell} md:text-right`}>
                    {member.role !== 'owner' && (
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={!hydrated || busy}
                        onClick={() => setPending({ kind: 'remove', member })}
                        aria-label={`Remove ${member.email}`}
                      >
                        Remove
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <InviteForm onInvited={() => void reload().catch(() => undefined)} />
      <section className="rounded-lg bg-white p-6 shadow" aria-labelledby="invitations-title">
        <h2 id="invitations-title" className="mb-2 text-lg font-semibold">
          Open invitations
        </h2>
        {invitations.length === 0 ? (
          <p className="text-slate-700">No open invitations.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <strong>{invitation.email}</strong> as {ROLE_LABELS[invitation.role]}, until{' '}
                  {when(invitation.expiresAt)}
                </span>
                <Button
                  size="sm"
                  variant="danger"
                  disabled={!hydrated || busy}
                  aria-label={`Revoke the invitation of ${invitation.email}`}
                  onClick={() =>
                    void act(
                      () => api('DELETE', `/api/admin/invitations/${invitation.id}`),
                      `The invitation of ${invitation.email} no longer works`,
                    )
                  }
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={pending?.kind === 'remove'}
        title="Remove member?"
        message={`${pending?.member.email ?? ''} will be signed out and can no longer sign in. This cannot be undone; invite them again to bring them back.`}
        confirmLabel="Remove"
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() =>
          pending &&
          void act(() => api('DELETE', `/api/admin/admins/${pending.member.id}`), `${pending.member.email} was removed`)
        }
      />
      <ConfirmDialog
        open={pending?.kind === 'hand-over'}
        title="Hand ownership over?"
        message={`${pending?.member.email ?? ''} becomes the owner and you become an admin: you will no longer manage the team.`}
        confirmLabel="Hand over"
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void handOver(pending.member)}
      />
    </div>
  );
}
