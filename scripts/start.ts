/**
 * `npm start`: src/app/startApp.ts with no options, compiled to plain JavaScript first
 * (scripts/compileServer.mjs). The app is imported only once production mode is set: the packages
 * it loads (React) read NODE_ENV as they are evaluated.
 */
import './productionMode';

const { startApp } = await import('../src/app/startApp');
await startApp();
