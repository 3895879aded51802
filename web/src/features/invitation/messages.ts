/** Texts of the invitation page, /invitation/:token (docs/product.md#invitation). */
export const invitationPageMessages = {
  documentTitle: 'Invitation · Caravan',
  loading: 'Loading invitation',
  title: "You're Invited!",
  invitedYou: (name: string) => `${name} has invited you to join`,
  asRole: (role: string) => `as ${role === 'editor' ? 'an editor' : 'a viewer'}.`,
  accept: 'Accept Invitation',
  accepting: 'Accepting...',
  decline: 'Decline',
  accepted: 'Invitation accepted! Welcome to the trip.',
  acceptFailed: (message: string) => `Failed to accept invitation: ${message}`,
  unknownError: 'An unknown error occurred.',
  declined: 'Invitation declined.',
  errorTitle: 'Invitation Error',
  errorFallback: 'Could not load invitation details.',
  errorHint: 'The invitation may have expired, already been used, or be invalid.',
  goToTrips: 'Go to My Trips',
} as const;
