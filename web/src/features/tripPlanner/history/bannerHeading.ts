/** Marks a browsed version's banner heading, where the history dialog sends focus when it closes to show that version. */
export const VERSION_BANNER_HEADING = 'data-version-banner-heading';
