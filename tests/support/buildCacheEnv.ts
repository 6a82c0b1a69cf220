import { inject } from 'vitest';

// Workers start servers from the run's code cache (tests/support/buildCacheSetup.ts).
Object.assign(process.env, inject('buildCacheEnv'));
