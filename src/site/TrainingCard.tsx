import type { TrainingCardData } from '../domain/listing/trainingCard';
import { UNKNOWN_TRAINER, formatDateRange, formatPrice } from '../domain/display';
import TrainerAvatar from './TrainerAvatar';
import { trainingPath } from '../domain/trainingPath';
import { programTypeLabel } from '../domain/trainingFacts/programFacts';

/** One training in the home grid (docs/product.md); the whole card links to its page. */
export default function TrainingCard({ training }: { training: TrainingCardData }) {
  const trainerName = training.trainer?.name ?? UNKNOWN_TRAINER;
  const total = training.totalCost;
  const more = training.moreParts;
  return (
    <article
      className="relative flex w-full flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600"
      data-testid="training-card"
    >
      <div className="mb-3 flex flex-wrap gap-2 text-xs font-semibold">
        <span className="rounded-full bg-amber-100 px-2 py-1 text-amber-900">Example Listing</span>
        <span className="rounded-full bg-brand-100 px-2 py-1 text-brand-900">EMDRIA Certified Provider</span>
        {training.programType && (
          <span className="rounded-full bg-slate-100 px-2 py-1 text-slate-800">
            {programTypeLabel(training.programType)}
          </span>
        )}
        {training.fullCostDisclosed && (
          <span className="rounded-full bg-green-100 px-2 py-1 text-green-900">Full cost disclosed</span>
        )}
        {training.availabilityBadge && (
          <span className="rounded-full bg-rose-100 px-2 py-1 text-rose-900">{training.availabilityBadge}</span>
        )}
        {training.eligibilityBadges.map((badge) => (
          <span key={badge} className="rounded-full bg-violet-100 px-2 py-1 text-violet-900">
            {badge}
          </span>
        ))}
        {training.eligibilityNotStated && (
          <span className="rounded-full bg-slate-100 px-2 py-1 text-slate-800">Eligibility not stated</span>
        )}
      </div>
      <div className="mb-3 flex items-center gap-3">
        <TrainerAvatar name={trainerName} photo={training.trainer?.photo ?? null} />
        <span className="text-sm text-slate-700">{trainerName}</span>
      </div>
      <h3 className="mb-2 text-lg font-semibold text-slate-900">
        {/* The stretched link makes the whole card clickable while keeping one link per card. */}
        <a
          className="after:absolute after:inset-0 hover:text-brand-700 focus:outline-none"
          href={trainingPath(training.id)}
        >
          {training.title}
        </a>
      </h3>
      <p className="mb-2 text-xl font-bold text-brand-800">{formatPrice(training.price)}</p>
      {total && (
        <p className="mb-2 text-sm text-slate-700">
          Total {formatPrice(total.min)}
          {total.max > total.min && `–${formatPrice(total.max)}`} with consultation
        </p>
      )}
      <dl className="mt-auto space-y-1 text-sm text-slate-700">
        <div>
          <dt className="sr-only">Dates</dt>
          <dd>
            {formatDateRange(training.startDate, training.endDate, training.timeZone)}
            {more > 0 && ` +${more} more part${more > 1 ? 's' : ''}`}
          </dd>
        </div>
        <div>
          <dt className="sr-only">Location</dt>
          <dd>
            {training.location}
            {training.distanceMiles != null && ` · ${Math.round(training.distanceMiles)} mi`}
          </dd>
        </div>
        <div>
          <dt className="sr-only">Format</dt>
          <dd>
            <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
              {training.format}
            </span>
          </dd>
        </div>
        {training.licenses.length > 0 && (
          <div>
            <dt className="sr-only">Who can attend</dt>
            <dd>For {training.licenses.join(' · ')}</dd>
          </div>
        )}
        {training.ceBodies.length > 0 && (
          <div>
            <dt className="sr-only">CE approved by</dt>
            <dd>CE: {training.ceBodies.join(' · ')}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}
