/** Refund policy (docs/product.md): the tiers and rules shown on /refund-policy. */
export const ADMIN_FEE_USD = 50;

export const REFUND_TIERS = [
  {
    when: 'More than 30 days before the training starts',
    outcome: `Full refund minus a $${ADMIN_FEE_USD} administrative fee`,
  },
  { when: '15 to 30 days before the training starts', outcome: '50% refund or full credit toward a future training' },
  { when: '48 hours to 14 days before the training starts', outcome: 'Credit only toward a future training' },
  { when: 'Within 48 hours of the training start', outcome: 'No refunds' },
] as const;

export const CREDIT_VALID_MONTHS = 12;
export const REFUND_PROCESSING_DAYS = '10-15 business days';
export const CREDIT_PROCESSING_DAYS = '5 business days';
