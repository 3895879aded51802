/**
 * Texts of the app around its pages: product name, main navigation, the fallbacks when a call
 * fails without a message, the administrator's second-factor notice, relative times.
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
  secondFactorDue: (date: string) =>
    `Your administrator requires a second factor for every account. Add a passkey or turn on two-factor codes on your Account page by ${date}.`,
  secondFactorOverdue: 'Your administrator requires a second factor. Add a passkey or turn on two-factor codes below to use Caravan again.',
  setUpNow: 'Set one up',
  unknownTime: 'Unknown time',
  justNow: 'just now',
} as const;
