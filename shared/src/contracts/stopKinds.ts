/** What kind of place a stop is: in its own module, so place search's contracts load no plan fields. */
export const STOP_KINDS = ['sight', 'food', 'nature', 'fuel', 'shopping', 'lodging', 'other'] as const;
export type StopKind = (typeof STOP_KINDS)[number];
