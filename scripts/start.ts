/**
 * `npm start`: src/app/startApp.ts with no options, compiled to plain JavaScript first
 * (scripts/compileServer.mjs). The app is imported only once production mode is set: the packages
 * it loads (React) read NODE_ENV as they are evaluated. Forked as the static front
 * (src/server/front/role.ts), the same entry loads the front alone.
 */
import './productionMode';
import { frontConfig } from '../src/server/front/role';

const front = frontConfig();
if (front) {
  const { runStaticFront } = await import('../src/server/front/frontServer');
  runStaticFront(front);
} else {
  const { startApp } = await import('../src/app/startApp');
  await startApp();
}
