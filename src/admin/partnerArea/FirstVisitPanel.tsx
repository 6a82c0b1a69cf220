import { useEffect, useRef, useState } from 'react';
import Button from '../../ui/Button';
import { useHydrated } from '../../ui/useHydrated';
import { api } from '../client/api';
import { apiErrorText } from '../client/apiErrorText';

/**
 * A partner's first visit (docs/product.md, Partners: "First visit"): what review means, how long it
 * usually takes (the sentence comes from real decisions), and what goes live at once (the review
 * split's narrowing changes, src/domain/review/reviewSplit.ts). Shown until the partner dismisses it;
 * remembered for them, on every device.
 */
export default function FirstVisitPanel(props: { reviewTime: string; trusted: boolean }) {
  const hydrated = useHydrated();
  const [hidden, setHidden] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const after = useRef<HTMLParagraphElement>(null);

  // The button is gone: the focus goes to what took its place, not to the page's start.
  useEffect(() => {
    if (hidden) after.current?.focus();
  }, [hidden]);

  async function dismiss() {
    setBusy(true);
    try {
      await api('PUT', '/api/admin/me/notices/partner-welcome', {});
      setHidden(true);
    } catch (failure) {
      setError(apiErrorText(failure, 'That did not work: try again'));
    } finally {
      setBusy(false);
    }
  }

  if (hidden)
    return (
      <p ref={after} tabIndex={-1} role="status" className="mb-4 text-sm text-slate-700">
        The introduction is hidden; it will not show again.
      </p>
    );
  return (
    <section
      aria-labelledby="first-visit-title"
      className="mb-6 rounded-lg border border-brand-200 bg-white p-5 shadow"
    >
      <h2 id="first-visit-title" className="text-lg font-semibold">
        How your listings go live
      </h2>
      {props.trusted ? (
        <p className="mt-2 text-slate-700">
          Your account is trusted: your changes go live as soon as you save them, without review.
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-700">
            <strong>Review:</strong> before a new training or a change goes on the public site, someone on our team
            checks it against the facts we publish (dates, price, CE credits, EMDRIA approval, the Register link). Until
            then the public page keeps showing what was approved last; a new training is not public at all. You get a
            mail when it is decided, with the reason if it is not approved.
          </p>
          <p className="mt-2 text-slate-700">
            <strong>How long it takes:</strong> {props.reviewTime}
          </p>
          <div className="mt-2 text-slate-700">
            <p>
              <strong>Live at once, without review</strong>, is what only narrows the offer:
            </p>
            <ul className="mt-1 list-disc pl-6">
              <li>marking a training sold out, waitlist only, postponed or cancelled;</li>
              <li>fewer seats left than before;</li>
              <li>a waitlist link on the same site as the Register link, or removing it;</li>
              <li>unpublishing a training.</li>
            </ul>
            <p className="mt-1">
              Everything else, re-opening a sold-out training or more seats included, waits for review.
            </p>
          </div>
        </>
      )}
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-4">
        <Button variant="secondary" size="sm" disabled={!hydrated || busy} onClick={() => void dismiss()}>
          Got it, hide this
        </Button>
      </div>
    </section>
  );
}
