/**
 * What the public training page would say that a trainer may not mean (docs/product.md, Training
 * form): shown on the form before saving, in the page's own words.
 */
export function publicPageWarnings(t: {
  ceCredits?: unknown;
  isEMDRIACertified?: unknown;
  ceApprovals?: readonly unknown[] | null;
}): string[] {
  const warnings: string[] = [];
  const approvals = t.ceApprovals?.length ?? 0;
  const credits = Number(t.ceCredits ?? 0);
  if (approvals === 0 && (!Number.isFinite(credits) || credits === 0))
    warnings.push('The public page will say “0 CE Credits”. Add the CE credits or a CE approval if it has them.');
  if (t.isEMDRIACertified !== true)
    warnings.push('The public page will not say “EMDRIA Certified”. Switch it on if EMDRIA approved this training.');
  return warnings;
}
