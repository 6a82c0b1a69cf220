import { useState, type SubmitEvent } from 'react';
import Button from '../../ui/Button';
import { describedBy, Field, inputClass } from '../../ui/Field';
import { useHydrated } from '../../ui/useHydrated';
import { api, ApiError } from '../client/api';
import { apiErrorText } from '../client/apiErrorText';
import { notify } from '../client/notify';
import { withStepUp } from '../signIn/stepUp';
import { PARTNER_STEP_UP } from '../../domain/team/partnerOverview';
import type { CreatedInvitationView } from '../team/teamTypes';

/** A partner account as GET /api/admin/partners answers it. */
export interface PartnerView {
  id: string;
  email: string;
  trusted: boolean;
  trainerIds: string[];
}

/**
 * On a trainer's admin page, for the owner and admins (docs/product.md, Partners): invite this trainer
 * (or their staff) to manage their listings, and the partner accounts that keep this profile, each
 * with "Remove from this profile". Both are stepped up (the page's StepUpDialog asks when needed);
 * toasts show in the trainer form's toaster.
 */
export default function TrainerPartners(props: { trainerId: string; partners: PartnerView[] }) {
  const [partners, setPartners] = useState(props.partners);
  const [emailError, setEmailError] = useState<string>();
  const [created, setCreated] = useState<(CreatedInvitationView & { email: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = useHydrated();

  const invite = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const typed = new FormData(form).get('email');
    const email = typeof typed === 'string' ? typed.trim() : '';
    setBusy(true);
    try {
      const body = { email, role: 'partner', trainerIds: [props.trainerId] };
      const invitation = await withStepUp(
        () => api<CreatedInvitationView>('POST', '/api/admin/invitations', body),
        PARTNER_STEP_UP.invite,
      );
      setCreated({ ...invitation, email });
      setEmailError(undefined);
      form.reset();
      notify.success(`Invitation created for ${email}`);
    } catch (error) {
      const message = error instanceof ApiError ? error.fieldErrors.email?.[0] : undefined;
      setEmailError(message);
      if (!message) notify.error(apiErrorText(error, 'The invitation was not created'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (partner: PartnerView) => {
    setBusy(true);
    try {
      const trainerIds = partner.trainerIds.filter((id) => id !== props.trainerId);
      await withStepUp(
        () => api('PUT', `/api/admin/partners/${partner.id}/trainers`, { trainerIds }),
        PARTNER_STEP_UP.profiles,
      );
      setPartners((list) => list.filter((p) => p.id !== partner.id));
      notify.success(`${partner.email} no longer manages this profile`);
    } catch (error) {
      notify.error(apiErrorText(error, 'The partner was not removed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mt-6 rounded-lg bg-white p-6 shadow" aria-labelledby="partners-title">
      <h2 id="partners-title" className="mb-2 text-lg font-semibold">
        Invite this trainer to manage their listings
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        A partner account keeps this trainer profile and its trainings, and sees how they perform.
      </p>
      <form onSubmit={(event) => void invite(event)} noValidate className="flex flex-wrap items-end gap-4">
        <Field id="partner-email" label="Email" error={emailError}>
          <input
            id="partner-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            className={inputClass}
            {...describedBy('partner-email', false, emailError)}
          />
        </Field>
        <Button type="submit" disabled={!ready || busy}>
          Send invitation
        </Button>
      </form>
      {created && (
        <div className="mt-4 rounded-md border border-slate-300 bg-slate-50 p-4" role="status">
          <p className="mb-2 text-sm">
            {created.emailed ? 'The invitation was mailed to ' : 'Send this link to '}
            <strong>{created.email}</strong>. It works once, for 72 hours.
          </p>
          <label htmlFor="partner-invite-link" className="text-sm font-medium">
            Invitation link
          </label>
          <input id="partner-invite-link" readOnly value={created.url} className={`${inputClass} mt-1`} />
        </div>
      )}
      <h3 className="mt-6 mb-2 font-semibold">Partners of this profile</h3>
      {partners.length === 0 ? (
        <p className="text-sm text-slate-700">No partner account keeps this profile yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {partners.map((partner) => (
            <li key={partner.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span id={`partner-${partner.id}`}>
                {partner.email}
                {partner.trusted && <span className="ml-2 text-sm text-slate-700">(trusted)</span>}
              </span>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={!ready || busy}
                aria-describedby={`partner-${partner.id}`}
                onClick={() => void remove(partner)}
              >
                Remove from this profile
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
