/** The site's default document title and description (docs/product.md). */
export const DEFAULT_TITLE = 'EMDR Training - Find EMDR Training Courses & Certification Programs';
export const DEFAULT_DESCRIPTION =
  'Find EMDRIA-certified EMDR trainings with continuing-education credits. Filter by state, format and date, and register with trusted EMDR trainers.';
