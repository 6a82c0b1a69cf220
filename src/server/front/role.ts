import type { SiteHeaders } from '../staticSite';
import type { HealthAnswer } from '../healthReply';
import { envValue } from '../../env';

/**
 * How a forked process knows it is the static front, and what it serves: the app puts the front's
 * configuration in this variable when it forks its own entry (staticFront.ts). An entry checks it
 * first, before it imports the app: the front loads only what serving files needs.
 */
export const FRONT_CONFIG_ENV = 'EMDR_STATIC_FRONT_CONFIG';

export interface FrontConfig {
  /** The link to the live build (DATA_DIR/site/current). */
  currentLink: string;
  /** The build the app booted with: the admin pages' hashed assets are its files. */
  serverBuildDir: string;
  /** Where the publisher keeps compressed copies of the published files. */
  copiesDir?: string;
  /** The app's settings, resolved: the front reads none itself (it would load the settings' schemas). */
  headers: SiteHeaders;
  /** TRUST_PROXY: which proxies' X-Forwarded-For names the client whose hand-offs are counted. */
  trustProxy: string;
}

export function frontConfig(): FrontConfig | null {
  const value = envValue(FRONT_CONFIG_ENV);
  return value ? (JSON.parse(value) as FrontConfig) : null;
}

/** What the app tells the front. */
export type ToFront =
  | { kind: 'listen' }
  | { kind: 'hashes'; added: [string, string][]; forgotten: string[] }
  | { kind: 'swapped' }
  | { kind: 'close' }
  | { kind: 'health'; id: number; answer: HealthAnswer };

/** What the front tells the app. */
export type ToApp =
  { kind: 'ready' } | { kind: 'connection'; head: string } | { kind: 'health'; id: number; pathname: string };
