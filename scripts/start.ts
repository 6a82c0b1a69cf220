/** `npm start`: scripts/startApp.ts with no options. */
import './productionMode';
import { startApp } from './startApp';

await startApp();
