/** The save indicator's texts; whether edits are saved is worked out by the shared `SettledState`. */
import type { SaveState } from '@caravan/shared';

export type { SaveState };

/** Texts for the save indicator, until they move to the shared messages. */
export const SAVE_STATUS_TEXT = {
  saving: 'Saving…',
  saved: 'Saved',
  offline: 'Offline — changes kept on this device',
} as const satisfies Record<SaveState, string>;
