import { useFormContext, useWatch } from 'react-hook-form';
import { COMMON_LANGUAGES, PROGRAM_TYPES, languageName } from '../../domain/trainingFacts/programFacts';
import type { TrainingFormValues } from '../../domain/trainingForm';
import { FormField } from '../../ui/FormField';
import { CeApprovalsEditor } from './CeApprovalsEditor';
import { ConsultationFields } from './ConsultationFields';
import { EligibilityFields } from './EligibilityFields';
import { optionalNumber } from './trainingFormValues';
import { TRAINING_FIELD_LABELS as LABELS } from '../../domain/trainingFieldLabels';

const PROGRAM_TYPE_OPTIONS = [{ value: '', label: 'Not stated' }, ...PROGRAM_TYPES];
const wide = 'md:col-span-2';

/** The form's languages by English name; a stored or chosen tag outside the common ones stays selectable. */
function languageOptions(...tags: (string | null | undefined)[]) {
  const all: string[] = [...COMMON_LANGUAGES];
  for (const tag of tags) if (tag && !all.includes(tag)) all.push(tag);
  return all.map((tag) => ({ value: tag, label: languageName(tag) ?? tag }));
}

/**
 * The program facts of the training form (docs/product.md, Program facts): program type, CE
 * approvals, consultation, completion window, language, who can attend (EligibilityFields) and
 * accessibility.
 */
export function ProgramFactsFields() {
  const { control, formState } = useFormContext<TrainingFormValues>();
  const language = useWatch({ control, name: 'language' });
  return (
    <>
      <h2 className={`${wide} mt-2 text-lg font-semibold`}>Program facts</h2>
      <FormField
        name="programType"
        label={LABELS.programType}
        hint="A published Basic Training must disclose its consultation, completion window and refund policy."
        as="select"
        options={PROGRAM_TYPE_OPTIONS}
      />
      <FormField
        name="language"
        label={LABELS.language}
        hint="The language the training is taught in"
        as="select"
        options={languageOptions(formState.defaultValues?.language, language)}
      />
      <CeApprovalsEditor />
      <ConsultationFields />
      <FormField
        name="completionWindowMonths"
        label={LABELS.completionWindowMonths}
        hint="Months a trainee has to finish every part; empty when not stated"
        type="number"
        min={1}
        step={1}
        setValueAs={optionalNumber}
      />
      <div className="hidden md:block" aria-hidden="true" />
      <EligibilityFields />
      <FormField
        name="accessibility"
        label={LABELS.accessibility}
        hint="Captions, step-free access, accommodations on request"
        as="textarea"
        rows={3}
        className={wide}
      />
    </>
  );
}
