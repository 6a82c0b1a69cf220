import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { LoginSchema } from '../../domain/team/login';
import { NOTICES } from '../../domain/adminNotice';
import { api, ApiError } from '../client/api';
import { AdminToaster, notify } from '../client/notify';
import { Field, describedBy, inputClass } from '../../ui/Field';
import { useServerNotice } from '../client/serverNotice';
import { useHydrated } from '../../ui/useHydrated';
import Button from '../../ui/Button';
import type { SecondFactorMethod } from '../../domain/team/secondFactor';
import SecondFactorStep from './SecondFactorStep';
import PasskeySignInButton from './PasskeySignInButton';
import { landingOf } from '../../domain/team/landing';
import { TEAM_PASSWORD_RESET } from '../../domain/team/passwordReset';

type Values = z.input<typeof LoginSchema>;
type LoginAnswer = { twoFactorRequired: true; methods: SecondFactorMethod[] } | { enrolmentRequired?: boolean };

/**
 * Admin login: 'Login', 'Logging in...' while pending; success goes to the dashboard. A member with
 * two-factor sign-in gets the second step (SecondFactorStep) in place of the form; one who must
 * still set it up goes to the Account page.
 * The form is a real POST to the login endpoint, so a person who types and submits before the
 * island hydrates is signed in by the server's redirects. No default values: react-hook-form would
 * write them over whatever was typed before hydration; without them it reads the fields as found.
 */
interface Props {
  /** The heading and line under it: the team's "Admin Login" (SPEC), a partner's own on /account/login. */
  heading?: string;
  intro?: string;
  /** "Forgot password?": this side's page that mails a link (docs/product.md, Passwords). */
  resetHref?: string;
}

export default function LoginForm({
  heading = 'Admin Login',
  intro = 'Sign in to manage trainings and trainers',
  resetHref = TEAM_PASSWORD_RESET,
}: Props) {
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(LoginSchema) });
  const { errors, isSubmitting } = formState;
  useServerNotice();
  // Until the island runs, the browser's own check keeps an empty field from being posted; then the
  // schema's messages take over under the fields.
  const hydrated = useHydrated();
  // Set once the password was right and a second factor is asked for.
  const [methods, setMethods] = useState<SecondFactorMethod[] | null>(null);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await api<LoginAnswer>('POST', '/api/admin/login', values);
      if ('twoFactorRequired' in answer) {
        setMethods(answer.methods);
        return;
      }
      notify.flash(NOTICES['signed-in'].message);
      window.location.assign(landingOf(answer));
    } catch (error) {
      notify.error(
        error instanceof ApiError && error.status === 429 ? NOTICES.throttled.message : NOTICES.invalid.message,
      );
    }
  });

  if (methods) {
    return (
      <div className="mx-auto mt-16 max-w-md rounded-lg bg-white p-8 shadow">
        <AdminToaster />
        <h1 className="mb-4 text-2xl font-bold">{heading}</h1>
        <SecondFactorStep methods={methods} onRestart={() => setMethods(null)}>
          {methods.includes('passkey') && (
            <PasskeySignInButton label="Use a passkey" variant={methods.includes('totp') ? 'secondary' : 'primary'} />
          )}
        </SecondFactorStep>
      </div>
    );
  }

  return (
    <div className="mx-auto mt-16 max-w-md rounded-lg bg-white p-8 shadow">
      <AdminToaster />
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p className="mb-6 text-slate-700">{intro}</p>
      <form
        method="post"
        action="/api/admin/login"
        onSubmit={onSubmit}
        noValidate={hydrated}
        className="flex flex-col gap-4"
      >
        <Field id="email" label="Email" error={errors.email?.message}>
          <input
            id="email"
            type="email"
            autoComplete="username"
            required
            className={inputClass}
            {...describedBy('email', false, errors.email?.message)}
            {...register('email')}
          />
        </Field>
        <Field id="password" label="Password" error={errors.password?.message}>
          <input
            id="password"
            type="password"
            autoComplete="current-password"
            required
            className={inputClass}
            {...describedBy('password', false, errors.password?.message)}
            {...register('password')}
          />
        </Field>
        {/* A plain link: it works before the island does. */}
        <a href={resetHref} className="-mt-2 self-end text-sm text-brand-800 underline hover:text-brand-900">
          Forgot password?
        </a>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Logging in...' : 'Login'}
        </Button>
      </form>
      {/* A passkey can replace the password (docs/product.md, "Passkeys"). */}
      <div className="mt-4 flex flex-col border-t border-slate-200 pt-4">
        <PasskeySignInButton label="Sign in with a passkey" />
      </div>
    </div>
  );
}
