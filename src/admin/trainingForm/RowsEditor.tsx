import type { ReactNode } from 'react';
import { useFieldArray, useFormContext, type FieldArray } from 'react-hook-form';
import type { TrainingFormValues } from '../../domain/trainingForm';
import { fieldId } from '../../ui/FormField';
import Button from '../../ui/Button';

/** The training form's lists edited as rows: CE approvals, parts and schedule days. */
type RowsName = 'ceApprovals' | 'parts' | 'schedule';

interface Props<Name extends RowsName> {
  name: Name;
  legend: string;
  hint: ReactNode;
  /** What a new row holds. */
  emptyRow: FieldArray<TrainingFormValues, Name>;
  addLabel: string;
  /** The group label of row n (1-based), as a screen reader announces it and tests find it. */
  rowLabel: (n: number) => string;
  /** The name of row n's Remove button, when "Remove" inside the row's group is not enough. */
  removeLabel?: (n: number) => string;
  /** The field of a row that takes the focus when the row is added, or takes a removed row's place. */
  firstField: string;
  /** At most this many rows; Add is disabled at the limit. */
  max?: number;
  /** Move up / Move down buttons, for lists whose order is what the page shows. */
  reorder?: boolean;
  /** The grid of a row's fields. */
  gridClassName: string;
  /** The fields of the row at `index`, named `${name}.${index}.{field}`. */
  children: (index: number, field: (key: string) => string) => ReactNode;
}

/** Moves focus to a control once the rows have rendered, so keyboard users keep their place. */
function focusLater(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/**
 * A list of the training form as rows in a fieldset, added, removed and (optionally) reordered with
 * buttons, so the keyboard can do all of it. Adding focuses the new row's first field; removing
 * focuses the first field of the row that takes its place (or the one before it, or Add); a moved
 * row keeps the focus on the button that moved it. The list's own error shows under the rows.
 */
export function RowsEditor<Name extends RowsName>(props: Props<Name>) {
  const {
    name,
    legend,
    hint,
    emptyRow,
    addLabel,
    rowLabel,
    removeLabel,
    firstField,
    max,
    reorder,
    gridClassName,
    children,
  } = props;
  const { control, formState } = useFormContext<TrainingFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name });
  const rootError = formState.errors[name]?.message ?? formState.errors[name]?.root?.message;
  const addId = `${name}-add`;
  const rowField = (index: number) => (key: string) => `${name}.${index}.${key}`;

  const removeRow = (index: number) => {
    remove(index);
    const left = fields.length - 1;
    focusLater(left === 0 ? addId : fieldId(rowField(Math.min(index, left - 1))(firstField)));
  };
  const moveRow = (index: number, to: number, button: 'up' | 'down') => {
    move(index, to);
    focusLater(`${name}-${to}-${button}`);
  };

  return (
    <fieldset className="flex flex-col gap-3 md:col-span-2" aria-describedby={`${name}-hint`}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p id={`${name}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => (
          <li key={field.id} className="rounded-md border border-slate-300 p-3">
            <div role="group" aria-label={rowLabel(index + 1)}>
              <div className={gridClassName}>{children(index, rowField(index))}</div>
              <div className="mt-2 flex flex-wrap justify-end gap-2">
                {reorder && (
                  <>
                    <Button
                      variant="secondary"
                      size="sm"
                      id={`${name}-${index}-up`}
                      disabled={index === 0}
                      onClick={() => moveRow(index, index - 1, 'up')}
                    >
                      <span aria-hidden="true">↑</span> Move up
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      id={`${name}-${index}-down`}
                      disabled={index === fields.length - 1}
                      onClick={() => moveRow(index, index + 1, 'down')}
                    >
                      <span aria-hidden="true">↓</span> Move down
                    </Button>
                  </>
                )}
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={removeLabel?.(index + 1)}
                  onClick={() => removeRow(index)}
                >
                  Remove
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ol>
      {rootError && (
        <p role="alert" className="text-sm text-red-700">
          {rootError}
        </p>
      )}
      <div>
        <Button
          variant="outline"
          id={addId}
          disabled={max !== undefined && fields.length >= max}
          onClick={() => {
            append(emptyRow, { shouldFocus: false });
            focusLater(fieldId(rowField(fields.length)(firstField)));
          }}
        >
          {addLabel}
        </Button>
      </div>
    </fieldset>
  );
}
