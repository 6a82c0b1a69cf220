import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TrainerFormSchema, formatStatesServed, type TrainerFormValues, type TrainerInput } from '../domain/trainer';
import { TRAINER_KIND, type TrainerRow } from './stores';
import { AdminToaster } from './notify';
import { FormActions, RecordNotFound, saveRecord, useRecordToEdit } from './editRecord';
import { Field, describedBy, inputClass } from '../ui/Field';
import TrainerPhotoField from './TrainerPhotoField';
import RecordHistory from './RecordHistory';
import { StaleRecordNotice } from './StaleRecordNotice';

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
  const { register, handleSubmit, reset, setError, setValue, watch, formState } = useForm<
    TrainerFormValues,
    unknown,
    TrainerInput
  >({
    resolver: zodResolver(TrainerFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;

  const state = useRecordToEdit<TrainerRow>(TRAINER_KIND, id, (row, keep) => reset(toForm(row), keep));
  const onSubmit = handleSubmit((values) => saveRecord(TRAINER_KIND, id, values, setError));

  if (state === 'loading') return <p>Loading...</p>;
  if (state === 'missing') return <RecordNotFound kind={TRAINER_KIND} />;

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
      <StaleRecordNotice noun="trainer" />
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
        <FormActions kind={TRAINER_KIND} editing={editing} submitting={isSubmitting} />
      </form>
      <RecordHistory entityType="trainer" id={id} />
    </div>
  );
}
