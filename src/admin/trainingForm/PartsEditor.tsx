import { FORMATS } from '../../domain/formats';
import { TIME_ZONES } from '../../domain/time/timeZones';
import { MAX_PARTS } from '../../domain/parts/trainingParts';
import { EMPTY_PART_ROW } from '../../domain/trainingForm';
import { FormField } from '../../ui/FormField';
import { RowsEditor } from './RowsEditor';
import { TRAINING_FIELD_LABELS as LABELS } from '../../domain/trainingFieldLabels';

const ZONE_OPTIONS = [
  { value: '', label: "The training's time zone" },
  ...TIME_ZONES.map((z) => ({ value: z.id, label: z.label })),
];
const FORMAT_OPTIONS = [{ value: '', label: "The training's format" }, ...FORMATS.map((f) => ({ value: f, label: f }))];

/**
 * A program in parts (docs/product.md, Parts) as rows of label, dates on the part's own clock, zone,
 * format, location and venue; empty fields are the training's own. The server keeps the parts in
 * start order and derives the training's dates.
 */
export function PartsEditor() {
  return (
    <RowsEditor
      name="parts"
      legend={LABELS.parts}
      hint={
        <>
          For a program taught in parts weeks apart (Part 1, Part 2). With parts, the training runs from the first
          part&apos;s start to the last part&apos;s end: the Start and End Date above are set from them.
        </>
      }
      emptyRow={{ ...EMPTY_PART_ROW }}
      addLabel="Add part"
      rowLabel={(n) => `Part ${n}`}
      removeLabel={(n) => `Remove part ${n}`}
      firstField="label"
      max={MAX_PARTS}
      gridClassName="grid gap-3 md:grid-cols-2"
    >
      {(index, field) => (
        <>
          <FormField name={field('label')} label="Label" placeholder={`Part ${index + 1}`} className="md:col-span-2" />
          <FormField
            name={field('startDate')}
            label="Part start"
            required
            type="datetime-local"
            hint="On the part's own clock"
          />
          <FormField name={field('endDate')} label="Part end" required type="datetime-local" />
          <FormField name={field('timeZone')} label="Part time zone" as="select" options={ZONE_OPTIONS} />
          <FormField name={field('format')} label="Part format" as="select" options={FORMAT_OPTIONS} />
          <FormField name={field('location')} label="Part location" placeholder="The training's location" />
          <FormField name={field('venue')} label="Part venue" />
        </>
      )}
    </RowsEditor>
  );
}
