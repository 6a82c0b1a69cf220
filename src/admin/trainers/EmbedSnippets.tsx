import { useState } from 'react';
import { trainerPagePath } from '../../domain/trainers/trainerSlug';

/**
 * The two lines a trainer pastes into their own website to show their upcoming trainings
 * (docs/product.md, Widget), and the iframe alternative, each with a Copy button. Shown for a saved
 * trainer only: the snippet names the stored slug, not one being typed.
 */
export function widgetSnippet(site: string, slug: string): string {
  const origin = new URL(site).origin;
  return `<script src="${origin}/embed/v1.js" async></script>\n<emdr-trainings trainer="${slug}" limit="5"></emdr-trainings>`;
}

export function iframeSnippet(site: string, slug: string, name: string): string {
  const origin = new URL(site).origin;
  const title = `Upcoming EMDR trainings by ${name}`.replace(/"/g, '&quot;');
  return `<iframe src="${origin}/embed/trainers/${slug}" title="${title}" width="100%" height="600" style="border:0"></iframe>`;
}

function Snippet({ id, label, text }: { id: string; label: string; text: string }) {
  const [status, setStatus] = useState('');
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setStatus('Copied.'),
      () => setStatus('Could not copy: select the text and copy it.'),
    );
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea id={id} readOnly rows={text.split('\n').length + 1} value={text} className="font-mono text-xs" />
      <p className="flex items-center gap-2">
        <button
          type="button"
          onClick={() => void copy()}
          className="rounded-md border border-slate-300 bg-white px-3 py-1 text-sm font-medium hover:bg-slate-100"
        >
          Copy {label.toLowerCase()}
        </button>
        <span role="status" className="text-sm text-slate-700">
          {status}
        </span>
      </p>
    </div>
  );
}

export default function EmbedSnippets({ site, slug, name }: { site: string; slug: string; name: string }) {
  const page = new URL(trainerPagePath(slug), site).href;
  return (
    <section
      aria-labelledby="embed-heading"
      className="mt-8 flex flex-col gap-4 rounded-lg border border-slate-200 p-4"
    >
      <h2 id="embed-heading" className="text-lg font-semibold">
        On the trainer&apos;s own website
      </h2>
      <p className="text-sm text-slate-700">
        Public page:{' '}
        <a href={page} className="text-brand-700 underline">
          {page}
        </a>
      </p>
      <Snippet id="widget-snippet" label="Widget snippet" text={widgetSnippet(site, slug)} />
      <Snippet id="iframe-snippet" label="Iframe snippet" text={iframeSnippet(site, slug, name)} />
    </section>
  );
}
