import { TEAM_TRAINERS, TEAM_TRAININGS } from '../../domain/adminPaths';
import { useState } from 'react';
import type { ListingProblem, ReportView } from '../../domain/trust/listingProblems';
import { useHydrated } from '../../ui/useHydrated';
import { api } from '../client/api';
import { AdminToaster } from '../client/notify';
import { formatChangedAt } from '../history/changeText';
import { BrokenLinkActions, ReportActions } from './ProblemActions';

/**
 * The "Listing problems" page (docs/product.md, Trust): every broken link and open report, oldest
 * first, with what the team can do about each; then the reports ended last. A report's words are
 * shown as text, never as links: a visitor wrote them.
 */
const editHref = (p: { trainingId: string | null; trainerId?: string | null }) =>
  p.trainingId ? `${TEAM_TRAININGS}/${p.trainingId}` : `${TEAM_TRAINERS}/${p.trainerId}`;

function Problem({ problem, ready, reload }: { problem: ListingProblem; ready: boolean; reload(): Promise<void> }) {
  const heading = problem.kind === 'report' ? `Report: ${problem.reasonLabel}` : problem.text;
  const listing = problem.kind === 'report' ? problem.title : problem.listing;
  return (
    <li className="rounded-lg bg-white p-5 shadow" aria-labelledby={`problem-${problem.id}`}>
      <h2 id={`problem-${problem.id}`} className="text-lg font-semibold text-red-800">
        {heading}
      </h2>
      <p>
        <a className="text-brand-800 underline" href={editHref(problem)}>
          {listing}
        </a>
      </p>
      {problem.kind === 'report' ? (
        <>
          <p className="text-sm text-slate-700">Received {formatChangedAt(problem.createdAt)}</p>
          {problem.details && (
            <p
              className="mt-2 whitespace-pre-line break-words rounded bg-slate-50 p-3 text-slate-900"
              data-testid="report-details"
            >
              {problem.details}
            </p>
          )}
          {problem.awaitsOutcomeMail && (
            <p className="mt-2 text-sm text-slate-700">The reporter asked to hear how it ends (one mail).</p>
          )}
          <ReportActions report={problem} ready={ready} onDone={reload} />
        </>
      ) : (
        <>
          <p className="mt-1 break-all text-sm text-slate-800">
            Address: <code>{problem.url}</code>
          </p>
          <p className="text-sm text-slate-700">
            Last check: {problem.lastResult ?? 'none'}
            {problem.lastCheckedAt && ` (${formatChangedAt(problem.lastCheckedAt)})`}
          </p>
          <BrokenLinkActions link={problem} ready={ready} onDone={reload} />
        </>
      )}
    </li>
  );
}

function EndedReports({ ended }: { ended: ReportView[] }) {
  if (ended.length === 0) return null;
  return (
    <section aria-labelledby="ended-heading" className="rounded-lg bg-white p-5 shadow">
      <h2 id="ended-heading" className="mb-2 text-lg font-semibold">
        Reports ended lately
      </h2>
      <ul className="flex flex-col gap-2 text-sm">
        {ended.map((report) => (
          <li key={report.id}>
            {formatChangedAt(report.closedAt!)} · {report.title} · {report.reasonLabel} ·{' '}
            <strong>{report.status === 'fixed' ? 'Fixed' : 'Dismissed'}</strong> by {report.closedBy}: {report.note}
            {report.outcomeMail === 'held'
              ? ' (reporter not mailed: their address had an outcome mail today)'
              : report.outcomeMail === 'queued'
                ? ' (reporter mail waiting to be sent)'
                : report.outcomeMail && ` (reporter mailed: ${report.outcomeMail})`}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function ListingProblems(props: { problems: ListingProblem[]; ended: ReportView[] }) {
  const [problems, setProblems] = useState(props.problems);
  const [ended, setEnded] = useState(props.ended);
  const ready = useHydrated();
  const reload = async () => {
    const fresh = await api<{ problems: ListingProblem[]; ended: ReportView[] }>('GET', '/api/admin/listing-problems');
    setProblems(fresh.problems);
    setEnded(fresh.ended);
  };
  return (
    <div className="flex flex-col gap-6">
      <AdminToaster />
      <div>
        <h1 className="text-2xl font-bold">Listing problems</h1>
        <p className="text-slate-700">
          Links that failed 3 days in a row, and what visitors reported. The public pages stay as they are until you
          act.
        </p>
      </div>
      {problems.length === 0 ? (
        <p role="status">No open problems.</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Open problems">
          {problems.map((problem) => (
            <Problem key={`${problem.kind}-${problem.id}`} problem={problem} ready={ready} reload={reload} />
          ))}
        </ul>
      )}
      <EndedReports ended={ended} />
    </div>
  );
}
