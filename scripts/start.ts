/** `npm start`: src/app/startApp.ts with no options. */
import './productionMode';
import { startApp } from '../src/app/startApp';

await startApp();
