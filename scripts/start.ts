/** `npm start`: scripts/startApp.ts with no options. */
import { startApp } from './startApp';

await startApp();
