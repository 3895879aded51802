/** TEMPORARY until the routing provider's LegRouter lands: the embedded estimate as a keeper router. */
import { greatCircleEstimate } from '../providers/routing/greatCircle.ts';
import type { KeeperRouter } from './legKeeper.ts';

export const estimateRouter: KeeperRouter = {
  provider: 'great-circle',
  cached: async (pairs) => pairs.map(({ from, to }) => ({ ...greatCircleEstimate(from, to), geometry: null })),
  route: async ({ from, to }) => ({ ...greatCircleEstimate(from, to), geometry: null, fellBack: false }),
};
