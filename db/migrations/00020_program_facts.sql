-- What a clinician decides on besides dates and place (docs/product.md, Program facts). Every column
-- is optional or has a default, so rows and callers from before keep working unchanged. The two
-- structured facts are JSON documents: they are read and written whole, with the training.
alter table trainings
  add column program_type text check (program_type in ('basic', 'advanced', 'other')),
  add column ce_approvals jsonb not null default '[]'::jsonb,
  add column consultation jsonb,
  add column completion_window_months integer check (completion_window_months between 1 and 36),
  add column language text not null default 'en',
  add column eligibility text,
  add column accessibility text;
