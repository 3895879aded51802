/** Texts of My Trips and its Create New Trip dialog (docs/product.md#my-trips). */

/** The My Trips page and its trip cards. */
export const myTripsMessages = {
  heading: 'My Trips',
  createNew: 'Create New Trip',
  createFirst: 'Create Your First Trip',
  emptyTitle: 'No trips yet',
  emptyBody: 'Plan your first road trip: pick a starting point and add stops as you go.',
  errorLoading: 'Error loading trips',
  stops: (count: number) => `${count} ${count === 1 ? 'stop' : 'stops'}`,
  created: (date: string) => `Created ${date}`,
  today: 'Today',
  todayLabel: (title: string) => `Today on ${title}: the trip is under way`,
  dates: (dates: string) => `Trip dates: ${dates}`,
  deleteLabel: (title: string) => `Delete trip: ${title}`,
  deleteTitle: 'Delete Trip',
  deleteConfirm:
    'Are you sure you want to delete the trip? This action cannot be undone and will remove all stops and data associated with this trip.',
  delete: 'Delete',
  cancel: 'Cancel',
  deleted: 'Trip deleted',
  deleteFailed: 'Failed to delete trip',
  backToMyTrips: 'Back to My Trips',
  routeThumbnail: (title: string, located: number) =>
    located === 0 ? `${title}: no stop has a location yet` : `Route of ${title}: ${located} ${located === 1 ? 'place' : 'places'}`,
  noRoute: 'No locations yet',
  sharedBy: (name: string, role: string) => `Shared by ${name} · ${role}`,
  roles: { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' },
} as const;

/** The Create New Trip dialog. */
export const createTripMessages = {
  title: 'Create New Trip',
  description: 'Name your trip and choose where it starts.',
  tripTitle: 'Trip Title',
  startName: 'Starting Location',
  startAddress: 'Starting Address',
  tripDescription: 'Description (optional)',
  cancel: 'Cancel',
  submit: 'Create Trip',
  creating: 'Creating…',
  created: 'Trip created',
  failed: 'Failed to create trip',
  finding: 'Finding the start…',
  notFoundHelp: 'Pick a suggestion, type coordinates (such as 45.52, -122.68), or create the trip with a start that is not on the map yet: you can set its location on the trip page.',
  createWithoutPosition: 'Create without a position',
} as const;
