import { PARTNER_PITCH } from '../domain/adminPaths';
/** The empty result (docs/product.md): a founding-partner pitch instead of a blank grid. */
export default function EmptyListing() {
  return (
    <div className="rounded-lg border-2 border-dashed border-brand-600 bg-brand-50 p-10 text-center">
      <h3 className="mb-2 text-2xl font-bold text-brand-900">Your Profile Could Be Here</h3>
      <p className="mx-auto mb-6 max-w-xl text-slate-700">
        No trainings match these filters yet. Are you an EMDR trainer or consultant? Join as a founding partner, list
        your trainings here and reach clinicians looking for exactly what you teach.
      </p>
      <a
        href={PARTNER_PITCH}
        className="inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Become a Founding Partner
      </a>
    </div>
  );
}
