/** Business constants: the limits and timings docs/product.md describes. */
export const PASSWORD_MIN_LENGTH = 8;
/** A password reset link works once, for an hour. */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
/** A reset token is 32 random bytes in base64url (43 characters); anything much longer is not one. */
export const PASSWORD_RESET_TOKEN_MAX_LENGTH = 100;
/** Reset requests per rolling hour: per address as typed, and per client address whatever the account. */
export const PASSWORD_RESET_REQUESTS_PER_ACCOUNT = 3;
export const PASSWORD_RESET_REQUESTS_PER_ADDRESS = 20;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 100;
export const TRIP_TITLE_MAX_LENGTH = 200;
export const TRIP_DESCRIPTION_MAX_LENGTH = 2000;

export const OAUTH_POPUP_WIDTH = 500;
export const OAUTH_POPUP_HEIGHT = 600;
export const OAUTH_POPUP_POLL_MS = 1000;
export const OAUTH_POPUP_TIMEOUT_MS = 300_000;
export const LOGIN_REDIRECT_DELAY_MS = 200;

export const ADDRESS_TYPEAHEAD_MIN_CHARS = 3;
export const LOCATION_SEARCH_MAX_RESULTS = 10;
/** Points a location search may be biased towards: enough to sample a long trip's stops evenly. */
export const LOCATION_SEARCH_MAX_NEAR_POINTS = 100;

export const QUERY_STALE_MS = 60_000;
export const ADMIN_USERS_SKELETON_ROWS = 5;
export const TRIP_LIST_SKELETON_CARDS = 3;

export const TOAST_DURATION_MS = 4000;
export const TOAST_LIMIT = 3;

export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const GEOLOCATION_MAX_AGE_MS = 300_000;

export const SESSION_IDLE_TIMEOUT_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_TIMEOUT_MS = 60 * 24 * 60 * 60 * 1000;
export const OAUTH_CREDENTIAL_TTL_MS = 5 * 60 * 1000;

/** The password sign-in throttle; server/src/auth/loginThrottle.ts explains how these fit together. */
export const LOGIN_FAILURE_WINDOW_SECONDS = 60 * 60;
export const LOGIN_FREE_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
export const LOGIN_FREE_FAILURES_PER_ADDRESS = 50;
export const LOGIN_FIRST_DELAY_SECONDS = 2;
export const LOGIN_MAX_DELAY_SECONDS = 15 * 60;
export const LOGIN_FREE_FAILURES_PER_ACCOUNT_FROM_NEW_DEVICES = 10;
export const LOGIN_FAILURES_PER_DEVICE = 10;

/** Place and point-of-interest search. */
export const POI_SEARCH_RADIUS_OPTIONS_KM = [10, 25, 50, 100] as const;
export const POI_SEARCH_DEFAULT_RADIUS_KM = 50;
export const POI_SEARCH_MAX_RESULTS = 50;

/** Journal previews: stop card, journal editor, timeline before 'Show more'. */
export const JOURNAL_PREVIEW_CARD_CHARS = 120;
export const JOURNAL_PREVIEW_EDITOR_CHARS = 150;
export const JOURNAL_PREVIEW_TIMELINE_CHARS = 300;

/* The road: a planned arrival's time of day, and the daily driving limit. */
export const DEFAULT_ARRIVAL_TIME = '17:00';
export const DEFAULT_DAILY_DRIVE_LIMIT_MINUTES = 8 * 60;
