import { useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../client/api';
import { KEPT_LABEL, OUTCOME_LABELS, type ImportItem, type ImportOutcome } from '../../domain/imports/importOutcomes';

/**
 * The Import page (docs/product.md, Import): the template to download, a CSV file to upload, the
 * preview (what each row would do) and Apply. The same island in the team's and a partner's area;
 * the API scopes what each may import.
 */
interface Preview {
  id: string;
  source: string;
  counts: Record<ImportOutcome, number>;
  items: ImportItem[];
}

interface Applied {
  created: number;
  changed: number;
  refused: number;
}

const SHOWN: ImportOutcome[] = ['new', 'changed', 'unchanged', 'duplicate', 'invalid'];

const valueText = (value: unknown) =>
  value === null || value === undefined
    ? '(empty)'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : `${value as string | number | boolean}`;

function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.message.replace(/^\d+: /, '');
    try {
      return (JSON.parse(body) as { error?: string }).error ?? body;
    } catch {
      return body;
    }
  }
  return 'The file could not be sent';
}

export default function ImportPanel({ listHref }: { listHref: string }) {
  const [ready, setReady] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [applied, setApplied] = useState<Applied | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => setReady(true), []);
  useEffect(() => resultRef.current?.focus(), [preview, applied]);

  async function upload(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return setError('Choose a CSV file first');
    setBusy(true);
    setError(null);
    setApplied(null);
    try {
      const response = await fetch(`/api/admin/imports?name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'text/csv' },
        body: file,
      });
      const body = (await response.json()) as Preview & { error?: string };
      if (!response.ok) setError(body.error ?? 'The file could not be read');
      else setPreview(body);
    } catch {
      setError('The file could not be sent');
    } finally {
      setBusy(false);
    }
  }

  async function apply() {
    if (!preview) return;
    setBusy(true);
    setError(null);
    try {
      setApplied(await api<Applied>('POST', `/api/admin/imports/${preview.id}/apply`, {}));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-6">
      <section className="rounded-lg bg-white p-6 shadow" aria-labelledby="import-file">
        <h2 id="import-file" className="text-lg font-semibold">
          Import from a CSV file
        </h2>
        <p className="mt-1 text-slate-700">
          Start from the template: one row per training, parts and CE approvals as numbered columns. At most 2 MB and
          500 rows. Nothing is saved until you apply the preview.
        </p>
        <a className="mt-2 inline-block text-brand-800 underline" href="/api/admin/imports/template.csv" download>
          Download the template (CSV)
        </a>
        <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={(e) => void upload(e)}>
          <div>
            <label htmlFor="import-csv" className="block font-medium">
              CSV file
            </label>
            <input
              id="import-csv"
              type="file"
              accept=".csv,text/csv"
              disabled={!ready}
              className="mt-1 block"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
          <button
            type="submit"
            disabled={!ready || busy}
            className="rounded bg-brand-800 px-4 py-2 font-medium text-white disabled:opacity-60"
          >
            Preview
          </button>
        </form>
        {error && (
          <p role="alert" className="mt-3 text-red-800">
            {error}
          </p>
        )}
      </section>

      {preview && !applied && (
        <section className="rounded-lg bg-white p-6 shadow" aria-labelledby="import-preview">
          <h2 id="import-preview" ref={resultRef} tabIndex={-1} className="text-lg font-semibold">
            Preview of {preview.source}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1" aria-label="Counts">
            {SHOWN.map((o) => (
              <li key={o}>
                {OUTCOME_LABELS[o]}: <strong>{preview.counts[o]}</strong>
              </li>
            ))}
          </ul>
          <ol className="mt-4 divide-y divide-slate-200">
            {preview.items.map((item, i) => (
              <li key={`${item.row}-${i}`} className="py-2">
                <p>
                  <span className="font-medium">Row {item.row}</span>: {item.title || '(no title)'} —{' '}
                  <span>{OUTCOME_LABELS[item.outcome]}</span>
                  {item.duplicateOf && (
                    <>
                      {' '}
                      of{' '}
                      <a className="text-brand-800 underline" href={item.duplicateOf.href}>
                        {item.duplicateOf.title}
                      </a>
                    </>
                  )}
                </p>
                {item.errors?.map((e) => (
                  <p key={`${e.field}-${e.message}`} className="text-red-800">
                    {e.column}: {e.message}
                  </p>
                ))}
                {item.changes?.map((c) => (
                  <p key={c.field} className="text-slate-700">
                    {c.label}: {valueText(c.before)} → {valueText(c.after)}
                  </p>
                ))}
                {item.kept?.map((c) => (
                  <p key={c.field} className="text-slate-700">
                    {c.label}: {KEPT_LABEL} ({valueText(c.before)})
                  </p>
                ))}
              </li>
            ))}
          </ol>
          <button
            type="button"
            onClick={() => void apply()}
            disabled={busy || preview.counts.new + preview.counts.changed === 0}
            className="mt-4 rounded bg-brand-800 px-4 py-2 font-medium text-white disabled:opacity-60"
          >
            Apply: {preview.counts.new} new, {preview.counts.changed} changed
          </button>
        </section>
      )}

      {applied && (
        <section className="rounded-lg bg-white p-6 shadow" aria-labelledby="import-applied">
          <h2 id="import-applied" ref={resultRef} tabIndex={-1} className="text-lg font-semibold">
            Import applied
          </h2>
          <p className="mt-1">
            {applied.created} created, {applied.changed} changed{applied.refused ? `, ${applied.refused} refused` : ''}.
            New trainings wait as drafts or for review; none is live yet.
          </p>
          <a className="mt-2 inline-block text-brand-800 underline" href={listHref}>
            Go to your trainings
          </a>
        </section>
      )}
    </div>
  );
}
