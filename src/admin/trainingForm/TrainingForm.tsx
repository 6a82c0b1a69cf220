import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { TrainingFormSchema, type TrainingFormOutput, type TrainingFormValues } from '../../domain/trainingForm';
import { FORMATS } from '../../domain/formats';
import { US_STATES } from '../../domain/states';
import { $trainers, type TrainingRow } from '../client/stores';
import { trainingKindOf, type Area } from '../area';
import { FormActions, RecordNotFound, saveRecord, useRecordToEdit } from '../client/editRecord';
import { TRAINING_DEFAULTS, integer, optionalNumber, toTrainingForm } from './trainingFormValues';
import { FormField, SwitchField } from '../../ui/FormField';
import { AdminFormShell } from '../AdminFormShell';
import TrainingWhenFields from './TrainingWhenFields';
import { ScheduleEditor } from './ScheduleEditor';
import { ProgramFactsFields } from './ProgramFactsFields';
import { PartsEditor } from './PartsEditor';
import { AvailabilityFields } from './AvailabilityFields';
import { PostalCodeField, type SavedPostalCode } from './PostalCodeField';
import { useLeaveGuard } from '../client/useLeaveGuard';
import RecordHistory from '../history/RecordHistory';
import { StaleRecordNotice } from '../client/StaleRecordNotice';
import { ReviewNotice } from '../review/ReviewNotice';

const FORMAT_OPTIONS = FORMATS.map((f) => ({ value: f, label: f }));
const STATE_OPTIONS = [{ value: '', label: 'No state' }, ...US_STATES.map((s) => ({ value: s.code, label: s.name }))];
const wide = 'md:col-span-2';

/** Create or edit a training (docs/product.md); a failed save keeps what was typed. */
export default function TrainingForm({ id, area = 'team' }: { id?: string; area?: Area }) {
  const TRAINING_KIND = trainingKindOf(area);
  const editing = Boolean(id);
  const trainers = useStore($trainers);
  const form = useForm<TrainingFormValues, unknown, TrainingFormOutput>({
    resolver: zodResolver(TrainingFormSchema),
    defaultValues: TRAINING_DEFAULTS,
  });
  const guard = useLeaveGuard(form.formState.isDirty);
  const [saved, setSaved] = useState<SavedPostalCode | null>(null);
  const [review, setReview] = useState<Pick<TrainingRow, 'pendingSince' | 'rejectedReason'>>({});
  const state = useRecordToEdit<TrainingRow>(TRAINING_KIND, id, (row, keep) => {
    setSaved(row);
    setReview({ pendingSince: row.pendingSince, rejectedReason: row.rejectedReason });
    form.reset(toTrainingForm(row), keep);
  });
  const onSubmit = form.handleSubmit(async (values) => {
    guard.allowLeaving();
    if (!(await saveRecord(TRAINING_KIND, id, values, form.setError))) guard.keepGuarding();
  });

  if (state === 'loading') return <p>Loading...</p>;
  if (state === 'missing') return <RecordNotFound kind={TRAINING_KIND} />;

  const trainerOptions = [
    { value: '', label: trainers.loading ? 'Loading trainers...' : 'Select a trainer' },
    ...(trainers.data ?? []).map((t) => ({ value: t.id, label: t.name })),
  ];
  return (
    <AdminFormShell
      form={form}
      notice={
        <>
          <ReviewNotice {...review} />
          <StaleRecordNotice noun="training" />
        </>
      }
      after={area === 'team' ? <RecordHistory entityType="training" id={id} /> : null}
      onSubmit={onSubmit}
      back={{ href: TRAINING_KIND.listHref, label: 'Back to trainings' }}
      title={editing ? 'Edit Training' : 'Add New Training'}
      layout="grid gap-4 md:grid-cols-2"
    >
      <FormField name="trainerId" label="Trainer" required as="select" options={trainerOptions} className={wide} />
      <FormField name="title" label="Training Title" required className={wide} />
      <FormField name="description" label="Description" required as="textarea" rows={5} className={wide} />
      <FormField name="price" label="Price (USD)" required type="number" min={0} step={1} setValueAs={integer} />
      <FormField name="ceCredits" label="CE Credits" type="number" min={0} step={1} setValueAs={integer} />
      <TrainingWhenFields />
      <PartsEditor />
      <FormField name="format" label="Format" required as="select" options={FORMAT_OPTIONS} />
      <FormField name="location" label="Location" required hint="City and state, or 'Zoom' for virtual trainings" />
      <PostalCodeField saved={saved} />
      <FormField
        name="latitude"
        label="Latitude"
        type="number"
        step="any"
        setValueAs={optionalNumber}
        hint="Optional, with Longitude: the venue's own position when it is far from its ZIP code's centre; empty uses the ZIP code's"
      />
      <FormField name="longitude" label="Longitude" type="number" step="any" setValueAs={optionalNumber} />
      <FormField name="venue" label="Venue" />
      <FormField
        name="state"
        label="State"
        hint="State where the training is held, for filtering"
        as="select"
        options={STATE_OPTIONS}
      />
      <FormField
        name="thinkificUrl"
        label="Thinkific Registration URL"
        required
        hint="Where users are sent to register"
        type="url"
        className={wide}
      />
      <AvailabilityFields />
      <ScheduleEditor />
      <ProgramFactsFields />
      <FormField name="refundPolicy" label="Refund Policy" as="textarea" rows={3} className={wide} />
      <SwitchField name="isEMDRIACertified" label="EMDRIA Certified" />
      <SwitchField name="isPublished" label="Published" />
      <FormActions kind={TRAINING_KIND} editing={editing} submitting={form.formState.isSubmitting} className={wide} />
    </AdminFormShell>
  );
}
