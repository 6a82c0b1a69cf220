/**
 * Where a member lands after signing in (docs/product.md, Partners; The team): the one rule the login
 * answers, the form sign-in's redirect and the page guards read.
 */
export const PARTNER_HOME = '/account/trainings';
