-- Security entries about emails no member has (detail reason 'unknown-email': failed and held-back
-- sign-ins) are deleted 90 days after they were written (docs/product.md, "Security log").
-- The daily prune finds them by this index instead of reading the whole history.
create index change_history_unknown_email_idx on change_history (changed_at)
  where entity_type = 'security' and detail->>'reason' = 'unknown-email';
