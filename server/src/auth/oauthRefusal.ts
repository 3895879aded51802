/** Why a sign-in the provider accepted is still refused here: the resolver decides it, the popup page shows it. */
export type OAuthRefusalCode = 'account_disabled' | 'account_linking_required' | 'email_not_verified';
