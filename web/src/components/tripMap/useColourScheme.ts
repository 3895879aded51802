/**
 * The theme the page is drawn in, as the map needs it: the app's colours follow the system's light or dark
 * preference (web/src/theme.css), so the base map does too, and changes with it while the page is open.
 */
import { useSyncExternalStore } from 'react';

export type ColourScheme = 'light' | 'dark';

const DARK = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DARK);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const current = (): ColourScheme => (window.matchMedia(DARK).matches ? 'dark' : 'light');

export function useColourScheme(): ColourScheme {
  return useSyncExternalStore(subscribe, current, () => 'light');
}
