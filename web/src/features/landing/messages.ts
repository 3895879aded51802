/** Texts of the landing page (docs/product.md#landing). */
export const landingMessages = {
  headline: 'Plan road trips together',
  lead: 'Map every stop, keep a journal with photos, and plan the route with your whole crew, live.',
  cta: 'Plan Your Next Adventure',
  /** What a signed-in visitor finds first. */
  yourTrips: {
    loading: 'Loading your trips',
    welcome: (name: string) => `Welcome back, ${name}`,
    firstWelcome: (name: string) => `Welcome, ${name}`,
    heading: 'Your latest trips',
    noDates: 'No dates yet',
    stops: (count: number) => `${count} ${count === 1 ? 'stop' : 'stops'}`,
    myTrips: 'Go to My Trips',
    allTrips: (count: number) => `See all ${count} trips`,
    firstTrip: 'Plan your first trip',
    firstTripBody: 'Pick where it starts, add the stops you dream of, and invite your crew to plan it with you.',
  },
  features: [
    { title: 'Unlimited Waypoints', body: 'Add as many stops as the road allows and reorder them by dragging.' },
    { title: 'Interactive Map', body: 'See your route, search places nearby and fit the map to your stops.' },
    { title: 'Trip Journaling', body: 'Write about every stop and keep the photos that go with it.' },
    { title: 'Collaborative Planning', body: 'Invite friends, suggest stops, comment and follow the activity.' },
  ],
} as const;
