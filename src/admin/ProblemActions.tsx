import { useState } from 'react';
import Button from '../ui/Button';
import { inputClass } from '../ui/Field';
import type { BrokenLinkProblem, ReportProblem } from '../domain/listingProblems';
import type { ReportOutcome } from '../domain/reports';
import { api } from './api';
import { apiErrorText } from './apiErrorText';
import { notify } from './notify';

/**
 * What the team does with a listing problem (docs/product.md, Trust): a report ends as fixed or
 * dismissed with a note; a broken link is checked again, or dismissed with a note. Buttons stay
 * disabled until the island runs (`ready`), so an early click never loses the note.
 */
interface Props {
  ready: boolean;
  onDone(): Promise<void>;
}

function NoteField(props: { id: string; label: string; value: string; onChange(value: string): void }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={props.id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <textarea
        id={props.id}
        rows={2}
        maxLength={1000}
        className={inputClass}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

export function ReportActions({ report, ready, onDone }: Props & { report: ReportProblem }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const end = async (outcome: ReportOutcome) => {
    setBusy(true);
    try {
      await api('PATCH', `/api/admin/reports/${report.id}`, { outcome, note });
      notify.success(outcome === 'fixed' ? 'Report marked fixed' : 'Report dismissed');
      await onDone();
    } catch (error) {
      notify.error(apiErrorText(error, 'Failed to update the listing problem'));
    } finally {
      setBusy(false);
    }
  };
  const disabled = !ready || busy || note.trim() === '';
  return (
    <div className="mt-3 flex flex-col gap-2">
      <NoteField
        id={`note-${report.id}`}
        label={
          report.awaitsOutcomeMail
            ? 'Note (recorded in the history and sent to the reporter)'
            : 'Note (recorded in the history)'
        }
        value={note}
        onChange={setNote}
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={disabled} onClick={() => void end('fixed')}>
          Mark fixed
        </Button>
        <Button size="sm" variant="secondary" disabled={disabled} onClick={() => void end('dismissed')}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}

export function BrokenLinkActions({ link, ready, onDone }: Props & { link: BrokenLinkProblem }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<string>) => {
    setBusy(true);
    try {
      notify.success(await run());
      await onDone();
    } catch (error) {
      notify.error(apiErrorText(error, 'Failed to update the listing problem'));
    } finally {
      setBusy(false);
    }
  };
  const recheck = () =>
    act(async () => {
      const answer = await api<{ ok: boolean; result: string }>('POST', `/api/admin/link-health/${link.id}/check`);
      return answer.ok ? 'The link works again: the flag is cleared' : `Still failing: ${answer.result}`;
    });
  const dismiss = () =>
    act(async () => {
      await api('POST', `/api/admin/link-health/${link.id}/dismiss`, { note });
      return 'Broken link dismissed';
    });
  return (
    <div className="mt-3 flex flex-col gap-2">
      <div>
        <Button size="sm" variant="outline" disabled={!ready || busy} onClick={() => void recheck()}>
          {busy ? 'Checking…' : 'Check again'}
        </Button>
      </div>
      <NoteField
        id={`note-${link.id}`}
        label="Why dismiss it? (recorded in the history)"
        value={note}
        onChange={setNote}
      />
      <div>
        <Button
          size="sm"
          variant="secondary"
          disabled={!ready || busy || note.trim() === ''}
          onClick={() => void dismiss()}
        >
          Dismiss
        </Button>
      </div>
    </div>
  );
}
