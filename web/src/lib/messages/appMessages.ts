/**
 * Texts of the app around its pages: product name, main navigation, the fallbacks when a call
 * fails without a message, relative times.
 */
export const appMessages = {
  productName: 'Caravan',
  nav: { myTrips: 'My Trips', admin: 'Admin', account: 'Account', logOut: 'Log out', logIn: 'Log in' },
  fallbacks: {
    login: 'Login failed',
    registration: 'Registration failed',
    unknown: 'An unknown error occurred',
    http: (status: number) => `HTTP error! status: ${status}`,
    resetPassword: 'Failed to reset password.',
  },
  unknownTime: 'Unknown time',
  justNow: 'just now',
} as const;
