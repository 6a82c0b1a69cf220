/** Founding partner figures (docs/product.md): used by the partner page and the home page's pitch. */
export const TRAINER_SHARE_PERCENT = 75;
export const PLATFORM_FEE_PERCENT = 100 - TRAINER_SHARE_PERCENT;

/** The worked example: 15 students at $1,500. */
export const EXAMPLE_STUDENTS = 15;
export const EXAMPLE_PRICE_USD = 1500;
export const EXAMPLE_GROSS_USD = EXAMPLE_STUDENTS * EXAMPLE_PRICE_USD;
export const EXAMPLE_TRAINER_EARNS_USD = (EXAMPLE_GROSS_USD * TRAINER_SHARE_PERCENT) / 100;

export const MONTHLY_VISITORS = '20,000+';
export const SUBSCRIBERS = '7,500+';
export const NEW_PROFESSIONALS_MONTHLY = '600';
export const FOUNDING_TRAINER_TARGET = '10-15';
export const ONBOARDING_CALL_MINUTES = 15;
export const RESPONSE_BUSINESS_HOURS = 24;
