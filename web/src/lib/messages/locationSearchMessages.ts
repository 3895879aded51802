/** Texts of the address type-ahead (docs/product.md#create-a-trip) and of a stop form's look-up of its typed place. */
export const locationSearchMessages = {
  startAddressPlaceholder: 'Search for an address or city',
  noLocations: 'No locations found. You can still enter the address manually.',
  searching: 'Searching…',
  needsConnection: 'Search needs a connection. Type the address, or try again when back online.',
  attribution: 'Places from GeoNames: towns and postal codes (CC-BY 4.0)',
  /** Beside a result the server's offline list answered (PROVIDERS=offline, or the geocoder did not answer). */
  offlineList: 'offline list',
  /** The option offered for text that is a position. */
  typedPosition: 'Coordinates',
  positionText: ({ latitude, longitude }: { latitude: number; longitude: number }) => `${latitude}, ${longitude}`,
  findingPlace: (query: string) => `Finding "${query}"…`,
  placedAt: (name: string, address: string) => `${name} is on the map at ${address}.`,
  notFound: (query: string) => `No place found for "${query}".`,
  notFoundOffline: (query: string) => `"${query}" could not be looked up: searching needs a connection.`,
  findFailed: 'Failed to look up the address. Please try again.',
  placeOnMap: 'Place on map',
} as const;
