/** Stops down the California coast from the trips' start in San Francisco, as a geocoder would give them. */
export const COAST_STOPS = [
  { name: 'Monterey', address: 'Monterey, Monterey County, California, United States', latitude: 36.6002, longitude: -121.8947 },
  { name: 'Big Sur', address: 'Big Sur, California 93920, United States', latitude: 36.2704, longitude: -121.8081 },
  { name: 'Los Angeles', address: 'Los Angeles, California, United States', latitude: 34.0522, longitude: -118.2437 },
];
