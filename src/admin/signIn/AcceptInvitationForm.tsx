import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { AcceptInvitationSchema } from '../../domain/team/team';
import { PASSWORD_MIN_LENGTH } from '../../domain/team/credentials';
import { ROLE_LABELS, type InvitationRole } from '../../domain/team/roles';
import { Field, describedBy, inputClass } from '../../ui/Field';
import Button from '../../ui/Button';
import { useHydrated } from '../../ui/useHydrated';
import { api, ApiError } from '../client/api';
import { AdminToaster, notify } from '../client/notify';
import { landingOf } from '../../domain/team/landing';

type Values = z.input<typeof AcceptInvitationSchema>;

/**
 * The invitee's form (docs/product.md, The team): choose a password, become a member with the
 * invited role, and land signed in on the dashboard (or on Account when the site requires a second
 * factor first).
 */
export default function AcceptInvitationForm(props: { token: string; email: string; role: InvitationRole }) {
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(AcceptInvitationSchema),
  });
  const { errors, isSubmitting } = formState;
  const hydrated = useHydrated();

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await api<{ enrolmentRequired?: boolean }>(
        'POST',
        `/api/admin/invitations/${encodeURIComponent(props.token)}/accept`,
        values,
      );
      notify.flash(props.role === 'partner' ? `Welcome, ${props.email}` : `Welcome to the team, ${props.email}`);
      window.location.assign(landingOf(answer));
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.password) {
        setError('password', { message: error.fieldErrors.password[0] });
      } else if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
        // The link stopped working while the page was open: the page says why when reloaded.
        window.location.reload();
      } else notify.error(error instanceof Error ? error.message : String(error));
    }
  });

  return (
    <div className="mx-auto mt-16 max-w-md rounded-lg bg-white p-8 shadow">
      <AdminToaster />
      <h1 className="text-2xl font-bold">
        {props.role === 'partner' ? 'Manage your trainer listings' : 'Join the team'}
      </h1>
      <p className="mb-6 text-slate-700">
        {props.role === 'partner' ? (
          <>You are invited to manage your trainer listings</>
        ) : (
          <>
            You are invited as <strong>{ROLE_LABELS[props.role]}</strong>
          </>
        )}{' '}
        with the email <strong>{props.email}</strong>. Choose a password to finish.
      </p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {/* For password managers: the account this password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={props.email} readOnly hidden />
        <Field
          id="password"
          label="Password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          error={errors.password?.message}
        >
          <input
            id="password"
            type="password"
            autoComplete="new-password"
            className={inputClass}
            {...describedBy('password', true, errors.password?.message)}
            {...register('password')}
          />
        </Field>
        <Button type="submit" disabled={!hydrated || isSubmitting}>
          {props.role === 'partner'
            ? isSubmitting
              ? 'Creating your account...'
              : 'Create my account'
            : isSubmitting
              ? 'Joining...'
              : 'Join the team'}
        </Button>
      </form>
    </div>
  );
}
