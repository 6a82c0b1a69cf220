import { useFormContext, useWatch } from 'react-hook-form';
import { EMPTY_SCHEDULE_ROW } from '../../domain/parts/scheduleRows';
import { FormField } from '../../ui/FormField';
import type { TrainingFormValues } from '../../domain/trainingForm';
import { partLabel } from '../../domain/parts/trainingParts';
import { RowsEditor } from './RowsEditor';
import { TRAINING_FIELD_LABELS as LABELS } from '../../domain/trainingFieldLabels';

/**
 * Schedule Details as rows of Day, Time and Topics, stored as the JSON list of {day, time, topics},
 * in the order the training page shows them.
 */
export function ScheduleEditor() {
  const { control } = useFormContext<TrainingFormValues>();
  // In a program in parts a day may name its part, by the part's label as the page shows it.
  const parts = useWatch({ control, name: 'parts' }) ?? [];
  const partOptions = [
    { value: '', label: 'No part' },
    ...parts.map((p, i) => ({ value: partLabel(p.label, i + 1), label: partLabel(p.label, i + 1) })),
  ];

  return (
    <RowsEditor
      name="schedule"
      legend={LABELS.schedule}
      hint="One row per day of the training, in the order shown on the training page."
      emptyRow={{ ...EMPTY_SCHEDULE_ROW }}
      addLabel="Add schedule day"
      rowLabel={(n) => `Schedule day ${n}`}
      firstField="day"
      reorder
      gridClassName="grid gap-3 md:grid-cols-[1fr_1fr_2fr]"
    >
      {(_, field) => (
        <>
          <FormField name={field('day')} label="Day" as="input" placeholder="Day 1" />
          <FormField name={field('time')} label="Time" as="input" placeholder="9:00 AM - 5:00 PM" />
          <FormField name={field('topics')} label="Topics" as="textarea" rows={2} />
          {parts.length > 0 && <FormField name={field('part')} label="Part" as="select" options={partOptions} />}
        </>
      )}
    </RowsEditor>
  );
}
