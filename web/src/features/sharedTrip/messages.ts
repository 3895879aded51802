/** Texts of the shared trip page, /share/:shareToken (docs/product.md#shared-trip). */
export const sharePageMessages = {
  loadingTitle: 'Loading Shared Trip...',
  loading: 'Loading shared trip',
  notFoundTitle: 'Trip Not Found',
  notFoundBody: 'This trip could not be loaded. It might have been made private or the link is incorrect.',
  description: (title: string) => `View the shared road trip: ${title}`,
  views: 'Shared trip view',
  storyView: 'Story View',
  mapView: 'Map View',
  backToTrip: 'Back to the trip',
} as const;
