/** Texts about a trip that several screens show: role names, the start badge, a place's category and add button, the generic failure. */
export const tripMessages = {
  roles: { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' },
  unknownError: 'An unknown error occurred.',
  startBadge: 'Start',
  addToTrip: 'Add to Trip',
  category: (category: string) => `Category: ${category}`,
} as const;
