import { useState } from 'react';
import type { Json } from '../../domain/json';
import type { PartnerOverview } from '../../domain/team/partnerOverview';
import { PARTNER_STEP_UP } from '../../domain/team/partnerOverview';
import type { CreatedInvitation } from '../../domain/team/team';
import { memberDateTime, memberDateTimeOr } from '../../domain/time/memberDates';
import { TEAM_TRAINERS } from '../../domain/adminPaths';
import Button from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { cardTable } from '../../ui/cardTable';
import { useHydrated } from '../../ui/useHydrated';
import { inputClass } from '../../ui/Field';
import { api } from '../client/api';
import { apiErrorText } from '../client/apiErrorText';
import { AdminToaster, notify } from '../client/notify';
import { withStepUp } from '../signIn/stepUp';

type Overview = Json<PartnerOverview>;
type Invitation = Overview['invitations'][number];

function TrainerLinks({ trainers }: { trainers: Overview['partners'][number]['trainers'] }) {
  if (trainers.length === 0) return <span className="text-slate-600">No profile</span>;
  return (
    <ul className="flex flex-col gap-0.5">
      {trainers.map((trainer) => (
        <li key={trainer.id}>
          <a className="text-brand-800 underline" href={`${TEAM_TRAINERS}/${trainer.id}`}>
            {trainer.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Partners page (docs/product.md, Partners: the overview): every partner with their profiles and
 * last sign-in, and the open invitations with Resend (a fresh link; the old one stops working) and
 * Withdraw. Both are stepped up, and the dialog says what is being done.
 */
export default function PartnersManager(props: { overview: Overview }) {
  const hydrated = useHydrated();
  const [invitations, setInvitations] = useState(props.overview.invitations);
  const [busy, setBusy] = useState(false);
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const [resent, setResent] = useState<{ email: string; url: string } | null>(null);
  const { partners } = props.overview;

  async function reload() {
    setInvitations((await api<{ invitations: Invitation[] }>('GET', '/api/admin/partner-invitations')).invitations);
  }

  async function resend(invitation: Invitation) {
    setBusy(true);
    try {
      const sent = await withStepUp(
        () => api<Json<CreatedInvitation>>('POST', `/api/admin/partner-invitations/${invitation.id}/resend`),
        PARTNER_STEP_UP.resend,
      );
      setResent({ email: invitation.email, url: sent.url });
      notify.success(`A new invitation link went to ${invitation.email}; the old one no longer works`);
      await reload();
    } catch (error) {
      notify.error(apiErrorText(error, 'The invitation was not sent again'));
    } finally {
      setBusy(false);
    }
  }

  async function withdraw(invitation: Invitation) {
    setWithdrawing(null);
    setBusy(true);
    try {
      await withStepUp(
        () => api('DELETE', `/api/admin/partner-invitations/${invitation.id}`),
        PARTNER_STEP_UP.withdraw,
      );
      notify.success(`The invitation of ${invitation.email} no longer works`);
      if (resent?.email === invitation.email) setResent(null);
      await reload();
    } catch (error) {
      notify.error(apiErrorText(error, 'The invitation was not withdrawn'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <AdminToaster />
      <header>
        <h1 className="text-2xl font-bold">Partners</h1>
        <p className="text-slate-700">
          Trainers who keep their own listings, the profiles each may change, and the invitations not yet accepted.
          Invite a trainer from their profile page.
        </p>
      </header>
      <section className="rounded-lg bg-white shadow" aria-labelledby="partners-title">
        <h2 id="partners-title" className="px-4 pt-4 text-lg font-semibold">
          Partners ({partners.length})
        </h2>
        {partners.length === 0 ? (
          <p className="p-4 text-slate-700">No partner has joined yet.</p>
        ) : (
          <table className={`mt-2 ${cardTable.table}`}>
            <thead className={cardTable.head}>
              <tr>
                <th scope="col" className={cardTable.headCell}>
                  Partner
                </th>
                <th scope="col" className={cardTable.headCell}>
                  Trainer profiles
                </th>
                <th scope="col" className={cardTable.headCell}>
                  Last sign-in
                </th>
                <th scope="col" className={cardTable.headCell}>
                  Review
                </th>
              </tr>
            </thead>
            <tbody className={cardTable.body}>
              {partners.map((partner) => (
                <tr key={partner.id} className={cardTable.row}>
                  <td data-label="Partner" className={`${cardTable.cell} font-medium`}>
                    {partner.email}
                  </td>
                  <td data-label="Trainer profiles" className={cardTable.cell}>
                    <TrainerLinks trainers={partner.trainers} />
                  </td>
                  <td data-label="Last sign-in" className={cardTable.cell}>
                    {memberDateTimeOr(partner.lastSignInAt, 'Never')}
                  </td>
                  <td data-label="Review" className={cardTable.cell}>
                    {partner.trusted ? 'Trusted: changes go live at once' : 'Changes wait for review'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="rounded-lg bg-white shadow" aria-labelledby="partner-invitations-title">
        <h2 id="partner-invitations-title" className="px-4 pt-4 text-lg font-semibold">
          Open invitations ({invitations.length})
        </h2>
        {resent && (
          <div className="mx-4 mt-3 rounded-md bg-brand-50 p-3 text-sm" role="status">
            <label htmlFor="resent-link" className="font-medium">
              The new link for {resent.email} (the old one no longer works)
            </label>
            <input id="resent-link" readOnly value={resent.url} className={`${inputClass} mt-1`} />
          </div>
        )}
        {invitations.length === 0 ? (
          <p className="p-4 text-slate-700">No open invitations.</p>
        ) : (
          <table className={`mt-2 ${cardTable.table}`}>
            <thead className={cardTable.head}>
              <tr>
                <th scope="col" className={cardTable.headCell}>
                  Invited
                </th>
                <th scope="col" className={cardTable.headCell}>
                  Trainer profiles
                </th>
                <th scope="col" className={cardTable.headCell}>
                  Sent
                </th>
                <th scope="col" className={cardTable.headCell}>
                  Link works until
                </th>
                <th scope="col" className={cardTable.headCell}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className={cardTable.body}>
              {invitations.map((invitation) => (
                <tr key={invitation.id} className={cardTable.row}>
                  <td data-label="Invited" className={`${cardTable.cell} font-medium`}>
                    {invitation.email}
                  </td>
                  <td data-label="Trainer profiles" className={cardTable.cell}>
                    <TrainerLinks trainers={invitation.trainers} />
                  </td>
                  <td data-label="Sent" className={cardTable.cell}>
                    {memberDateTime(invitation.createdAt)}
                    {invitation.invitedByEmail && (
                      <span className="block text-slate-600">by {invitation.invitedByEmail}</span>
                    )}
                  </td>
                  <td data-label="Link works until" className={cardTable.cell}>
                    {memberDateTime(invitation.expiresAt)}
                  </td>
                  <td data-label="Actions" className={cardTable.cell}>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={!hydrated || busy}
                        aria-label={`Resend the invitation of ${invitation.email}`}
                        onClick={() => void resend(invitation)}
                      >
                        Resend
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={!hydrated || busy}
                        aria-label={`Withdraw the invitation of ${invitation.email}`}
                        onClick={() => setWithdrawing(invitation)}
                      >
                        Withdraw
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw this invitation?"
        message={withdrawing ? `The link sent to ${withdrawing.email} will stop working.` : ''}
        confirmLabel="Withdraw"
        busy={busy}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => withdrawing && void withdraw(withdrawing)}
      />
    </div>
  );
}
