import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ChangePasswordSchema } from '../../domain/team/passwordReset';
import { PASSWORD_MIN_LENGTH } from '../../domain/team/credentials';
import { Field, describedBy, inputClass } from '../../ui/Field';
import Button from '../../ui/Button';
import { useHydrated } from '../../ui/useHydrated';
import { api, ApiError } from '../client/api';
import { AdminToaster, notify } from '../client/notify';

type Values = z.input<typeof ChangePasswordSchema>;

/**
 * The mailed link's page (docs/product.md, Passwords): a new password for the account it names. Set,
 * the member goes to their sign-in page, where a second factor is still asked for if they have one.
 */
export default function PasswordResetForm(props: { token: string; email: string }) {
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(ChangePasswordSchema),
  });
  const { errors, isSubmitting } = formState;
  const hydrated = useHydrated();

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const answer = await api<{ message: string; signIn: string }>('POST', '/api/admin/password-reset/confirm', {
        token: props.token,
        password,
      });
      notify.flash(answer.message);
      window.location.assign(answer.signIn);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.password) {
        setError('password', { message: error.fieldErrors.password[0] });
      } else if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
        // The link stopped working while the page was open: the page says why when reloaded.
        window.location.reload();
      } else notify.error('That did not work: try again');
    }
  });

  return (
    <div className="mx-auto mt-16 max-w-md rounded-lg bg-white p-8 shadow">
      <AdminToaster />
      <h1 className="text-2xl font-bold">Choose a new password</h1>
      <p className="mb-6 text-slate-700">
        For <strong>{props.email}</strong>. Every session of this account ends; two-factor sign-in stays on.
      </p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {/* For password managers: the account this password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={props.email} readOnly hidden />
        <Field
          id="password"
          label="New password"
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
          {isSubmitting ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </div>
  );
}
