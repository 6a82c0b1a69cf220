-- Who may take a training (docs/product.md, Program facts, Who can attend). Every column is
-- optional or has a default, so rows and callers from before keep working unchanged and state
-- nothing: no row's free-text `eligibility` is read into these columns (nothing is guessed). The
-- license list and the students' terms are JSON documents read and written whole with the training.
alter table trainings
  add column eligible_licenses jsonb not null default '[]'::jsonb,
  add column other_license text,
  add column pre_licensed boolean,
  add column students jsonb,
  add column prerequisite text check (prerequisite in ('none', 'emdr_basic', 'emdria_certified', 'other')),
  add column prerequisite_text text,
  add column restricted_to text;
