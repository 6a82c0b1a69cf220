import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { InvitationInputSchema } from '../../domain/team/team';
import { INVITABLE_ROLES, ROLE_LABELS } from '../../domain/team/roles';
import { Field, describedBy, inputClass } from '../../ui/Field';
import Button from '../../ui/Button';
import { useHydrated } from '../../ui/useHydrated';
import { api, ApiError } from '../client/api';
import { apiErrorText } from '../client/apiErrorText';
import { notify } from '../client/notify';
import { withStepUp } from '../signIn/stepUp';
import { when, type CreatedInvitationView } from './teamTypes';

type Values = z.input<typeof InvitationInputSchema>;

/**
 * Invite someone (docs/product.md, The team): email and role; the answer's link is shown with a Copy
 * button, since the mail may only have gone to the outbox folder.
 */
export default function InviteForm({ onInvited }: { onInvited(): void }) {
  const { register, handleSubmit, formState, setError, reset } = useForm<Values>({
    resolver: zodResolver(InvitationInputSchema),
    defaultValues: { email: '', role: 'editor' },
  });
  const { errors, isSubmitting } = formState;
  const hydrated = useHydrated();
  const [created, setCreated] = useState<(CreatedInvitationView & { email: string }) | null>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  // The link is what the owner needs next: move there, for keyboard and screen reader users too.
  useEffect(() => {
    if (created) linkRef.current?.focus();
  }, [created]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const invitation = await withStepUp(
        () => api<CreatedInvitationView>('POST', '/api/admin/invitations', values),
        "Inviting someone lets them sign in to the team's admin with the role you chose. Confirm it's you to send it.",
      );
      setCreated({ ...invitation, email: values.email });
      reset({ email: '', role: values.role });
      notify.success(`Invitation created for ${values.email}`);
      onInvited();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.email) {
        setError('email', { message: error.fieldErrors.email[0] });
      } else notify.error(apiErrorText(error, error instanceof Error ? error.message : String(error)));
    }
  });

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      notify.success('Invitation link copied');
    } catch {
      // No clipboard access (permission refused, or a page not served over HTTPS): the link is
      // selected for the person to copy themselves.
      linkRef.current?.select();
      notify.error('Copy the selected link with Ctrl+C (⌘C on a Mac)', 'Could not copy');
    }
  }

  return (
    <section className="rounded-lg bg-white p-6 shadow" aria-labelledby="invite-title">
      <h2 id="invite-title" className="mb-4 text-lg font-semibold">
        Invite a member
      </h2>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 md:grid-cols-[1fr_12rem_auto] md:items-end">
        <Field id="invite-email" label="Email" error={errors.email?.message}>
          <input
            id="invite-email"
            type="email"
            autoComplete="off"
            className={inputClass}
            {...describedBy('invite-email', false, errors.email?.message)}
            {...register('email')}
          />
        </Field>
        <Field id="invite-role" label="Role" error={errors.role?.message}>
          <select id="invite-role" className={inputClass} {...register('role')}>
            {INVITABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit" disabled={!hydrated || isSubmitting}>
          {isSubmitting ? 'Inviting...' : 'Send invitation'}
        </Button>
      </form>
      {created && (
        <div className="mt-4 rounded-md border border-slate-300 bg-slate-50 p-4" role="status">
          <p className="mb-2 text-sm">
            {created.emailed ? 'The invitation was mailed to ' : 'Send this link to '}
            <strong>{created.email}</strong>
            {created.emailed ? '; you can also send the link yourself.' : '.'} It works once, until{' '}
            {when(created.expiresAt)}.
          </p>
          <label htmlFor="invite-link" className="text-sm font-medium">
            Invitation link
          </label>
          <div className="mt-1 flex gap-2">
            <input id="invite-link" ref={linkRef} readOnly value={created.url} className={inputClass} />
            <Button type="button" variant="secondary" onClick={() => void copy()}>
              Copy link
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
