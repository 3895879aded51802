/** `npm test`'s build step: builds the web app unless `npm start` (or an earlier run) already built these sources. */
import { ensureWebBuilt } from './buildWeb.ts';

ensureWebBuilt();
