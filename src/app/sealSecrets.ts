import { secretsEnv, type serverEnv } from '../settings';
import { sealStoredSecrets } from '../data/secrets/secretsAtRest';

/**
 * At start, after the migrations: two-factor secrets are sealed with a key from outside the database
 * (src/data/secrets/secretsKey.ts; a key that is not the database's stops the start with SecretsKeyError),
 * and what an earlier version stored plainly is sealed now. A fleet needs one shared key: say so.
 */
export async function sealSecrets(env: ReturnType<typeof serverEnv>, log: (message: string) => void): Promise<void> {
  const sealed = await sealStoredSecrets();
  if (sealed.totpSecrets + sealed.recoveryCodes > 0) {
    log(`Two-factor secrets sealed: ${sealed.totpSecrets} TOTP secrets, ${sealed.recoveryCodes} recovery codes.`);
  }
  if (env.databaseUrl && !secretsEnv().key) {
    log(
      `SECRETS_KEY is not set: two-factor secrets are sealed with ${env.dataDir}/secrets.key. Instances with another DATA_DIR need the same key: set one SECRETS_KEY on every instance (README.md, Secrets at rest).`,
    );
  }
}
