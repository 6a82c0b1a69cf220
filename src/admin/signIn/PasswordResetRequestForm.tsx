import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { PasswordResetRequestSchema } from '../../domain/team/passwordReset';
import { Field, describedBy, inputClass } from '../../ui/Field';
import Button from '../../ui/Button';
import { useHydrated } from '../../ui/useHydrated';
import { api, ApiError } from '../client/api';
import { AdminToaster, notify } from '../client/notify';

type Values = z.input<typeof PasswordResetRequestSchema>;

/**
 * "Forgot password?" (docs/product.md, Passwords): an email address in, the same sentence out whether
 * or not an account uses it. The button waits for the island (no dead clicks); the way back is a link.
 */
export default function PasswordResetRequestForm(props: { signInHref: string }) {
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(PasswordResetRequestSchema) });
  const { errors, isSubmitting } = formState;
  const hydrated = useHydrated();
  const [sent, setSent] = useState('');

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await api<{ message: string }>('POST', '/api/admin/password-reset', values);
      setSent(answer.message);
    } catch (error) {
      notify.error(
        error instanceof ApiError && error.status === 429
          ? 'Too many requests. Try again later.'
          : 'That did not work: try again',
      );
    }
  });

  return (
    <div className="mx-auto mt-16 max-w-md rounded-lg bg-white p-8 shadow">
      <AdminToaster />
      <h1 className="text-2xl font-bold">Forgot your password?</h1>
      <p className="mb-6 text-slate-700">
        Type the email you sign in with. We will mail you a link to choose a new one.
      </p>
      <p role="status" className={sent ? 'mb-6 rounded-md bg-green-50 p-3 text-green-900' : 'sr-only'}>
        {sent}
      </p>
      {!sent && (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <Field id="email" label="Email" error={errors.email?.message}>
            <input
              id="email"
              type="email"
              autoComplete="username"
              className={inputClass}
              {...describedBy('email', false, errors.email?.message)}
              {...register('email')}
            />
          </Field>
          <Button type="submit" disabled={!hydrated || isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send me a link'}
          </Button>
        </form>
      )}
      <a href={props.signInHref} className="mt-4 inline-block text-brand-800 underline">
        Back to sign-in
      </a>
    </div>
  );
}
