import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { AdminToaster } from './client/notify';
import { useHydrated } from '../ui/useHydrated';
import BackLink from '../ui/BackLink';

/**
 * The frame both record forms share: back link, heading, and the form with its fields provided to
 * FormField. Until the island has loaded, the fields are disabled (visibly): typing into the server's
 * HTML would be wiped when the form takes over, and its buttons could not act yet.
 */
export function AdminFormShell<T extends FieldValues>(props: {
  form: UseFormReturn<T, unknown, FieldValues>;
  onSubmit(event?: React.BaseSyntheticEvent): Promise<void>;
  back: { href: string; label: string };
  title: string;
  subtitle?: string;
  layout: string;
  /** Shown above the form (e.g. a refused save's notice). */
  notice?: ReactNode;
  /** Shown below the form (e.g. the record's history). */
  after?: ReactNode;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <div className="rounded-lg bg-white p-8 shadow">
      <AdminToaster />
      <BackLink href={props.back.href} label={props.back.label} />
      <h1 className={`mt-2 text-2xl font-bold ${props.subtitle ? '' : 'mb-6'}`}>{props.title}</h1>
      {props.subtitle && <p className="mb-6 text-slate-700">{props.subtitle}</p>}
      {props.notice}
      <FormProvider {...props.form}>
        <form onSubmit={props.onSubmit} noValidate>
          <fieldset
            disabled={!hydrated}
            aria-disabled={!hydrated || undefined}
            aria-busy={!hydrated || undefined}
            className={`${props.layout} min-w-0 disabled:opacity-70`}
          >
            {props.children}
          </fieldset>
        </form>
      </FormProvider>
      {props.after}
    </div>
  );
}
