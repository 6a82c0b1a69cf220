import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TrainerFormSchema, formatStatesServed, type TrainerFormValues, type TrainerInput } from '../domain/trainer';
import { api } from './api';
import { TRAINERS_KEY, invalidateKeys, type TrainerRow } from './stores';
import { AdminToaster, notify } from './notify';
import { applyServerErrors } from './formErrors';
import { Field, describedBy, inputClass } from '../ui/Field';
import { Spinner } from '../ui/Spinner';
import TrainerPhotoField from './TrainerPhotoField';
import { useHydrated } from '../ui/useHydrated';

const EMPTY: TrainerFormValues = {
  name: '',
  bio: '',
  credentials: '',
  photo: null,
  website: '',
  thinkificAffiliateUrl: '',
  statesServed: '',
};

function toForm(t: TrainerRow): TrainerFormValues {
  return {
    name: t.name,
    bio: t.bio,
    credentials: t.credentials ?? '',
    photo: t.photo,
    website: t.website ?? '',
    thinkificAffiliateUrl: t.thinkificAffiliateUrl ?? '',
    statesServed: formatStatesServed(t.statesServed),
  };
}

/** Create or edit a trainer (SPEC §2 Trainer form); a failed save keeps what was typed. */
export default function TrainerForm({ id }: { id?: string }) {
  const editing = Boolean(id);
  const [state, setState] = useState<'loading' | 'ready' | 'missing'>(editing ? 'loading' : 'ready');
  const { register, handleSubmit, reset, setError, setValue, watch, formState } = useForm<
    TrainerFormValues,
    unknown,
    TrainerInput
  >({
    resolver: zodResolver(TrainerFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;
  const hydrated = useHydrated();

  useEffect(() => {
    if (!id) return;
    // SPEC §7: the edit form fetches the whole list and picks the matching id.
    api<TrainerRow[]>('GET', TRAINERS_KEY)
      .then((list) => {
        const found = list.find((t) => t.id === id);
        if (found) reset(toForm(found));
        setState(found ? 'ready' : 'missing');
      })
      .catch(() => setState('missing'));
  }, [id, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api(editing ? 'PATCH' : 'POST', editing ? `/api/admin/trainers/${id}` : '/api/admin/trainers', values);
      invalidateKeys(TRAINERS_KEY);
      notify.flash(editing ? 'Trainer updated successfully' : 'Trainer created successfully');
      window.location.assign('/admin/trainers');
    } catch (error) {
      applyServerErrors(error, setError);
      notify.error(editing ? 'Failed to update trainer' : 'Failed to create trainer');
    }
  });

  if (state === 'loading') return <p>Loading...</p>;
  if (state === 'missing')
    return (
      <div className="rounded-lg bg-white p-8 shadow">
        <h1 className="mb-2 text-2xl font-bold">Trainer not found</h1>
        <p className="mb-4">This trainer does not exist any more; it may have been deleted.</p>
        <a className="text-brand-800 underline" href="/admin/trainers">
          Back to trainers
        </a>
      </div>
    );

  const field = (name: keyof TrainerFormValues) => ({
    ...register(name),
    ...describedBy(name, false, errors[name]?.message),
  });
  return (
    <div className="rounded-lg bg-white p-8 shadow">
      <AdminToaster />
      <a href="/admin/trainers" className="text-brand-800 underline" aria-label="Back to trainers">
        ← Back
      </a>
      <h1 className="mt-2 text-2xl font-bold">{editing ? 'Edit Trainer' : 'Add New Trainer'}</h1>
      <p className="mb-6 text-slate-700">
        {editing ? 'Update trainer information' : 'Create a new EMDR trainer profile'}
      </p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field id="name" label="Name" required error={errors.name?.message}>
          <input id="name" className={inputClass} {...field('name')} />
        </Field>
        <Field id="bio" label="Bio" required error={errors.bio?.message}>
          <textarea id="bio" rows={5} className={inputClass} {...field('bio')} />
        </Field>
        <Field id="credentials" label="Credentials" error={errors.credentials?.message}>
          <input id="credentials" className={inputClass} {...field('credentials')} />
        </Field>
        <TrainerPhotoField
          value={watch('photo') ?? null}
          onChange={(value) => setValue('photo', value, { shouldDirty: true })}
          error={errors.photo?.message}
        />
        <Field id="website" label="Website" error={errors.website?.message}>
          <input id="website" type="url" className={inputClass} {...field('website')} />
        </Field>
        <Field id="thinkificAffiliateUrl" label="Thinkific Affiliate URL" error={errors.thinkificAffiliateUrl?.message}>
          <input id="thinkificAffiliateUrl" type="url" className={inputClass} {...field('thinkificAffiliateUrl')} />
        </Field>
        <Field
          id="statesServed"
          label="States Served"
          hint="Comma-separated state codes, e.g. CA, NY, TX"
          error={errors.statesServed?.message}
        >
          <input
            id="statesServed"
            className={inputClass}
            {...register('statesServed')}
            {...describedBy('statesServed', true, errors.statesServed?.message)}
          />
        </Field>
        <div className="mt-2 flex justify-end gap-3">
          <a href="/admin/trainers" className="rounded-md border border-slate-400 px-4 py-2 hover:bg-slate-100">
            Cancel
          </a>
          <button
            type="submit"
            disabled={isSubmitting || !hydrated}
            className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {isSubmitting && <Spinner />}
            {editing ? 'Update Trainer' : 'Create Trainer'}
          </button>
        </div>
      </form>
    </div>
  );
}
