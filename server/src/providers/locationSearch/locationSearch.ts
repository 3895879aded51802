/** Location search (the address type-ahead): an offline gazetteer by default, a geocoder when configured. */
import type { TLocationResult } from '@caravan/shared';

export interface LocationSearch {
  readonly source: string;
  search(query: string): Promise<TLocationResult[]>;
}
