import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { TrainingInputSchema, type TrainingFormValues, type TrainingInput } from '../domain/training';
import { FORMATS } from '../domain/formats';
import { US_STATES } from '../domain/states';
import { $trainers, TRAINING_KIND, type TrainingRow } from './stores';
import { AdminToaster } from './notify';
import { FormActions, RecordNotFound, saveRecord, useRecordToEdit } from './editRecord';
import { TRAINING_DEFAULTS, integer, toTrainingForm } from './trainingFormValues';
import { Field, describedBy, inputClass } from '../ui/Field';
import RecordHistory from './RecordHistory';
import { StaleRecordNotice } from './StaleRecordNotice';

/** Create or edit a training (SPEC §2 Training form); a failed save keeps what was typed. */
export default function TrainingForm({ id }: { id?: string }) {
  const editing = Boolean(id);
  const trainers = useStore($trainers);
  const { register, handleSubmit, reset, setError, formState } = useForm<TrainingFormValues, unknown, TrainingInput>({
    resolver: zodResolver(TrainingInputSchema),
    defaultValues: TRAINING_DEFAULTS,
  });
  const { errors, isSubmitting } = formState;

  const state = useRecordToEdit<TrainingRow>(TRAINING_KIND, id, (row, keep) => reset(toTrainingForm(row), keep));
  const onSubmit = handleSubmit((values) => saveRecord(TRAINING_KIND, id, values, setError));

  if (state === 'loading') return <p>Loading...</p>;
  if (state === 'missing') return <RecordNotFound kind={TRAINING_KIND} />;

  type Name = keyof TrainingFormValues;
  const aria = (name: Name, hint = false) => describedBy(name, hint, errors[name]?.message);
  return (
    <div className="rounded-lg bg-white p-8 shadow">
      <AdminToaster />
      <a href="/admin/trainings" className="text-brand-800 underline" aria-label="Back to trainings">
        ← Back
      </a>
      <h1 className="mb-6 mt-2 text-2xl font-bold">{editing ? 'Edit Training' : 'Add New Training'}</h1>
      <StaleRecordNotice noun="training" />
      <form onSubmit={onSubmit} noValidate className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <Field id="trainerId" label="Trainer" required error={errors.trainerId?.message}>
            <select id="trainerId" className={inputClass} {...register('trainerId')} {...aria('trainerId')}>
              <option value="">{trainers.loading ? 'Loading trainers...' : 'Select a trainer'}</option>
              {trainers.data?.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="md:col-span-2">
          <Field id="title" label="Training Title" required error={errors.title?.message}>
            <input id="title" className={inputClass} {...register('title')} {...aria('title')} />
          </Field>
        </div>
        <div className="md:col-span-2">
          <Field id="description" label="Description" required error={errors.description?.message}>
            <textarea
              id="description"
              rows={5}
              className={inputClass}
              {...register('description')}
              {...aria('description')}
            />
          </Field>
        </div>
        <Field id="price" label="Price (USD)" required error={errors.price?.message}>
          <input
            id="price"
            type="number"
            min={0}
            step={1}
            className={inputClass}
            {...register('price', { setValueAs: integer })}
            {...aria('price')}
          />
        </Field>
        <Field id="ceCredits" label="CE Credits" error={errors.ceCredits?.message}>
          <input
            id="ceCredits"
            type="number"
            min={0}
            step={1}
            className={inputClass}
            {...register('ceCredits', { setValueAs: integer })}
            {...aria('ceCredits')}
          />
        </Field>
        <Field id="startDate" label="Start Date" required error={errors.startDate?.message}>
          <input
            id="startDate"
            type="datetime-local"
            className={inputClass}
            {...register('startDate')}
            {...aria('startDate')}
          />
        </Field>
        <Field id="endDate" label="End Date" required error={errors.endDate?.message}>
          <input
            id="endDate"
            type="datetime-local"
            className={inputClass}
            {...register('endDate')}
            {...aria('endDate')}
          />
        </Field>
        <Field id="format" label="Format" required error={errors.format?.message}>
          <select id="format" className={inputClass} {...register('format')} {...aria('format')}>
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="location"
          label="Location"
          required
          hint="City and state, or 'Zoom' for virtual trainings"
          error={errors.location?.message}
        >
          <input id="location" className={inputClass} {...register('location')} {...aria('location', true)} />
        </Field>
        <Field id="venue" label="Venue" error={errors.venue?.message}>
          <input id="venue" className={inputClass} {...register('venue')} {...aria('venue')} />
        </Field>
        <Field
          id="state"
          label="State"
          hint="State where the training is held, for filtering"
          error={errors.state?.message}
        >
          <select id="state" className={inputClass} {...register('state')} {...aria('state', true)}>
            <option value="">No state</option>
            {US_STATES.map((s) => (
              <option key={s.code} value={s.code}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
        <div className="md:col-span-2">
          <Field
            id="thinkificUrl"
            label="Thinkific Registration URL"
            required
            hint="Where users are sent to register"
            error={errors.thinkificUrl?.message}
          >
            <input
              id="thinkificUrl"
              type="url"
              className={inputClass}
              {...register('thinkificUrl')}
              {...aria('thinkificUrl', true)}
            />
          </Field>
        </div>
        <div className="md:col-span-2">
          <Field
            id="schedule"
            label="Schedule Details"
            hint='A JSON list, e.g. [{"day": "Day 1", "time": "9:00 AM - 5:00 PM", "topics": "Foundations"}]'
            error={errors.schedule?.message}
          >
            <textarea
              id="schedule"
              rows={4}
              className={`${inputClass} font-mono text-sm`}
              {...register('schedule')}
              {...aria('schedule', true)}
            />
          </Field>
        </div>
        <div className="md:col-span-2">
          <Field id="refundPolicy" label="Refund Policy" error={errors.refundPolicy?.message}>
            <textarea
              id="refundPolicy"
              rows={3}
              className={inputClass}
              {...register('refundPolicy')}
              {...aria('refundPolicy')}
            />
          </Field>
        </div>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            role="switch"
            className="h-5 w-5 accent-brand-700"
            {...register('isEMDRIACertified')}
          />
          EMDRIA Certified
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" role="switch" className="h-5 w-5 accent-brand-700" {...register('isPublished')} />
          Published
        </label>
        <FormActions kind={TRAINING_KIND} editing={editing} submitting={isSubmitting} className="md:col-span-2" />
      </form>
      <RecordHistory entityType="training" id={id} />
    </div>
  );
}
