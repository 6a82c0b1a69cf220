/**
 * The public words of Trust (docs/product.md, Trust), one place for the pages, the components and the
 * tests: the disclosure line by every Register button (FTC, 16 CFR 255: a material connection between
 * the site and what it lists is disclosed) and where it leads.
 */
export const HOW_IT_WORKS_PATH = '/how-it-works';
export const HOW_IT_WORKS_TITLE = 'How this directory works';
export const VERIFIED_ANCHOR = 'verified';
/**
 * Where a clinician registers and pays, in the same words on every page that says it (the partner
 * FAQ, How this directory works, the terms, the privacy policy; docs/product.md, Trust): each
 * training's Register link is the trainer's own course on Thinkific, and the site never takes payment.
 */
export const COURSE_PLATFORM = "the trainer's course platform (Thinkific)";
export const WHERE_STUDENTS_PAY = `Registration and payment happen on ${COURSE_PLATFORM}, not on this site.`;
export const DISCLOSURE_LINE = 'This site receives a share of registrations made through it.';
export const REPORT_HEADING = 'Report a problem with this listing';
/** Where the training pages' report form posts (src/pages/api/reports.ts). */
export const REPORTS_PATH = '/api/reports';
/** The page a sent report leads to, and the one that shows a refused report's form again. */
export const REPORT_RECEIVED_PATH = '/listings/report-received';
export const REPORT_FORM_PATH = '/listings/report';
