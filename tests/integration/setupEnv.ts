import { inject } from 'vitest';

// Workers use the run's database and server (see globalSetup.ts).
Object.assign(process.env, inject('testEnv'));
