import { useFieldArray, useFormContext } from 'react-hook-form';
import { CE_BODIES } from '../domain/programFacts';
import { CE_BODY_NAMES } from '../domain/ceApprovalText';
import { FACT_TEXT_MAX } from '../domain/programFields';
import { EMPTY_CE_APPROVAL_ROW, type TrainingFormValues } from '../domain/trainingForm';
import { FormField } from '../ui/FormField';
import Button from '../ui/Button';
import { optionalNumber } from './trainingFormValues';

const BODY_OPTIONS = [
  { value: '', label: 'Choose the approving body' },
  ...CE_BODIES.map((b) => ({ value: b.code, label: CE_BODY_NAMES[b.code] })),
];
const ADD_ID = 'ceApprovals-add';

/** Moves focus to a control once the rows have rendered, so keyboard users keep their place. */
function focusLater(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/**
 * CE approvals as rows of body, board name, provider number, hours and the approval's own words,
 * added and removed with buttons like the schedule's days. Adding focuses the new row's body; removing
 * focuses the body of the row that takes its place (or the one before it, or the Add button).
 */
export function CeApprovalsEditor() {
  const { control, formState } = useFormContext<TrainingFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'ceApprovals' });
  const rootError = formState.errors.ceApprovals?.message ?? formState.errors.ceApprovals?.root?.message;

  const removeRow = (index: number) => {
    remove(index);
    const left = fields.length - 1;
    focusLater(left === 0 ? ADD_ID : `ceApprovals-${Math.min(index, left - 1)}-body`);
  };

  return (
    <fieldset className="flex flex-col gap-3 md:col-span-2" aria-describedby="ceApprovals-hint">
      <legend className="text-sm font-medium text-slate-800">CE approvals</legend>
      <p id="ceApprovals-hint" className="text-xs text-slate-600">
        One row per body that approves the training&apos;s CE hours, with its approval text word for word.
      </p>
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => {
          const n = index + 1;
          const name = (key: string) => `ceApprovals.${index}.${key}`;
          return (
            <li key={field.id} className="rounded-md border border-slate-300 p-3">
              <div role="group" aria-label={`CE approval ${n}`}>
                <div className="grid gap-3 md:grid-cols-2">
                  <FormField name={name('body')} label="Approving body" as="select" options={BODY_OPTIONS} />
                  <FormField
                    name={name('boardName')}
                    label="Board name"
                    hint="Needed for a state licensing board or another approver"
                  />
                  <FormField name={name('providerNumber')} label="Provider number" />
                  <FormField
                    name={name('hours')}
                    label="CE hours"
                    type="number"
                    min={0.25}
                    step={0.25}
                    setValueAs={optionalNumber}
                  />
                  <FormField
                    name={name('statement')}
                    label="Approval text"
                    hint={`The approving body's statement, verbatim (at most ${FACT_TEXT_MAX} characters)`}
                    as="textarea"
                    rows={3}
                    className="md:col-span-2"
                  />
                </div>
                <div className="mt-2 flex justify-end">
                  <Button
                    variant="danger"
                    size="sm"
                    aria-label={`Remove approval ${n}`}
                    onClick={() => removeRow(index)}
                  >
                    Remove
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {rootError && (
        <p role="alert" className="text-sm text-red-700">
          {rootError}
        </p>
      )}
      <div>
        <Button
          variant="outline"
          id={ADD_ID}
          onClick={() => {
            append({ ...EMPTY_CE_APPROVAL_ROW }, { shouldFocus: false });
            focusLater(`ceApprovals-${fields.length}-body`);
          }}
        >
          Add CE approval
        </Button>
      </div>
    </fieldset>
  );
}
