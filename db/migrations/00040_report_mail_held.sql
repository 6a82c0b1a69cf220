-- An outcome mail is sent to one reporter address at most once a day (docs/product.md, Trust): a
-- report whose address already had one today records `held` and its address is deleted unmailed.
alter table listing_reports drop constraint listing_reports_outcome_mail_check;
alter table listing_reports add constraint listing_reports_outcome_mail_check
  check (outcome_mail in ('sent', 'failed', 'held'));
