import { useState, type SubmitEvent } from 'react';
import Button from '../../ui/Button';
import { inputClass } from '../../ui/Field';
import type { BrokenLinkProblem, ReportProblem } from '../../domain/trust/listingProblems';
import type { ReportOutcome } from '../../domain/trust/reports';
import { api } from '../client/api';
import { apiErrorText } from '../client/apiErrorText';
import { notify } from '../client/notify';

/**
 * What the team does with a listing problem (docs/product.md, Trust): a report ends as fixed or
 * dismissed with a note; a broken link is checked again, or dismissed with a note. Buttons stay
 * disabled until the island runs (`ready`); a note typed before that is kept (the box is the browser's).
 */
interface Props {
  ready: boolean;
  onDone(): Promise<void>;
}

/**
 * A note box the browser owns (uncontrolled): what a person typed before the island took over is
 * still there when they press the button, and is read from the form then.
 */
function NoteField(props: { id: string; label: string }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={props.id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <textarea id={props.id} name="note" rows={2} maxLength={1000} required className={inputClass} />
    </div>
  );
}

const noteOf = (form: HTMLFormElement) => {
  const note = new FormData(form).get('note');
  return typeof note === 'string' ? note : '';
};

export function ReportActions({ report, ready, onDone }: Props & { report: ReportProblem }) {
  const [busy, setBusy] = useState(false);
  const end = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const outcome = (event.nativeEvent.submitter as HTMLButtonElement | null)?.value as ReportOutcome;
    setBusy(true);
    try {
      await api('PATCH', `/api/admin/reports/${report.id}`, { outcome, note: noteOf(event.currentTarget) });
      notify.success(outcome === 'fixed' ? 'Report marked fixed' : 'Report dismissed');
      await onDone();
    } catch (error) {
      notify.error(apiErrorText(error, 'Failed to end the report'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mt-3 flex flex-col gap-2" onSubmit={(event) => void end(event)}>
      <NoteField
        id={`note-${report.id}`}
        label={
          report.awaitsOutcomeMail
            ? 'Note (recorded in the history and sent to the reporter)'
            : 'Note (recorded in the history)'
        }
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" name="outcome" value="fixed" disabled={!ready || busy}>
          Mark fixed
        </Button>
        <Button type="submit" size="sm" variant="secondary" name="outcome" value="dismissed" disabled={!ready || busy}>
          Dismiss
        </Button>
      </div>
    </form>
  );
}

export function BrokenLinkActions({ link, ready, onDone }: Props & { link: BrokenLinkProblem }) {
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<string>) => {
    setBusy(true);
    try {
      notify.success(await run());
      await onDone();
    } catch (error) {
      notify.error(apiErrorText(error, 'Failed to update the broken link'));
    } finally {
      setBusy(false);
    }
  };
  const recheck = () =>
    act(async () => {
      const answer = await api<{ ok: boolean; result: string }>('POST', `/api/admin/link-health/${link.id}/check`);
      return answer.ok ? 'The link works again: the flag is cleared' : `Still failing: ${answer.result}`;
    });
  const dismiss = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const note = noteOf(event.currentTarget);
    void act(async () => {
      await api('POST', `/api/admin/link-health/${link.id}/dismiss`, { note });
      return 'Broken link dismissed';
    });
  };
  return (
    <div className="mt-3 flex flex-col gap-2">
      <div>
        <Button size="sm" variant="outline" disabled={!ready || busy} onClick={() => void recheck()}>
          {busy ? 'Checking…' : 'Check again'}
        </Button>
      </div>
      <form className="flex flex-col gap-2" onSubmit={dismiss}>
        <NoteField id={`note-${link.id}`} label="Why dismiss it? (recorded in the history)" />
        <div>
          <Button type="submit" size="sm" variant="secondary" disabled={!ready || busy}>
            Dismiss
          </Button>
        </div>
      </form>
    </div>
  );
}
