import { PARTNER_PITCH } from '../domain/adminPaths';
import type { EmptyResultHelp } from '../domain/listing/emptyResultHelp';

/**
 * The empty result (docs/product.md, Empty result): first what the clinician can do (online trainings
 * open to them, nearby states with trainings, the alert sign-up below the list), then the SPEC's
 * founding-partner pitch, unchanged. Plain links: they work before and without any script. The lines
 * come with the answer (domain/listing/emptyResultHelp.ts): this island only draws them.
 */
export default function EmptyListing({ help }: { help?: EmptyResultHelp }) {
  return (
    <div className="space-y-6">
      {help && (
        <section aria-labelledby="empty-help" className="empty-help">
          <h3 id="empty-help">What you can do</h3>
          <ul>
            {help.map((line) => (
              <li key={line.label}>
                {`${line.label}: `}
                {line.links.map((link) => (
                  <a key={link.href} href={link.href}>
                    {link.text}
                  </a>
                ))}
              </li>
            ))}
          </ul>
        </section>
      )}
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
    </div>
  );
}
