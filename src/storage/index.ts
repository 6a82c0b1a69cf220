import { serverEnv, storageEnv } from '../settings';
import { DatabaseImageStore } from './database';
import { LocalImageStore } from './local';
import { S3ImageStore } from './s3';
import type { ImageStore } from './types';

/** The configured store (README.md): S3 when S3_BUCKET is set, else PostgreSQL when DATABASE_URL is, else DATA_DIR/uploads. */
let cached: { config: string; store: ImageStore } | undefined;

export function imageStore(): ImageStore {
  const env = storageEnv();
  const config = JSON.stringify(env);
  if (cached?.config !== config) {
    const { dataDir } = serverEnv();
    const store = env.s3
      ? new S3ImageStore(env.s3)
      : env.inDatabase
        ? new DatabaseImageStore(env.uploadsDir, dataDir)
        : new LocalImageStore(env.uploadsDir, dataDir);
    cached = { config, store };
  }
  return cached.store;
}

/** The local driver when it is the configured one; with S3 the local upload endpoint does not exist. */
export function localImageStore(): LocalImageStore | null {
  const store = imageStore();
  return store instanceof LocalImageStore ? store : null;
}
