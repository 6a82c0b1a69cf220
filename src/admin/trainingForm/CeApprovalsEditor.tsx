import { CE_BODIES } from '../../domain/trainingFacts/programFacts';
import { CE_BODY_NAMES } from '../../domain/trainingFacts/ceApprovalText';
import { FACT_TEXT_MAX } from '../../domain/trainingFacts/programFields';
import { EMPTY_CE_APPROVAL_ROW } from '../../domain/trainingForm';
import { FormField } from '../../ui/FormField';
import { optionalNumber } from './trainingFormValues';
import { RowsEditor } from './RowsEditor';
import { TRAINING_FIELD_LABELS as LABELS } from '../../domain/trainingFieldLabels';

const BODY_OPTIONS = [
  { value: '', label: 'Choose the approving body' },
  ...CE_BODIES.map((b) => ({ value: b.code, label: CE_BODY_NAMES[b.code] })),
];

/** CE approvals as rows of body, board name, provider number, hours and the approval's own words. */
export function CeApprovalsEditor() {
  return (
    <RowsEditor
      name="ceApprovals"
      legend={LABELS.ceApprovals}
      hint="One row per body that approves the training's CE hours, with its approval text word for word."
      emptyRow={{ ...EMPTY_CE_APPROVAL_ROW }}
      addLabel="Add CE approval"
      rowLabel={(n) => `CE approval ${n}`}
      removeLabel={(n) => `Remove approval ${n}`}
      firstField="body"
      gridClassName="grid gap-3 md:grid-cols-2"
    >
      {(_, field) => (
        <>
          <FormField name={field('body')} label="Approving body" as="select" options={BODY_OPTIONS} />
          <FormField
            name={field('boardName')}
            label="Board name"
            hint="Needed for a state licensing board or another approver"
          />
          <FormField name={field('providerNumber')} label="Provider number" />
          <FormField
            name={field('hours')}
            label="CE hours"
            type="number"
            min={0.25}
            step={0.25}
            setValueAs={optionalNumber}
          />
          <FormField
            name={field('statement')}
            label="Approval text"
            hint={`The approving body's statement, verbatim (at most ${FACT_TEXT_MAX} characters)`}
            as="textarea"
            rows={3}
            className="md:col-span-2"
          />
        </>
      )}
    </RowsEditor>
  );
}
