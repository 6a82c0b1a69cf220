import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  TrainerFormSchema,
  formatStatesServed,
  type TrainerFormValues,
  type TrainerInput,
} from '../../domain/trainers/trainer';
import { type TrainerRow } from '../client/stores';
import { trainerKindOf, type Area } from '../area';
import { FormActions, RecordNotFound, saveRecord, useRecordToEdit } from '../client/editRecord';
import { FormField } from '../../ui/FormField';
import { AdminFormShell } from '../AdminFormShell';
import { useLeaveGuard } from '../client/useLeaveGuard';
import TrainerPhotoField from './TrainerPhotoField';
import RecordHistory from '../history/RecordHistory';
import { StaleRecordNotice } from '../client/StaleRecordNotice';
import EmbedSnippets from './EmbedSnippets';
import { ReviewNotice } from '../review/ReviewNotice';

const EMPTY: TrainerFormValues = {
  name: '',
  slug: '',
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
    slug: t.slug,
    bio: t.bio,
    credentials: t.credentials ?? '',
    photo: t.photo,
    website: t.website ?? '',
    thinkificAffiliateUrl: t.thinkificAffiliateUrl ?? '',
    statesServed: formatStatesServed(t.statesServed),
  };
}

/** Create or edit a trainer (docs/product.md); a failed save keeps what was typed. */
export default function TrainerForm({ id, site, area = 'team' }: { id?: string; site?: string; area?: Area }) {
  const TRAINER_KIND = trainerKindOf(area);
  const editing = Boolean(id);
  const form = useForm<TrainerFormValues, unknown, TrainerInput>({
    resolver: zodResolver(TrainerFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const guard = useLeaveGuard(isDirty);
  // A partner's profile shows their pending (or rejected) version, and says so.
  const [review, setReview] = useState<Pick<TrainerRow, 'pendingSince' | 'rejectedReason'>>({});
  const state = useRecordToEdit<TrainerRow>(TRAINER_KIND, id, (row, keep) => {
    setReview({ pendingSince: row.pendingSince, rejectedReason: row.rejectedReason });
    form.reset(toForm(row), keep);
  });
  const onSubmit = form.handleSubmit(async (values) => {
    guard.allowLeaving();
    if (!(await saveRecord(TRAINER_KIND, id, values, form.setError))) guard.keepGuarding();
  });

  if (state === 'loading') return <p>Loading...</p>;
  if (state === 'missing') return <RecordNotFound kind={TRAINER_KIND} />;
  // The stored slug and name (the last loaded or saved), not what is being typed.
  const saved = form.formState.defaultValues;

  return (
    <AdminFormShell
      form={form}
      notice={
        <>
          <ReviewNotice {...review} />
          <StaleRecordNotice noun="trainer" />
        </>
      }
      after={
        <>
          {editing && site && saved?.slug && <EmbedSnippets site={site} slug={saved.slug} name={saved.name ?? ''} />}
          {area === 'team' && <RecordHistory entityType="trainer" id={id} />}
        </>
      }
      onSubmit={onSubmit}
      back={{ href: TRAINER_KIND.listHref, label: area === 'team' ? 'Back to trainers' : 'Back to my trainer profile' }}
      title={editing ? 'Edit Trainer' : 'Add New Trainer'}
      subtitle={editing ? 'Update trainer information' : 'Create a new EMDR trainer profile'}
      layout="flex flex-col gap-4"
    >
      <FormField name="name" label="Name" required />
      <FormField
        name="slug"
        label="Page address"
        hint={
          editing
            ? 'The trainer page is /trainers/{this}. When changed, the old address redirects to the new one.'
            : 'The trainer page is /trainers/{this}. Leave empty to make it from the name.'
        }
      />
      <FormField name="bio" label="Bio" required as="textarea" rows={5} />
      <FormField name="credentials" label="Credentials" />
      <TrainerPhotoField
        value={form.watch('photo') ?? null}
        onChange={(value) => form.setValue('photo', value, { shouldDirty: true })}
        error={errors.photo?.message}
      />
      <FormField name="website" label="Website" type="url" />
      <FormField name="thinkificAffiliateUrl" label="Thinkific Affiliate URL" type="url" />
      <FormField name="statesServed" label="States Served" hint="Comma-separated state codes, e.g. CA, NY, TX" />
      <FormActions kind={TRAINER_KIND} editing={editing} submitting={isSubmitting} />
    </AdminFormShell>
  );
}
