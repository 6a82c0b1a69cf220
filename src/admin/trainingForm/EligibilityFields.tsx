import { get, useFormContext, useWatch } from 'react-hook-form';
import { LICENSES, PREREQUISITES } from '../../domain/trainingFacts/eligibility';
import type { TrainingFormValues } from '../../domain/trainingForm';
import { FormField } from '../../ui/FormField';
import { describedBy } from '../../ui/Field';
import { TRAINING_FIELD_LABELS as LABELS } from '../../domain/trainingFieldLabels';

const NOT_STATED = { value: '', label: 'Not stated' };
const YES_NO_OPTIONS = [NOT_STATED, { value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }];
const PREREQUISITE_OPTIONS = [NOT_STATED, ...PREREQUISITES];

/**
 * Who may take the training (docs/product.md, Program facts, Who can attend): the license
 * types, pre-licensed clinicians, graduate students and the proof asked, the prerequisite, a
 * restriction to one organisation, and the provider's own words. Every field may stay "Not stated";
 * a label or text shows only when its choice needs it.
 */
export function EligibilityFields() {
  const { register, control, formState } = useFormContext<TrainingFormValues>();
  const [licenses, students, prerequisite] = useWatch({
    control,
    name: ['eligibleLicenses', 'students.allowed', 'prerequisite'],
  });
  // The checkboxes offer only the list's values: a message can only be for the list as a whole.
  const listError: { message?: string } | undefined = get(formState.errors, 'eligibleLicenses');
  const licensesError = listError?.message;

  return (
    <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold">Who can attend</legend>
      <fieldset className="flex flex-col gap-1 md:col-span-2" {...describedBy('eligibleLicenses', true, licensesError)}>
        <legend className="text-sm font-medium text-slate-800">License types</legend>
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {LICENSES.map((license) => (
            <label key={license.value} className="flex items-center gap-2 text-slate-900">
              <input
                type="checkbox"
                className="h-5 w-5 accent-brand-700"
                value={license.value}
                {...register('eligibleLicenses')}
              />
              {license.person}
            </label>
          ))}
        </div>
        <p id="eligibleLicenses-hint" className="text-xs text-slate-600">
          The licenses the training takes; none checked is not stated.
        </p>
        {licensesError && (
          <p id="eligibleLicenses-error" role="alert" className="text-sm text-red-700">
            {licensesError}
          </p>
        )}
      </fieldset>
      {licenses?.includes('other') && (
        <FormField
          name="otherLicense"
          label={LABELS.otherLicense}
          hint="A short label, such as 'Creative arts therapists'"
          className="md:col-span-2"
        />
      )}
      <FormField name="preLicensed" label={LABELS.preLicensed} as="select" options={YES_NO_OPTIONS} />
      <FormField
        name="students.allowed"
        label={LABELS.students}
        hint="In a program leading to licensure"
        as="select"
        options={YES_NO_OPTIONS}
      />
      {students === 'yes' && (
        <FormField
          name="students.proof"
          label="Proof of enrolment asked"
          hint="Such as 'A letter from the program director'; empty when none is asked"
          className="md:col-span-2"
        />
      )}
      <FormField name="prerequisite" label={LABELS.prerequisite} as="select" options={PREREQUISITE_OPTIONS} />
      {prerequisite === 'other' ? (
        <FormField name="prerequisiteText" label={LABELS.prerequisiteText} hint="Reads 'Requires …' on the page" />
      ) : (
        <div className="hidden md:block" aria-hidden="true" />
      )}
      <FormField
        name="restrictedTo"
        label={LABELS.restrictedTo}
        hint="Only when the training is for one organisation, such as 'Staff of County Behavioral Health only'"
        className="md:col-span-2"
      />
      <FormField
        name="eligibility"
        label={LABELS.eligibility}
        hint="Anything else, in your words: shown after the facts above"
        as="textarea"
        rows={3}
        className="md:col-span-2"
      />
    </fieldset>
  );
}
