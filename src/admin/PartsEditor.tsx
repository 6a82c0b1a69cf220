import { useFieldArray, useFormContext } from 'react-hook-form';
import { FORMATS } from '../domain/formats';
import { TIME_ZONES } from '../domain/timeZones';
import { MAX_PARTS } from '../domain/trainingParts';
import { EMPTY_PART_ROW, type TrainingFormValues } from '../domain/trainingForm';
import { FormField } from '../ui/FormField';
import Button from '../ui/Button';

const ZONE_OPTIONS = [
  { value: '', label: "The training's time zone" },
  ...TIME_ZONES.map((z) => ({ value: z.id, label: z.label })),
];
const FORMAT_OPTIONS = [{ value: '', label: "The training's format" }, ...FORMATS.map((f) => ({ value: f, label: f }))];
const ADD_ID = 'parts-add';

/** Moves focus to a control once the rows have rendered, so keyboard users keep their place. */
function focusLater(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/**
 * A program in parts (docs/product.md, Parts) as rows of label, dates on the part's own clock, zone,
 * format, location and venue; empty fields are the training's own. Added and removed with buttons,
 * like the CE approvals; the server keeps the parts in start order and derives the training's dates.
 */
export function PartsEditor() {
  const { control, formState } = useFormContext<TrainingFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'parts' });
  const rootError = formState.errors.parts?.message ?? formState.errors.parts?.root?.message;

  const removeRow = (index: number) => {
    remove(index);
    const left = fields.length - 1;
    focusLater(left === 0 ? ADD_ID : `parts-${Math.min(index, left - 1)}-label`);
  };

  return (
    <fieldset className="flex flex-col gap-3 md:col-span-2" aria-describedby="parts-hint">
      <legend className="text-sm font-medium text-slate-800">Parts</legend>
      <p id="parts-hint" className="text-xs text-slate-600">
        For a program taught in parts weeks apart (Part 1, Part 2). With parts, the training runs from the first
        part&apos;s start to the last part&apos;s end: the Start and End Date above are set from them.
      </p>
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => {
          const n = index + 1;
          const name = (key: string) => `parts.${index}.${key}`;
          return (
            <li key={field.id} className="rounded-md border border-slate-300 p-3">
              <div role="group" aria-label={`Part ${n}`}>
                <div className="grid gap-3 md:grid-cols-2">
                  <FormField name={name('label')} label="Label" placeholder={`Part ${n}`} className="md:col-span-2" />
                  <FormField
                    name={name('startDate')}
                    label="Part start"
                    required
                    type="datetime-local"
                    hint="On the part's own clock"
                  />
                  <FormField name={name('endDate')} label="Part end" required type="datetime-local" />
                  <FormField name={name('timeZone')} label="Part time zone" as="select" options={ZONE_OPTIONS} />
                  <FormField name={name('format')} label="Part format" as="select" options={FORMAT_OPTIONS} />
                  <FormField name={name('location')} label="Part location" placeholder="The training's location" />
                  <FormField name={name('venue')} label="Part venue" />
                </div>
                <div className="mt-2 flex justify-end">
                  <Button variant="danger" size="sm" aria-label={`Remove part ${n}`} onClick={() => removeRow(index)}>
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
          disabled={fields.length >= MAX_PARTS}
          onClick={() => {
            append({ ...EMPTY_PART_ROW }, { shouldFocus: false });
            focusLater(`parts-${fields.length}-label`);
          }}
        >
          Add part
        </Button>
      </div>
    </fieldset>
  );
}
