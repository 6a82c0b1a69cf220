import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { EMPTY_SCHEDULE_ROW } from '../domain/scheduleRows';
import { FormField } from '../ui/FormField';
import type { TrainingFormValues } from '../domain/trainingForm';
import Button from '../ui/Button';
import { partLabel } from '../domain/trainingParts';

/** Moves focus to a control of a row after it moved, so keyboard users keep their place. */
function focusLater(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/**
 * Schedule Details as rows of Day, Time and Topics, stored as the JSON list of {day, time, topics}.
 * Rows are added, removed and reordered with buttons, so the keyboard can do all of it.
 */
export function ScheduleEditor() {
  const { control, formState } = useFormContext<TrainingFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'schedule' });
  const rootError = formState.errors.schedule?.message ?? formState.errors.schedule?.root?.message;
  // In a program in parts a day may name its part, by the part's label as the page shows it.
  const parts = useWatch({ control, name: 'parts' }) ?? [];
  const partOptions = [
    { value: '', label: 'No part' },
    ...parts.map((p, i) => ({ value: partLabel(p.label, i + 1), label: partLabel(p.label, i + 1) })),
  ];

  return (
    <fieldset className="flex flex-col gap-3 md:col-span-2" aria-describedby="schedule-hint">
      <legend className="text-sm font-medium text-slate-800">Schedule Details</legend>
      <p id="schedule-hint" className="text-xs text-slate-600">
        One row per day of the training, in the order shown on the training page.
      </p>
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => {
          const label = `Schedule day ${index + 1}`;
          return (
            <li key={field.id} className="rounded-md border border-slate-300 p-3">
              <div role="group" aria-label={label}>
                <div className="grid gap-3 md:grid-cols-[1fr_1fr_2fr]">
                  <FormField name={`schedule.${index}.day`} label="Day" as="input" placeholder="Day 1" />
                  <FormField name={`schedule.${index}.time`} label="Time" as="input" placeholder="9:00 AM - 5:00 PM" />
                  <FormField name={`schedule.${index}.topics`} label="Topics" as="textarea" rows={2} />
                  {parts.length > 0 && (
                    <FormField name={`schedule.${index}.part`} label="Part" as="select" options={partOptions} />
                  )}
                </div>
                <div className="mt-2 flex flex-wrap justify-end gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    id={`schedule-${index}-up`}
                    disabled={index === 0}
                    onClick={() => {
                      move(index, index - 1);
                      focusLater(`schedule-${index - 1}-up`);
                    }}
                  >
                    <span aria-hidden="true">↑</span> Move up
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    id={`schedule-${index}-down`}
                    disabled={index === fields.length - 1}
                    onClick={() => {
                      move(index, index + 1);
                      focusLater(`schedule-${index + 1}-down`);
                    }}
                  >
                    <span aria-hidden="true">↓</span> Move down
                  </Button>
                  <Button variant="danger" size="sm" onClick={() => remove(index)}>
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
          onClick={() => {
            append({ ...EMPTY_SCHEDULE_ROW });
            focusLater(`schedule-${fields.length}-day`);
          }}
        >
          Add schedule day
        </Button>
      </div>
    </fieldset>
  );
}
