/** Texts of the login page and of a refused role (docs/product.md#log-in). */

/** The login page. */
export const loginMessages = {
  title: 'Login',
  logInTab: 'Log In',
  createAccountTab: 'Create Account',
  continueWithGoogle: 'Continue with Google',
  googleNotConfigured: 'Sign-in with Google is not configured',
  or: 'OR',
  passwordHint: 'Use uppercase, lowercase and a number.',
  forgotPassword: 'Forgot password?',
  displayNameHint: 'Spaces, emojis and special characters are allowed.',
  loginFailed: 'Login failed. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
  emailAlreadyRegistered: 'This email is already registered. Please try logging in instead.',
  invalidDisplayName: "Please provide a valid display name that isn't empty.",
  checkDisplayName: (message: string) => `Please check your display name: ${message}`,
  popupBlocked: 'Failed to open authentication window. Please check if popup blockers are disabled and try again.',
  sessionFailed: 'Failed to complete authentication. Please try again.',
  unexpectedOAuth: 'An unexpected error occurred during authentication. Please try again.',
  oauthFailed: 'Authentication failed. Please try again.',
  accountExistsTitle: 'Account Already Exists',
  gotIt: 'Got it',
  signInWithPasskey: 'Sign in with a passkey',
  waitingForPasskey: 'Waiting for your passkey...',
  passkeyCancelled: 'The passkey dialog was closed or timed out. Please try again.',
  secondFactorTitle: 'Two-factor verification',
  codeIntro: 'Open your authenticator app and enter the 6-digit code it shows for Caravan.',
  backupIntro: 'Enter one of the backup codes you saved when you turned on two-factor codes. Each works once.',
  passkeyOnlyIntro: 'Your administrator requires a second factor: confirm with your passkey.',
  passkeyInsteadIntro: 'Or confirm with your passkey instead.',
  codeLabel: 'Code from your app',
  backupCodeLabel: 'Backup code',
  useBackupCode: 'Use a backup code instead',
  useAppCode: 'Use a code from your app instead',
  verify: 'Verify',
  verifying: 'Checking...',
  backToLogIn: 'Back to Log In',
} as const;

/** A signed-in user whose role may not open a page. */
export const accessMessages = {
  denied: (role: string) => `Access denied. Your role (${role}) lacks required permissions.`,
} as const;
