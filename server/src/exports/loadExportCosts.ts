/** The costs page's model: the trip's costs overview with the members' names. */
import { costsOverviewQuery, memberNames } from '../queries/costsQuery.ts';
import type { AppDeps } from '../types.ts';
import { exportCostsOf, type ExportCosts } from './exportCosts.ts';

export async function loadExportCosts({ dataSource, tripDocs }: Pick<AppDeps, 'dataSource' | 'tripDocs'>, tripId: string): Promise<ExportCosts | null> {
  const [overview, nameOf] = await Promise.all([costsOverviewQuery(tripDocs, tripId), memberNames(dataSource, tripId)]);
  return exportCostsOf(overview, nameOf);
}
