/**
 * The member area's one way back (docs/product.md, Admin: "One way to go back"): a link above a page's
 * heading, "← Back to …", naming where it leads. Rendered by islands and .astro pages alike.
 */
export default function BackLink(props: { href: string; label: string; className?: string }) {
  return (
    <a
      href={props.href}
      className={`inline-block text-brand-800 underline underline-offset-4 ${props.className ?? ''}`}
    >
      <span aria-hidden="true">← </span>
      {props.label}
    </a>
  );
}
