-- Two-factor secrets at rest (docs/decisions/0019-secrets-at-rest.md). The key is never
-- in the database: it is SECRETS_KEY or DATA_DIR/secrets.key, so the rows below are rewritten by the
-- start-up (src/data/secretsAtRest.ts), not by this file.
-- admin_users.totp_secret now holds the secret sealed with AES-256-GCM ('gcm1:…'); a plain base32
-- secret from before is sealed at the next start.
-- admin_recovery_codes.code_hash is HMAC-SHA-256(key, code_salt | SHA-256 of the code); a row whose
-- code_salt is null holds the plain SHA-256 from before, and gets a salt and the HMAC at the next start.
alter table admin_recovery_codes add column code_salt bytea;
