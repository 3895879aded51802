import { describe, expect, it } from 'vitest';
import type { TClientConfigResponse } from '@caravan/shared';
import { mapCredits } from './providerCredits.ts';

const config = (providers: TClientConfigResponse['providers']): TClientConfigResponse => ({
  mapStyleUrl: null,
  mapStyleUrlDark: null,
  mapboxToken: null,
  providers,
  attribution: [],
});

describe('the map credits of the providers answering', () => {
  it('credits OSRM and Overpass with OpenStreetMap while they answer, and nothing for the offline ones', () => {
    expect(mapCredits(config({ locations: 'photon', roads: 'osrm', pois: 'overpass', exchangeRates: 'ecb' }))).toBe(
      'Routes by OSRM · Places by the Overpass API · © OpenStreetMap contributors',
    );
    expect(mapCredits(config({ locations: 'photon', roads: 'osrm', pois: 'offline', exchangeRates: 'none' }))).toBe('Routes by OSRM · © OpenStreetMap contributors');
    expect(mapCredits(config({ locations: 'offline', roads: 'estimate', pois: 'offline', exchangeRates: 'none' }))).toBeUndefined();
    expect(mapCredits(undefined)).toBeUndefined();
  });
});
