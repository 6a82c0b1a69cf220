import { useState } from 'react';
import { CopyDialog } from '../tables/CopyDialog';
import Button, { buttonClass } from '../../ui/Button';
import { publicPageWarnings } from '../../domain/trainingWarnings';
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
import { TRAINING_FIELD_LABELS as LABELS } from '../../domain/trainingFieldLabels';
import { StatusBadge } from '../tables/StatusBadge';
import type { ListingStatus } from '../../domain/review/listingStatus';

const FORMAT_OPTIONS = FORMATS.map((f) => ({ value: f, label: f }));
const STATE_OPTIONS = [{ value: '', label: 'No state' }, ...US_STATES.map((s) => ({ value: s.code, label: s.name }))];
const wide = 'md:col-span-2';
/** The form's section links: each to the first field of its part of the form, with the field's label. */
const FORM_SECTIONS = (['title', 'startDate', 'location', 'thinkificUrl', 'programType', 'refundPolicy'] as const).map(
  (field) => ({ field, label: LABELS[field] }),
);

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
  const [status, setStatus] = useState<ListingStatus | undefined>();
  const [review, setReview] = useState<Pick<TrainingRow, 'pendingSince' | 'rejectedReason' | 'pendingDelete'>>({});
  const state = useRecordToEdit<TrainingRow>(TRAINING_KIND, id, (row, keep) => {
    // A partner edits the version they see: the live row with their waiting (or refused) fields over it.
    const seen = { ...row, ...row.proposed } as TrainingRow;
    setSaved(seen);
    setReview({ pendingSince: row.pendingSince, rejectedReason: row.rejectedReason, pendingDelete: row.pendingDelete });
    setStatus(row.reviewStatus);
    form.reset(toTrainingForm(seen), keep);
  });
  const [copying, setCopying] = useState(false);
  const [ceCredits, certified, approvals] = form.watch(['ceCredits', 'isEMDRIACertified', 'ceApprovals']);
  const warnings = publicPageWarnings({ ceCredits, isEMDRIACertified: certified, ceApprovals: approvals });
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
          {status && (
            <p className="mb-3">
              Status: <StatusBadge status={status} />
            </p>
          )}
          <ReviewNotice {...review} />
          {editing && id && (
            <div className="mb-4 flex flex-wrap gap-2">
              <a href={`${TRAINING_KIND.listHref}/${id}/preview`} className={buttonClass('secondary', 'sm')}>
                Preview
              </a>
              <Button variant="secondary" size="sm" onClick={() => setCopying(true)}>
                Copy to new dates
              </Button>
              <CopyDialog
                training={copying ? { id, title: form.getValues('title') } : null}
                formHref={TRAINING_KIND.listHref}
                onClose={() => setCopying(false)}
              />
            </div>
          )}
          <nav aria-label="Sections of the form" className="mb-4 text-sm">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {FORM_SECTIONS.map((s) => (
                <li key={s.field}>
                  <a href={`#${s.field}`} className="text-brand-800 underline">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <StaleRecordNotice noun="training" />
        </>
      }
      after={area === 'team' ? <RecordHistory entityType="training" id={id} /> : null}
      onSubmit={onSubmit}
      back={{ href: TRAINING_KIND.listHref, label: 'Back to trainings' }}
      title={editing ? 'Edit Training' : 'Add New Training'}
      layout="grid gap-4 md:grid-cols-2"
    >
      <FormField
        name="trainerId"
        label={LABELS.trainerId}
        required
        as="select"
        options={trainerOptions}
        className={wide}
      />
      <FormField name="title" label={LABELS.title} required className={wide} />
      <FormField name="description" label={LABELS.description} required as="textarea" rows={5} className={wide} />
      <FormField name="price" label={LABELS.price} required type="number" min={0} step={1} setValueAs={integer} />
      <FormField name="ceCredits" label={LABELS.ceCredits} type="number" min={0} step={1} setValueAs={integer} />
      <TrainingWhenFields />
      <PartsEditor />
      <FormField name="format" label={LABELS.format} required as="select" options={FORMAT_OPTIONS} />
      <FormField
        name="location"
        label={LABELS.location}
        required
        hint="City and state, or 'Zoom' for virtual trainings"
      />
      <PostalCodeField saved={saved} />
      <FormField
        name="latitude"
        label={LABELS.latitude}
        type="number"
        step="any"
        setValueAs={optionalNumber}
        hint="Optional, with Longitude: the venue's own position when it is far from its ZIP code's centre; empty uses the ZIP code's"
      />
      <FormField name="longitude" label={LABELS.longitude} type="number" step="any" setValueAs={optionalNumber} />
      <FormField name="venue" label={LABELS.venue} />
      <FormField
        name="state"
        label={LABELS.state}
        hint="State where the training is held, for filtering"
        as="select"
        options={STATE_OPTIONS}
      />
      <FormField
        name="thinkificUrl"
        label={LABELS.thinkificUrl}
        required
        hint="Where users are sent to register"
        type="url"
        className={wide}
      />
      <AvailabilityFields />
      <ScheduleEditor />
      <ProgramFactsFields />
      <FormField name="refundPolicy" label={LABELS.refundPolicy} as="textarea" rows={3} className={wide} />
      <SwitchField name="isEMDRIACertified" label={LABELS.isEMDRIACertified} />
      <SwitchField name="isPublished" label={LABELS.isPublished} />
      {/* The Save bar stays in view on a long form; what the public page would say comes before saving. */}
      <div className={`${wide} sticky bottom-0 z-10 -mx-2 border-t border-slate-200 bg-white/95 px-2 pb-2`}>
        {warnings.length > 0 && (
          <ul aria-label="Before you save" className="mt-2 list-disc pl-5 text-sm text-amber-900">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        )}
        <FormActions kind={TRAINING_KIND} editing={editing} submitting={form.formState.isSubmitting} />
      </div>
    </AdminFormShell>
  );
}
