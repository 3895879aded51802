/** Texts of the landing page (docs/product.md#landing). */
export const landingMessages = {
  headline: 'Plan road trips together',
  lead: 'Map every stop, keep a journal with photos, and plan the route with your whole crew, live.',
  cta: 'Plan Your Next Adventure',
  features: [
    { title: 'Unlimited Waypoints', body: 'Add as many stops as the road allows and reorder them by dragging.' },
    { title: 'Interactive Map', body: 'See your route, search places nearby and fit the map to your stops.' },
    { title: 'Trip Journaling', body: 'Write about every stop and keep the photos that go with it.' },
    { title: 'Collaborative Planning', body: 'Invite friends, suggest stops, comment and follow the activity.' },
  ],
} as const;
