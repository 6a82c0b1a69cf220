import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ChangePasswordSchema, PASSWORD_CHANGED } from '../../domain/team/passwordReset';
import { PASSWORD_MIN_LENGTH } from '../../domain/team/credentials';
import { Field, describedBy, inputClass } from '../../ui/Field';
import Button from '../../ui/Button';
import { useHydrated } from '../../ui/useHydrated';
import { api, ApiError } from '../client/api';
import { apiErrorText } from '../client/apiErrorText';
import { notify } from '../client/notify';
import { withStepUp } from './stepUp';

type Values = z.input<typeof ChangePasswordSchema>;

/**
 * The Account page's "Change password" (docs/product.md, Passwords): after "Confirm it's you" when the
 * session has not given its password or a code in the last ten minutes (src/admin/signIn/stepUp.ts).
 * The member's other sessions end; this one stays. Toasts go to the page's one toaster.
 */
export default function PasswordSettings(props: { email: string }) {
  const { register, handleSubmit, formState, setError, reset } = useForm<Values>({
    resolver: zodResolver(ChangePasswordSchema),
  });
  const { errors, isSubmitting } = formState;
  const hydrated = useHydrated();

  const onSubmit = handleSubmit(async (values) => {
    try {
      await withStepUp(() => api<{ ended: number }>('PUT', '/api/admin/me/password', values));
      reset({ password: '' });
      notify.success(PASSWORD_CHANGED);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.password) {
        setError('password', { message: error.fieldErrors.password[0] });
      } else notify.error(apiErrorText(error, 'Could not change your password'));
    }
  });

  return (
    <section aria-labelledby="password-heading" className="rounded-lg bg-white p-6 shadow">
      <h2 id="password-heading" className="text-xl font-semibold">
        Password
      </h2>
      <p className="mt-2 text-slate-700">A new password signs you out everywhere else; you stay signed in here.</p>
      <form onSubmit={onSubmit} noValidate className="mt-3 flex max-w-md flex-col gap-3">
        <input type="email" name="username" autoComplete="username" value={props.email} readOnly hidden />
        <Field
          id="new-password"
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          error={errors.password?.message}
        >
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            className={inputClass}
            {...describedBy('new-password', true, errors.password?.message)}
            {...register('password')}
          />
        </Field>
        <div>
          <Button type="submit" disabled={!hydrated || isSubmitting}>
            {isSubmitting ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </section>
  );
}
